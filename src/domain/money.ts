// Cents as people read them, in the product's messages and mails: "$1,234.50", "-$5.00".
const USD = new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" });

export const formatCents = (cents: number): string => USD.format(cents / 100);
