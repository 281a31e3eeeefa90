import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { NO_ANSWER } from "../../distribution/auction/buyer-http.ts";
import { callOfLiveLead, inPeriod } from "../lead-scope/lead-scope.ts";
import { binOf, type LatencyCount } from "./latency-bins.ts";
import { buyerOf, moneyKinds, none, payoutOf, returnedOf } from "./money-terms.ts";
import { hashGrouped, rowsOf } from "./report-period.ts";
import {
  bucketOf,
  coveredTo,
  rebuildBlocks,
  rebuildSettled,
  REBUILD_SPAN_MS,
  splitAtMark,
  tiledBlocks,
} from "./rollup-buckets.ts";

// The buyers' rollup (docs/decisions/0047-report-periods-and-profit.md, "The buyer rollup"): per 15-minute UTC bucket
// and buyer, what the buyer report, the buyers list's figures of the day and Today's by-buyer table count, each by the
// time it counts by: calls by their creation, sold auctions by theirs, the ledger's returns and payouts by the time
// they were written; and a histogram of the calls' latency (latency-bins.ts) for p50 and p90. Rebuilt like the Today
// rollup (today-rollup.ts): whole buckets, delete and insert in one transaction under an advisory lock, exact as of its
// coverage mark ("buyers"). The histogram is a table of its own (buyer_latency_rollup), narrow, as a bucket holds about
// as many bins as calls. Readers (buyerSums) read the blocks before the mark and the raw rows after it.

const COVERAGE = "buyers";
/** Any fixed number: the advisory lock that keeps rebuilds of this rollup one at a time. */
const LOCK_KEY = 19_017;

/** What each reader adds up, per buyer. */
const SUMS = [
  "calls",
  "pings",
  "bids",
  "posts",
  "accepts",
  "rejects",
  "errors",
  "timeouts",
  "failures",
  "settled",
  "bid_sum",
  "sales",
  "sold",
  "sold_cents",
  "returns",
  "returned_cents",
  "money_rows",
  "money_returned_cents",
  "payout_cents",
] as const;
type Sum = (typeof SUMS)[number];

/**
 * Besides each bucket, aligned blocks of 2, 4, ... 4096 buckets (about 43 days): every reader needs only its period's
 * totals per buyer, so 90 days read a few dozen blocks.
 */
const WIDEST = 4096;
const COUNTS = { table: "buyer_rollup", widest: WIDEST, dims: ["buyer_id"], sums: [...SUMS] };
const LATENCY = { table: "buyer_latency_rollup", widest: WIDEST, dims: ["buyer_id", "bin"], sums: ["n"] };

const NO_ANSWERS = Object.values(NO_ANSWER).flatMap((reason) => [reason, `shadow: ${reason}`]);
const list = (values: string[]) =>
  sql.join(
    values.map((v) => sql`${v}`),
    sql`, `,
  );
/** A call that got no answer for `reason`, from any buyer or a shadow one (docs/product/lender-network.md#shadow-mode). */
const noAnswer = (reason: string) =>
  sql`state in ('error', 'rejected') and reason in (${list([reason, `shadow: ${reason}`])})`;
const isTimeout = noAnswer(NO_ANSWER.timeout);
// A post the buyer refused with an answer is a reject; one that got none (a timeout, a failed connection, a refused
// address) is a failure.
const isFailure = sql`(state in ('error', 'unreadable') or (state = 'rejected' and reason in (${list(NO_ANSWERS)})))`;
const isBid = sql`kind = 'ping' and state in ('bid', 'shadow_bid')`;

/** One part of the union: its bucket and buyer, and the sums it has (0 for the others), from `rest` (from, where). */
function part(bucket: SQL, buyer: SQL, sums: Partial<Record<Sum, SQL>>, rest: SQL) {
  const columns = sql.join(
    SUMS.map((s) => sql`${sums[s] ?? sql`0`}::int8 as ${sql.raw(s)}`),
    sql`, `,
  );
  return sql`select ${bucket} as bucket, ${buyer} as buyer_id, ${columns} ${rest} group by 1, 2`;
}

/**
 * Every count of the rows whose time `when` admits, per buyer and `bucket` of its time (null for a raw read): what the
 * rollup buckets and a raw read sums, so both count alike. Test leads count nowhere (lead-scope.ts); the buyer report's
 * returns are the ledger's returns with a buyer, as before the rollup.
 */
