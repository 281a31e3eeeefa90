import { sql } from "drizzle-orm";
import type { BuyerSummary } from "../../../domain/contracts/console-buyers.ts";
import type { Db } from "../../platform/db/database.ts";
import type { Buyer } from "../../distribution/auction/buyer-config.ts";
import { capUse } from "../../distribution/auction/auction-store.ts";
import { NO_ANSWER } from "../../distribution/auction/buyer-http.ts";
import { callOfLiveLead } from "../lead-scope/lead-scope.ts";

// Each buyer's figures since a moment (the start of the operator's day), read from buyer_calls (from its created-at
// index alone) for live leads (test leads count nowhere, lead-scope.ts): pings, bids
// (a shadow buyer's too), posts, sales and their revenue, the share of its ended posts it accepted, and the
// response time of its pings and posts. Caps are counted as the auction counts them (capUse).

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

type FigureRow = {
  buyer_id: string;
  pings: number | string;
  bids: number | string;
  posts: number | string;
  sold: number | string;
  settled: number | string;
  revenue: number | string;
  p50: number | string | null;
  p90: number | string | null;
};

const orNull = (v: number | string | null) => (v === null ? null : Math.round(Number(v)));

/** A reason as recorded for any buyer, or for a shadow one (docs/product/lender-network.md#shadow-mode). */
const reasonIs = (reason: string) => sql`reason in (${reason}, ${`shadow: ${reason}`})`;

/**
 * Each buyer's calls that got no answer since `since`: timeouts and failed connections. Apart from the figures, so
 * those stay read from the index alone; only the failed calls (a ping's state error, a post's rejected) are read
 * for their reason.
 */
async function noAnswersSince(db: Db, since: Date) {
  const result = await db.execute(sql`
    select buyer_id,
      count(*) filter (where ${reasonIs(NO_ANSWER.timeout)}) as timeouts,
      count(*) filter (where ${reasonIs(NO_ANSWER.connection)}) as failures
    from buyer_calls
    where created_at >= ${since.toISOString()} and state in ('error', 'rejected') and ${callOfLiveLead(sql`lead_id`)}
    group by buyer_id`);
  const rows = (
    result as unknown as { rows: { buyer_id: string; timeouts: string | number; failures: string | number }[] }
  ).rows;
  return new Map(rows.map((r) => [r.buyer_id, { timeouts: Number(r.timeouts), failures: Number(r.failures) }]));
}

export async function figuresSince(db: Db, since: Date): Promise<Map<string, Figures>> {
  const [result, missed] = await Promise.all([
    db.execute(sql`
    select buyer_id,
      count(*) filter (where kind = 'ping') as pings,
      count(*) filter (where kind = 'ping' and state in ('bid', 'shadow_bid')) as bids,
      count(*) filter (where kind = 'post') as posts,
      count(*) filter (where kind = 'post' and state = 'accepted') as sold,
      count(*) filter (where kind = 'post' and state in ('accepted', 'rejected', 'unreadable')) as settled,
      coalesce(sum(price_cents) filter (where kind = 'post' and state = 'accepted'), 0) as revenue,
      percentile_cont(0.5) within group (order by latency_ms) as p50,
      percentile_cont(0.9) within group (order by latency_ms) as p90
    from buyer_calls
    where created_at >= ${since.toISOString()} and ${callOfLiveLead(sql`lead_id`)}
    group by buyer_id`),
    noAnswersSince(db, since),
  ]);
  const rows = (result as unknown as { rows: FigureRow[] }).rows;
  return new Map(
    rows.map((r) => {
      const settled = Number(r.settled);
      const failed = missed.get(r.buyer_id);
      return [
        r.buyer_id,
        {
          pings: Number(r.pings),
          bids: Number(r.bids),
          posts: Number(r.posts),
          sold: Number(r.sold),
          revenue_cents: Number(r.revenue),
          post_acceptance: settled > 0 ? Number(r.sold) / settled : null,
          p50_ms: orNull(r.p50),
          p90_ms: orNull(r.p90),
          timeouts: failed?.timeouts ?? 0,
          connection_failures: failed?.failures ?? 0,
        },
      ];
    }),
  );
}

export const noFigures = (): Figures => ({ ...NONE });

/** The caps a buyer has, each with what it has used in its own current hour, day and month. */
export async function capsOf(db: Db, buyer: Buyer, now: Date): Promise<BuyerSummary["caps"]> {
  const { hourly, daily, monthly } = buyer.caps;
  if (hourly === undefined && daily === undefined && monthly === undefined) return {};
  const used = await capUse(db, buyer, now);
  return {
    ...(hourly !== undefined ? { hourly: { used: used.hour, cap: hourly } } : {}),
    ...(daily !== undefined ? { daily: { used: used.day, cap: daily } } : {}),
    ...(monthly !== undefined ? { monthly: { used: used.month, cap: monthly } } : {}),
  };
}
