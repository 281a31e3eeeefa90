import type { Buyer } from "../../distribution/auction/buyer-config.ts";

// A buyer's return terms (docs/product/partners.md#returns): its window and its monthly cap, pure arithmetic.

export type ReturnTerms = { window_days: number; cap_percent: number };

/** The terms when the buyer's configuration says nothing, or the buyer is no longer configured. */
export const DEFAULT_RETURN_TERMS: ReturnTerms = { window_days: 7, cap_percent: 10 };

export const termsOf = (buyer: Pick<Buyer, "returns"> | undefined): ReturnTerms =>
  buyer?.returns ?? DEFAULT_RETURN_TERMS;

const DAY_MS = 86_400_000;

/** The moment the window closes: the sale plus the window's days (a 0-day window takes no returns). */
export const windowEndOf = (soldAt: Date, terms: ReturnTerms) =>
  new Date(soldAt.getTime() + terms.window_days * DAY_MS);

/**
 * How many returns (pending and approved) the month allows: the cap's share of the leads bought that month, rounded
 * down, but at least one while the cap is above 0, so a buyer that bought few leads still returns a bad one.
 */
export function allowedReturns(boughtThisMonth: number, terms: ReturnTerms): number {
  if (terms.cap_percent === 0) return 0;
  return Math.max(1, Math.floor((boughtThisMonth * terms.cap_percent) / 100));
}

/** The UTC calendar month holding `at`: its first moment and the next month's. */
export function monthRange(at: Date): { start: Date; end: Date } {
  const start = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), 1));
  const end = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth() + 1, 1));
  return { start, end };
}
