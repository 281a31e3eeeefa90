import type { BuyerSummary } from "../../../domain/contracts/console-buyers.ts";
import type { Db } from "../../platform/db/database.ts";
import type { Buyer } from "../../distribution/auction/buyer-config.ts";
import { capUse, capUses } from "../../distribution/auction/auction-store.ts";
import { buyerSums } from "../reports/buyer-rollup.ts";
import { percentileOf } from "../reports/latency-bins.ts";
import { reportTransaction } from "../reports/report-period.ts";

// Each buyer's figures since a moment (the start of the operator's day), read as the buyer report reads its period
// (reports/buyer-rollup.ts) for live leads (test leads count nowhere, lead-scope.ts): pings, bids (a shadow buyer's
// too), posts, sales and their revenue, the share of its ended posts it accepted, the response time of its pings and
// posts, and its calls that got no answer. Caps are counted as the auction counts them (capUse, capUses).

export type Figures = BuyerSummary["today"];

const NONE: Figures = {
  pings: 0,
  bids: 0,
  posts: 0,
  sold: 0,
  revenue_cents: 0,
  post_acceptance: null,
  p50_ms: null,
  p90_ms: null,
  timeouts: 0,
  connection_failures: 0,
};

const orNull = (v: number | null) => (v === null ? null : Math.round(v));

/** Each buyer's figures since `since`, in one snapshot: the buyer rollup before its mark, the raw calls after it. */
export async function figuresSince(db: Db, since: Date): Promise<Map<string, Figures>> {
  const sums = await reportTransaction(db, (tx) => buyerSums(tx, since, null), true);
  const figures = new Map<string, Figures>();
  for (const [id, s] of sums) {
    if (s.calls === 0) continue;
    figures.set(id, {
      pings: s.pings,
      bids: s.bids,
      posts: s.posts,
      sold: s.accepts,
      revenue_cents: s.sales,
      post_acceptance: s.settled > 0 ? s.accepts / s.settled : null,
      p50_ms: orNull(percentileOf(s.latency, 0.5)),
      p90_ms: orNull(percentileOf(s.latency, 0.9)),
      timeouts: s.timeouts,
      connection_failures: s.failures,
    });
  }
  return figures;
}

export const noFigures = (): Figures => ({ ...NONE });

type CapUse = { hour: number; day: number; month: number };

/** The caps a buyer has, each with what it has used (`used`) in its own current hour, day and month. */
function capsWith(buyer: Buyer, used: CapUse): BuyerSummary["caps"] {
  const { hourly, daily, monthly } = buyer.caps;
  return {
    ...(hourly !== undefined ? { hourly: { used: used.hour, cap: hourly } } : {}),
    ...(daily !== undefined ? { daily: { used: used.day, cap: daily } } : {}),
    ...(monthly !== undefined ? { monthly: { used: used.month, cap: monthly } } : {}),
  };
}

const hasCaps = (buyer: Buyer) =>
  buyer.caps.hourly !== undefined || buyer.caps.daily !== undefined || buyer.caps.monthly !== undefined;

/** The caps a buyer has, each with what it has used in its own current hour, day and month. */
export async function capsOf(db: Db, buyer: Buyer, now: Date): Promise<BuyerSummary["caps"]> {
  if (!hasCaps(buyer)) return {};
  return capsWith(buyer, await capUse(db, buyer, now));
}

/** capsOf of many buyers, their use counted in one statement (capUses). */
export async function capsOfAll(db: Db, buyers: Buyer[], now: Date): Promise<Map<string, BuyerSummary["caps"]>> {
  const capped = buyers.filter(hasCaps);
  const used = await capUses(db, capped, now);
  return new Map(
    buyers.map((b) => [b.id, hasCaps(b) ? capsWith(b, used.get(b.id) ?? { hour: 0, day: 0, month: 0 }) : {}]),
  );
}