function countsOf(when: (column: SQL) => SQL, bucket: (column: SQL) => SQL): SQL {
  const calls = part(
    bucket(sql`created_at`),
    sql`buyer_id`,
    {
      calls: sql`count(*)`,
      pings: sql`count(*) filter (where kind = 'ping')`,
      bids: sql`count(*) filter (where ${isBid})`,
      posts: sql`count(*) filter (where kind = 'post')`,
      accepts: sql`count(*) filter (where kind = 'post' and state = 'accepted')`,
      rejects: sql`count(*) filter (where kind = 'post' and state = 'rejected' and not (${isFailure}))`,
      errors: sql`count(*) filter (where ${isFailure} and not (${isTimeout}))`,
      timeouts: sql`count(*) filter (where ${isTimeout})`,
      failures: sql`count(*) filter (where ${noAnswer(NO_ANSWER.connection)})`,
      settled: sql`count(*) filter (where kind = 'post' and state in ('accepted', 'rejected', 'unreadable'))`,
      bid_sum: sql`coalesce(sum(price_cents) filter (where ${isBid}), 0)`,
      sales: sql`coalesce(sum(price_cents) filter (where kind = 'post' and state = 'accepted'), 0)`,
    },
    sql`from buyer_calls where ${when(sql`created_at`)} and ${callOfLiveLead(sql`lead_id`)}`,
  );
  const sold = part(
    bucket(sql`a.created_at`),
    sql`coalesce(a.buyer_id, ${none})`,
    { sold: sql`count(*)`, sold_cents: sql`coalesce(sum(a.price_cents), 0)` },
    sql`from auctions a where ${when(sql`a.created_at`)} and a.status = 'accepted' and not a.test_mode
      and ${callOfLiveLead(sql`a.lead_id`)}`,
  );
  const returns = part(
    bucket(sql`at`),
    sql`buyer_id`,
    { returns: sql`count(*)`, returned_cents: sql`coalesce(-sum(amount_cents), 0)` },
    sql`from ledger_entries where kind = 'returned' and ${when(sql`at`)} and buyer_id is not null`,
  );
  const money = part(
    bucket(sql`e.at`),
    buyerOf,
    { money_rows: sql`count(*)`, money_returned_cents: sql`sum(${returnedOf})`, payout_cents: sql`sum(${payoutOf})` },
    sql`from ledger_entries e left join auctions a on a.lead_id = e.lead_id
      where ${when(sql`e.at`)} and ${moneyKinds} and not coalesce(a.test_mode, false)
        and ${callOfLiveLead(sql`e.lead_id`)}`,
  );
  return sql`${calls} union all ${sold} union all ${returns} union all ${money}`;
}

/**
 * The live calls whose time `when` admits, per buyer, latency bin and `key` (the bucket for the rollup, the exact
 * latency for a raw read).
 */
const latencyOf = (when: (column: SQL) => SQL, key: SQL) => sql`select ${key} as key, buyer_id,
    ${binOf(sql`latency_ms`)} as bin, count(*)::int8 as n
  from buyer_calls where ${when(sql`created_at`)} and latency_ms is not null and ${callOfLiveLead(sql`lead_id`)}
  group by 1, 2, 3`;

const summed = (prefix: string) => sql.raw(SUMS.map((s) => `coalesce(sum(${prefix}${s}), 0)::int8 as ${s}`).join(", "));

/**
 * Rebuilds the buckets from `spanMs` before the last mark (all of them on the first rebuild, or when `spanMs` is
 * null) up to the settled mark of `now`, and moves the mark there. Every figure is bucketed by its own row's time, so
 * no earlier bucket is rebuilt for a later row.
 */
export async function rebuildBuyerRollup(
  db: Db,
  now: Date,
  spanMs: number | null = REBUILD_SPAN_MS,
): Promise<{ buckets: number }> {
  return rebuildSettled(db, { coverage: COVERAGE, lockKey: LOCK_KEY }, now, spanMs, async ({ tx, start, inRange }) => {
    await tx.execute(sql`delete from buyer_rollup r where r.span = 1 and ${inRange(sql`r.bucket`)}`);
    await tx.execute(sql`delete from buyer_latency_rollup r where r.span = 1 and ${inRange(sql`r.bucket`)}`);
    const columns = sql.raw(SUMS.join(", "));
    const [row] = await rowsOf<{ buckets: number | string }>(
      tx,
      sql`with counted as (
        insert into buyer_rollup (bucket, span, buyer_id, ${columns})
        select bucket, 1, buyer_id, ${summed("")}
        from (${countsOf(inRange, bucketOf)}) x
        group by bucket, buyer_id
        returning bucket
      ) select count(distinct bucket) as buckets from counted`,
    );
    await tx.execute(sql`insert into buyer_latency_rollup (bucket, span, buyer_id, bin, n)
      select key, 1, buyer_id, bin, n from (${latencyOf(inRange, bucketOf(sql`created_at`))}) x`);
    await rebuildBlocks(tx, COUNTS, start, null);
    await rebuildBlocks(tx, LATENCY, start, null);
    return { buckets: Number(row?.buckets ?? 0) };
  });
}

