import type { PublisherSettings } from "./publisher.ts";

// A payout as people type it, and as it is stored (docs/product/partners.md#payouts): a fixed payout in dollars
// ($7.50), a share in percent (12.5%); the settings, the API and the ledger keep cents and basis points. Whole
// numbers of cents and basis points are read from the digits themselves, never through a float (0.29 * 100 is
// 28.999…).

export const PAYOUT_DOLLARS_MESSAGE = "Enter dollars and cents, e.g. $7.50.";
export const PAYOUT_PERCENT_MESSAGE = "Enter a percentage with at most two decimals, e.g. 12.5%.";
export const PAYOUT_SHARE_TOO_LARGE = "A share is at most 100%.";

/** Commas only as thousands separators: "7,50" is refused, not read as $750. */
const DOLLARS = /^\$?(\d{1,3}(?:,\d{3})+|\d{1,7})(?:\.(\d{1,2}))?$/;
const PERCENT = /^(\d{1,3})(?:\.(\d{1,2}))?%?$/;

/** Hundredths of the number `whole.fraction` (at most two decimals). */
const hundredths = (whole: string, fraction = "") =>
  Number(whole.replaceAll(",", "")) * 100 + Number(fraction.padEnd(2, "0"));

/** "$7.50", "7.5", "1,200" → cents; anything else → undefined. */
function centsOfDollars(text: string): number | undefined {
  const match = DOLLARS.exec(text.replace(/\s/g, ""));
  return match ? hundredths(match[1]!, match[2]) : undefined;
}

/** "12.5%", "12.5", "100" → basis points; anything else → undefined (more than 100% is payoutAmountOf's to refuse). */
function basisPointsOfPercent(text: string): number | undefined {
  const match = PERCENT.exec(text.replace(/\s/g, ""));
  return match ? hundredths(match[1]!, match[2]) : undefined;
}

/** 750 → "7.50". */
export const dollarsOfCents = (cents: number) => (cents / 100).toFixed(2);
/** 1250 → "12.5", 2500 → "25". */
export const percentOfBasisPoints = (basisPoints: number) => String(basisPoints / 100);

type Kind = PublisherSettings["payout_kind"];

/** The payout typed for `kind`, stored as the settings keep it, or the message that says what to type. */
export function payoutAmountOf(kind: Kind, text: string): { amount: number } | { message: string } {
  if (kind !== "revenue_share") {
    const cents = centsOfDollars(text);
    return cents === undefined ? { message: PAYOUT_DOLLARS_MESSAGE } : { amount: cents };
  }
  const basisPoints = basisPointsOfPercent(text);
  if (basisPoints === undefined) return { message: PAYOUT_PERCENT_MESSAGE };
  return basisPoints > 10_000 ? { message: PAYOUT_SHARE_TOO_LARGE } : { amount: basisPoints };
}

/** An amount in dollars that may be left empty (a publisher's posted terms): cents, null for none, or what to type. */
export function optionalCentsOf(text: string): { amount: number | null } | { message: string } {
  if (text.trim() === "") return { amount: null };
  const cents = centsOfDollars(text);
  return cents === undefined ? { message: PAYOUT_DOLLARS_MESSAGE } : { amount: cents };
}

/** A stored payout as the form shows it: dollars for a fixed payout, percent for a share. */
export const payoutTextOf = (kind: Kind, amount: number) =>
  kind === "revenue_share" ? percentOfBasisPoints(amount) : dollarsOfCents(amount);
