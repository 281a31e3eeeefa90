import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { affIdOf, brandOf, isLive, sourceOf, subIdOf } from "../lead-scope/lead-scope.ts";
import { rowsOf } from "./report-period.ts";
import { bucketOf, coveredTo, rebuildBlocks, rebuildSettled, rebuiltLeads, REBUILD_SPAN_MS } from "./rollup-buckets.ts";
import { ledgerMoney } from "./today-money.ts";
import { callCountsOf } from "./today-sums.ts";

// The Today report's rollup (issue 19, "Scale and speed"; the ledger's money since issue 32): the report's cells per
// 15-minute UTC bucket, in
// today_rollup (schema.ts), so a 30-day report adds up a few thousand buckets instead of counting every lead, auction
// and buyer call again. A bucket is rebuilt whole (delete and insert in one transaction), never updated in place, so
// a rebuild is idempotent and two processes rebuilding at once (an advisory lock) cannot double a count.
//
// What the rollup holds is exact as of its coverage mark (rollup_coverage, "today"): every bucket before the mark,
// with each lead's dimensions taken from its auction only when that auction was created before the mark. The report
// (today-report.ts) reads the buckets before the mark, the raw rows after it, and moves a lead whose auction came
// after the mark from the dimensions it was rolled up with to its auction's.

const COVERAGE = "today";
/** A lead's row carries no money: that is the ledger's rows' (ledgerMoney). */
const noMoney = sql`0::bigint as returned_cents, 0::bigint as payout_cents, false as money`;
/** Any fixed number: the advisory lock that keeps rebuilds of this rollup one at a time. */
const LOCK_KEY = 19_015;

/**
 * Besides each bucket, the rollup keeps the sums of aligned blocks of 2, 4, ... 1024 buckets (rollup-buckets.ts,
 * blocksOf), so a day reads about six blocks instead of 96 buckets, and a period's totals about a dozen blocks
 * however long: at volume a bucket holds about as many rows as leads, a wide block far fewer.
 */
export const WIDEST_BLOCK = 1024;
const DIMS = ["started", "status", "reason", "source", "aff_id", "sub_id", "brand"];
const SUMS = ["n", "sent", "bids", "posts_after_bid", "revenue_cents", "redirected", "returned_cents", "payout_cents"];
/** The series' dimensions: the side and the outcome only (schema.ts, today_series_rollup). */
const SERIES_DIMS = ["started", "status"];

/**
 * Rebuilds the buckets from `spanMs` before the last mark (all of them on the first rebuild, or when `spanMs` is
 * null) up to the settled mark of `now`, and moves the mark there. Leads started before that range whose auction
 * came inside it have their start's bucket rebuilt too, as their source, affiliate and sub id came with it.
 */
