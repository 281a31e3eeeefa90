/** An amount of cents as the lead screens show it: "$51.82"; null when there is none. */
export const dollars = (cents: number | null) => (cents === null ? null : `$${(cents / 100).toFixed(2)}`);