/** The buyer rollup's coverage mark, or null before its first rebuild. */
export const buyerRollupCoveredTo = (db: Db) => coveredTo(db, COVERAGE);

/** A buyer's figures over a stretch of time, and its calls' latency histogram. */
export type BuyerSums = Record<Sum, number> & { latency: LatencyCount[] };

type CountRow = Record<Sum, number | string> & { buyer_id: string };
type LatencyRow = { buyer_id: string; bin: number; ms: number | null; n: number | string };
type Rows = { counts: CountRow[]; latency: LatencyRow[] };

function sumsOf(byBuyer: Map<string, BuyerSums>, id: string): BuyerSums {
  let sums = byBuyer.get(id);
  if (sums === undefined) {
    sums = { ...(Object.fromEntries(SUMS.map((s) => [s, 0])) as Record<Sum, number>), latency: [] };
    byBuyer.set(id, sums);
  }
  return sums;
}

function into(byBuyer: Map<string, BuyerSums>, rows: Rows) {
  for (const r of rows.counts) {
    const sums = sumsOf(byBuyer, r.buyer_id);
    for (const s of SUMS) sums[s] += Number(r[s]);
  }
  for (const r of rows.latency) {
    const ms = r.ms === null ? null : Number(r.ms);
    sumsOf(byBuyer, r.buyer_id).latency.push({ bin: Number(r.bin), ms, n: Number(r.n) });
  }
}

/** The raw rows' figures in [from, to) (to null: no end), each latency exact. */
async function rawSums(tx: Db, from: Date, to: Date | null): Promise<Rows> {
  const when = (column: SQL) =>
    to === null
      ? sql`${column} >= ${from.toISOString()}::timestamptz`
      : inPeriod(column, from.toISOString(), to.toISOString());
  return {
    counts: await rowsOf<CountRow>(
      tx,
      sql`select buyer_id, ${summed("")} from (${countsOf(when, () => sql`null::timestamptz`)}) x group by buyer_id`,
    ),
    latency: await rowsOf<LatencyRow>(
      tx,
      sql`select buyer_id, bin, key as ms, n from (${latencyOf(when, sql`latency_ms`)}) x`,
    ),
  };
}

/** The rolled-up figures of the whole buckets in [from, to), read as the aligned blocks that tile them. */
async function rolledUpSums(tx: Db, from: number, to: number): Promise<Rows> {
  const tiled = (table: string) => tiledBlocks(table, from, to, WIDEST);
  return hashGrouped(tx, async () => ({
    counts: await rowsOf<CountRow>(
      tx,
      sql`select r.buyer_id, ${summed("r.")} from ${tiled("buyer_rollup")} group by r.buyer_id`,
    ),
    latency: await rowsOf<LatencyRow>(
      tx,
      sql`select r.buyer_id, r.bin, null::int as ms, sum(r.n)::int8 as n from ${tiled("buyer_latency_rollup")}
      group by r.buyer_id, r.bin`,
    ),
  }));
}

/**
 * Each buyer's figures in [from, to) (to null: up to now and on): whole settled buckets from the rollup, the rest (a
 * first part-bucket, and the tail since the rollup's mark) from the raw rows. Latency percentiles of a stretch read
 * from the raw rows alone are exact; with the rollup, within the bins' error (latency-bins.ts).
 */
export async function buyerSums(tx: Db, from: Date, to: Date | null): Promise<Map<string, BuyerSums>> {
  const byBuyer = new Map<string, BuyerSums>();
  const { rolled, raw } = splitAtMark(
    from.getTime(),
    to?.getTime() ?? Number.POSITIVE_INFINITY,
    await buyerRollupCoveredTo(tx),
  );
  for (const stretch of raw) {
    const end = Number.isFinite(stretch.to) ? new Date(stretch.to) : null;
    into(byBuyer, await rawSums(tx, new Date(stretch.from), end));
  }
  if (rolled) into(byBuyer, await rolledUpSums(tx, rolled.from, rolled.to));
  return byBuyer;
}
