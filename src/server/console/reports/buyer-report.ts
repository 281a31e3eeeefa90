import { sql } from "drizzle-orm";
import type {
  BuyerReport,
  BuyerReportFigures,
  BuyerReportPeriod,
} from "../../../domain/contracts/console-partner-reports.ts";
import type { PartnerReportQuery } from "../../../domain/contracts/console-reports.ts";
import type { BuyerState } from "../../../domain/buyers/buyer-state.ts";
import type { Db } from "../../platform/db/database.ts";
import { NO_ANSWER } from "../../distribution/auction/buyer-http.ts";
import { capsOf } from "../buyers/buyer-figures.ts";
import { standing } from "../buyers/buyer-standing.ts";
import type { ConsoleBuyer } from "../buyers/buyer-store.ts";
import { callOfLiveLead } from "../lead-scope/lead-scope.ts";
import {
  boundsOfDays,
  periodBounds,
  previousDays,
  reportTransaction,
  rowsOf,
  type PeriodBounds,
} from "./report-period.ts";

// The buyer report over any period (docs/decisions/0047-report-periods-and-profit.md, "The buyer and publisher
// reports"): each buyer's calls of the period from buyer_calls (its created-at index bounds the read), its returns
// from the ledger (its time index), and its state now as the buyers list shows it.

type Num = number | string | null;
type CallRow = Record<
  "buyer_id" | "pings" | "bids" | "posts" | "accepts" | "rejects" | "errors" | "timeouts" | "bid_sum" | "sales",
  Num
> & { p50: Num; p90: Num };

const NO_ANSWERS = Object.values(NO_ANSWER).flatMap((reason) => [reason, `shadow: ${reason}`]);
const TIMEOUTS = [NO_ANSWER.timeout, `shadow: ${NO_ANSWER.timeout}`];
const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
const isTimeout = sql`state in ('error', 'rejected') and reason in (${list(TIMEOUTS)})`;
// A post the buyer refused with an answer is a reject; one that got none (a timeout, a failed connection, a refused
// address) is a failure, as buyer-figures.ts reads them.
const isFailure = sql`(state in ('error', 'unreadable') or (state = 'rejected' and reason in (${list(NO_ANSWERS)})))`;

/** The calls' figures per buyer, and (buyer_id null) over every buyer, for the totals row's percentiles. */
function callsOf(tx: Db, from: string, to: string) {
  return rowsOf<CallRow>(
    tx,
    sql`select buyer_id,
      count(*) filter (where kind = 'ping') as pings,
      count(*) filter (where kind = 'ping' and state in ('bid', 'shadow_bid')) as bids,
      count(*) filter (where kind = 'post') as posts,
      count(*) filter (where kind = 'post' and state = 'accepted') as accepts,
      count(*) filter (where kind = 'post' and state = 'rejected' and not (${isFailure})) as rejects,
      count(*) filter (where ${isFailure} and not (${isTimeout})) as errors,
      count(*) filter (where ${isTimeout}) as timeouts,
      sum(price_cents) filter (where kind = 'ping' and state in ('bid', 'shadow_bid')) as bid_sum,
      coalesce(sum(price_cents) filter (where kind = 'post' and state = 'accepted'), 0) as sales,
      percentile_cont(0.5) within group (order by latency_ms) as p50,
      percentile_cont(0.9) within group (order by latency_ms) as p90
    from buyer_calls
    where created_at >= ${from}::timestamptz and created_at < ${to}::timestamptz and ${callOfLiveLead(sql`lead_id`)}
    group by grouping sets ((buyer_id), ())`,
  );
}

/** Returns granted in the period per buyer: their count and what they took back (a positive amount). */
function returnsOf(tx: Db, from: string, to: string) {
  return rowsOf<{ buyer_id: string; returns: Num; returned: Num }>(
    tx,
    sql`select buyer_id, count(*) as returns, coalesce(-sum(amount_cents), 0) as returned
    from ledger_entries
    where kind = 'returned' and at >= ${from}::timestamptz and at < ${to}::timestamptz and buyer_id is not null
    group by buyer_id`,
  );
}