export async function rebuildTodayRollup(
  db: Db,
  now: Date,
  spanMs: number | null = REBUILD_SPAN_MS,
): Promise<{ buckets: number }> {
  return rebuildSettled(db, { coverage: COVERAGE, lockKey: LOCK_KEY }, now, spanMs, async (range) => {
    const { tx, mark, start, inRange, createdEarlier } = range;

    // The earlier starts whose auction came in the range: their buckets' started side is rebuilt too.
    await tx.execute(sql`create temp table rollup_late_starts on commit drop as
      select distinct ${bucketOf(sql`l.created_at`)} as bucket
      from auctions a join leads l on l.id = a.lead_id
      where ${inRange(sql`a.created_at`)} and ${createdEarlier}`);
    await tx.execute(sql`delete from today_rollup r where r.span = 1 and ${inRange(sql`r.bucket`)}`);
    await tx.execute(sql`delete from today_rollup r
      where r.span = 1 and r.started and r.bucket in (select bucket from rollup_late_starts)`);

    const lead = sql.raw("l");
    const auction = sql.raw("a");
    const scoped = { lead, auction };
    const dims = sql`${sourceOf(scoped)} as source, ${affIdOf(scoped)} as aff_id, ${subIdOf(scoped)} as sub_id,
      ${brandOf(scoped)} as brand`;
    const started = sql`select ${bucketOf(sql`l.created_at`)} as bucket, true as started, null::text as status,
        null::text as reason, ${dims}, 0::bigint as calls, 0::bigint as bids, 0::bigint as posts_after_bid,
        null::int as price_cents, false as accepted, false as redirected, ${noMoney}
      from leads l left join auctions a on a.lead_id = l.id and a.created_at < ${mark}::timestamptz
      where ${isLive(scoped)} and ${rebuiltLeads(start, mark, "rollup_late_starts")}`;
    const completed = sql`select ${bucketOf(sql`a.created_at`)} as bucket, false as started, a.status, a.reason, ${dims},
        k.calls, k.bids, k.posts_after_bid, a.price_cents, a.status = 'accepted' as accepted,
        a.status = 'accepted' and a.redirected_at is not null as redirected, ${noMoney}
      from auctions a join leads l on l.id = a.lead_id
      cross join lateral ${callCountsOf(sql`l.id`)} k
      where ${isLive(scoped)} and ${inRange(sql`a.created_at`)}`;
    // The ledger's money by when it was written: rows the product appends at the time they are written, so after the
    // last mark, as auctions are.
    const money = sql`select ${bucketOf(sql`m.at`)} as bucket, false as started, null::text as status,
        null::text as reason, m.source, m.aff_id, m.sub_id, m.brand, 0::bigint as calls, 0::bigint as bids,
        0::bigint as posts_after_bid, null::int as price_cents, false as accepted, false as redirected,
        m.returned_cents, m.payout_cents, true as money
      from (${ledgerMoney(inRange)}) m`;
    const inserted = await rowsOf<{ buckets: number | string }>(
      tx,
      sql`with counted as (
        insert into today_rollup (bucket, span, started, status, reason, source, aff_id, sub_id, brand, n, sent, bids,
          posts_after_bid, revenue_cents, redirected, returned_cents, payout_cents)
        select bucket, 1, started, status, reason, source, aff_id, sub_id, brand, count(*) filter (where not money)::int,
          count(*) filter (where calls > 0)::int, coalesce(sum(bids), 0)::int, coalesce(sum(posts_after_bid), 0)::int,
          coalesce(sum(price_cents) filter (where accepted), 0)::bigint, count(*) filter (where redirected)::int,
          sum(returned_cents)::bigint, sum(payout_cents)::bigint
        from (${started} union all ${completed} union all ${money}) x
        group by bucket, started, status, reason, source, aff_id, sub_id, brand
        returning bucket
      ) select count(distinct bucket) as buckets from counted`,
    );
    await rebuildBlocks(
      tx,
      { table: "today_rollup", widest: WIDEST_BLOCK, dims: DIMS, sums: SUMS },
      start,
      "rollup_late_starts",
    );
    await rebuildSeries(tx, inRange);
    await rebuildBlocks(
      tx,
      { table: "today_series_rollup", widest: WIDEST_BLOCK, dims: SERIES_DIMS, sums: SUMS },
      start,
      "rollup_late_starts",
    );
    return { buckets: Number(inserted[0]?.buckets ?? 0) };
  });
}

/**
 * The series' single buckets again from today_rollup's, for the buckets just rebuilt there: those in the range and the
 * late starts' (whose started side changed). Two statements over the (span, bucket) index, never an `or`.
 */
async function rebuildSeries(tx: Db, inRange: (column: SQL) => SQL) {
  const late = sql`r.bucket in (select bucket from rollup_late_starts)`;
  await tx.execute(sql`delete from today_series_rollup r where r.span = 1 and ${inRange(sql`r.bucket`)}`);
  await tx.execute(sql`delete from today_series_rollup r where r.span = 1 and ${late}`);
  const summed = (
    where: SQL,
  ) => sql`insert into today_series_rollup (bucket, span, started, status, ${sql.raw(SUMS.join(", "))})
    select r.bucket, 1, r.started, r.status, ${sql.raw(SUMS.map((c) => `sum(r.${c})`).join(", "))}
    from today_rollup r where r.span = 1 and ${where}
    group by r.bucket, r.started, r.status`;
  await tx.execute(summed(inRange(sql`r.bucket`)));
  // A late start's bucket before the range (those inside it were summed above).
  await tx.execute(summed(sql`${late} and not (${inRange(sql`r.bucket`)})`));
}

/** The Today rollup's coverage mark, or null before its first rebuild. */
export const rollupCoveredTo = (db: Db) => coveredTo(db, COVERAGE);
