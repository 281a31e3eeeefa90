// Cents as people read them, in the product's messages and mails: "$1,234.50", "-$5.00".
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export const formatCents = (cents: number): string => USD.format(cents / 100);

/** Dollars to cents, rounded off float noise (10.1 * 100 is 1009.9999999999999). */
export const dollarsToCents = (dollars: number): number => Math.round(dollars * 100);
