import type { Db } from "../../platform/db/database.ts";
import type { Figures } from "../buyers/buyer-figures.ts";
import { buyerSums } from "./buyer-rollup.ts";
import { percentileOf } from "./latency-bins.ts";
import { reportTransaction } from "./report-period.ts";

// Each buyer's figures since a moment (the start of the operator's day), read as the buyer report reads its period
// (buyer-rollup.ts) for live leads (test leads count nowhere, lead-scope.ts): pings, bids (a shadow buyer's too),
// posts, sales and their revenue, the share of its ended posts it accepted, the response time of its pings and posts,
// and its calls that got no answer.

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
