// How long after an instant the ledger may still be given rows stamped before it: the settle pass stamps its rows with
// the time it began (docs/product/partners.md#the-ledger), so a pass running across midnight writes, after midnight,
// rows of the day before. What sums a period once for good (a month's statements, an invoice) waits this long after
// the period ends, so no such row lands in a period already closed.
export const LATE_ROWS_MS = 10 * 60 * 1000;