const n = (v: Num | undefined) => Number(v ?? 0);
const per = (a: number, b: number) => (b > 0 ? a / b : null);
const rounded = (v: Num | undefined) => (v === null || v === undefined ? null : Math.round(Number(v)));

function figuresOf(calls: CallRow | undefined, returns: number, returned: number): BuyerReportFigures {
  const sales = n(calls?.sales);
  const accepts = n(calls?.accepts);
  const bids = n(calls?.bids);
  return {
    pings: n(calls?.pings),
    bids,
    posts: n(calls?.posts),
    accepts,
    rejects: n(calls?.rejects),
    errors: n(calls?.errors),
    timeouts: n(calls?.timeouts),
    average_bid_cents: per(n(calls?.bid_sum), bids),
    sales_cents: sales,
    returned_cents: returned,
    revenue_cents: sales - returned,
    returns,
    revenue_per_sold_cents: per(sales - returned, accepts),
    return_rate: per(returns, accepts),
    p50_ms: rounded(calls?.p50),
    p90_ms: rounded(calls?.p90),
  };
}

type Known = { name: string; state: BuyerState };

/** Each buyer's name and state now, read once for both periods. */
async function knownBuyers(db: Db, buyers: Map<string, ConsoleBuyer>, now: Date): Promise<Map<string, Known>> {
  const known = new Map<string, Known>();
  for (const [id, b] of buyers) {
    known.set(id, { name: b.config.name, state: standing(b, await capsOf(db, b.config, now), now).state });
  }
  return known;
}

async function periodOf(db: Db, buyers: Map<string, Known>, bounds: PeriodBounds) {
  const from = bounds.from.toISOString();
  const to = bounds.to.toISOString();
  const [calls, returns] = await reportTransaction(db, (tx) =>
    Promise.all([callsOf(tx, from, to), returnsOf(tx, from, to)]),
  );
  const byBuyer = new Map(calls.filter((r) => r.buyer_id !== null).map((r) => [String(r.buyer_id), r]));
  const returnsBy = new Map(returns.map((r) => [r.buyer_id, r]));
  const ids = new Set([...buyers.keys(), ...byBuyer.keys(), ...returnsBy.keys()]);
  const rows: BuyerReportPeriod["buyers"] = [];
  for (const id of [...ids].sort()) {
    const buyer = buyers.get(id);
    // A buyer since removed from the file still has its calls; it is shown paused, as nothing is sent to it.
    const r = returnsBy.get(id);
    rows.push({
      buyer_id: id,
      name: buyer?.name ?? id,
      state: buyer?.state ?? "paused",
      figures: figuresOf(byBuyer.get(id), n(r?.returns), n(r?.returned)),
    });
  }
  const sum = (pick: (r: (typeof rows)[number]["figures"]) => number) => rows.reduce((s, r) => s + pick(r.figures), 0);
  const all = calls.find((r) => r.buyer_id === null);
  return {
    bounds: { from, to, tz: bounds.tz, first_day: bounds.days[0]!, last_day: bounds.days.at(-1)! },
    buyers: rows,
    totals: figuresOf(
      all,
      sum((f) => f.returns),
      sum((f) => f.returned_cents),
    ),
  };
}

/** The report of the period asked, and of the one before it with `compare=previous`. */
export async function buyerReport(
  db: Db,
  buyers: Map<string, ConsoleBuyer>,
  query: PartnerReportQuery,
  now: Date,
): Promise<BuyerReport> {
  const { name, ...bounds } = await periodBounds(db, query, now);
  const known = await knownBuyers(db, buyers, now);
  const current = await periodOf(db, known, bounds);
  if (query.compare !== "previous") return { period: name, ...current, previous: null };
  const before = previousDays(bounds.days[0]!, bounds.days.at(-1)!);
  const earlier = await boundsOfDays(db, before.first, before.last, query.tz, now);
  return { period: name, ...current, previous: await periodOf(db, known, earlier) };
}
