// The console's date filters (dateOrTime in src/domain/contracts/console.ts): a day is a UTC day, a moment is itself.

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const DAY_MS = 86_400_000;

/** A day starts at its UTC midnight. */
export const startOf = (value: string) => new Date(DAY.test(value) ? `${value}T00:00:00Z` : value);

/** The open end of `to`: a day takes the whole day, a moment includes itself. */
export const endOf = (value: string) =>
  DAY.test(value) ? new Date(startOf(value).getTime() + DAY_MS) : new Date(new Date(value).getTime() + 1);
