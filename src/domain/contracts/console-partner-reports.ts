import { z } from "zod";
import { BUYER_STATES } from "../buyers/buyer-state.ts";
import { comparedAnswerOf } from "./console-reports.ts";

// The buyer and publisher reports over any period (issue 32), GET /api/console/reports/buyers and /publishers,
// permission reports:read, with the partner report query (console-reports.ts, partnerReportQuery). Figures only.
// Definitions: docs/decisions/0047-report-periods-and-profit.md, "The buyer and publisher reports".

const count = z.number().int().nonnegative();
const cents = z.number().int();
/** A ratio or an amount per item; null when its denominator is 0. */
const ratio = z.number().nullable();
const bounds = z.object({
  from: z.string(),
  to: z.string(),
  tz: z.string(),
  first_day: z.string(),
  last_day: z.string(),
});

/**
 * A buyer's calls of the period (live leads only): pings; bids (priced pings, a shadow buyer's too); posts; accepts
 * and rejects (posts the buyer took or refused with an answer); timeouts (any call); errors (any other call that
 * failed: a failed connection, a refused address, an HTTP error, an unreadable answer). Money: sales (accepted posts'
 * prices), returned (the ledger's returns granted in the period, as a positive amount) and revenue (sales less
 * returned); returns (their count).
 */
const buyerFigures = z.object({
  pings: count,
  bids: count,
  posts: count,
  accepts: count,
  rejects: count,
  errors: count,
  timeouts: count,
  /** Bids' mean price in cents. */
  average_bid_cents: ratio,
  sales_cents: count,
  returned_cents: count,
  revenue_cents: cents,
  returns: count,
  /** revenue ÷ accepts. */
  revenue_per_sold_cents: ratio,
  /** returns ÷ accepts. */
  return_rate: ratio,
  /** Response time of its calls (percentile_cont over latency_ms); null with no timed call. */
  p50_ms: ratio,
  p90_ms: ratio,
});
export type BuyerReportFigures = z.infer<typeof buyerFigures>;

const buyerPeriod = z.object({
  bounds,
  buyers: z.array(
    z.object({
      buyer_id: z.string(),
      name: z.string(),
      /** Its state now, as the buyers list shows it (src/domain/buyers/buyer-state.ts). */
      state: z.enum(BUYER_STATES),
      figures: buyerFigures,
    }),
  ),
  /** The sum of the rows; rates from those sums; p50/p90 over every buyer's calls together. */
  totals: buyerFigures,
});
export type BuyerReportPeriod = z.infer<typeof buyerPeriod>;

export const buyerReportAnswer = comparedAnswerOf(buyerPeriod);
export type BuyerReport = z.infer<typeof buyerReportAnswer>["data"];

/**
 * A publisher's figures over the period, crediting only leads whose application came after the publisher was made:
 * clicks, applications (completed submissions), sold, payouts (earned less reversed), revenue (its leads' sales less
 * returns, from the ledger, dated when written), profit (revenue less payouts), returns.
 */
const publisherFigures = z.object({
  clicks: count,
  applications: count,
  sold: count,
  payout_cents: cents,
  revenue_cents: cents,
  profit_cents: cents,
  returns: count,
  /** payouts ÷ clicks. */
  epc_cents: ratio,
  /** sold ÷ clicks. */
  conversion_rate: ratio,
  /** returns ÷ sold. */
  return_rate: ratio,
});
export type PublisherReportFigures = z.infer<typeof publisherFigures>;

const publisherPeriod = z.object({
  bounds,
  publishers: z.array(
    z.object({ publisher_id: z.string(), name: z.string(), aff_id: z.string(), figures: publisherFigures }),
  ),
  totals: publisherFigures,
});
export type PublisherReportPeriod = z.infer<typeof publisherPeriod>;

export const publisherReportAnswer = comparedAnswerOf(publisherPeriod);
export type PublisherReport = z.infer<typeof publisherReportAnswer>["data"];
