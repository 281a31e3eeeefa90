import { sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { funnelCountsOf } from "./funnel-counts.ts";
import { rowsOf } from "./report-period.ts";
import { bucketOf, coveredTo, rebuildBlocks, rebuildSettled, rebuiltLeads, REBUILD_SPAN_MS } from "./rollup-buckets.ts";

// The funnel's rollup (issue 19, "Scale and speed"): funnel-counts.ts's counts per 15-minute UTC bucket of the leads'
// creation, in funnel_rollup (schema.ts), rebuilt like the Today rollup (today-rollup.ts): whole buckets, delete and
// insert in one transaction under an advisory lock. What it holds is exact as of its coverage mark ("funnel"): the
// leads created before the mark, counted from the history made before it. The report (funnel-report.ts) reads the
// raw rows for leads created after the mark, and counts a lead that saved again after it anew in place of its rollup.

const COVERAGE = "funnel";
/** Any fixed number: the advisory lock that keeps rebuilds of this rollup one at a time. */
const LOCK_KEY = 19_016;

/**
 * Besides each bucket, aligned blocks of 2, 4, ... 4096 buckets (about 43 days; rollup-buckets.ts, blocksOf): the
 * funnel needs only its period's totals, so a 30-day period reads a couple of dozen blocks.
 */
export const FUNNEL_BLOCKS = {
  table: "funnel_rollup",
  widest: 4096,
  dims: ["path", "device", "source", "kind", "idx", "bin"],
  sums: ["n"],
};

/**
 * Rebuilds the buckets from `spanMs` before the last mark (all of them on the first rebuild, or when `spanMs` is
 * null) up to the settled mark of `now`, and moves the mark there. Earlier leads that saved or submitted inside that
 * range have their buckets rebuilt too.
 */
export async function rebuildFunnelRollup(
  db: Db,
  now: Date,
  spanMs: number | null = REBUILD_SPAN_MS,
): Promise<{ buckets: number }> {
  return rebuildSettled(db, { coverage: COVERAGE, lockKey: LOCK_KEY }, now, spanMs, async (range) => {
    const { tx, mark, start, inRange, createdEarlier: earlier } = range;
    await tx.execute(sql`create temp table funnel_late_buckets on commit drop as
      select distinct ${bucketOf(sql`l.created_at`)} as bucket
      from step_events e join leads l on l.id = e.lead_id where ${inRange(sql`e.created_at`)} and ${earlier}
      union
      select distinct ${bucketOf(sql`l.created_at`)}
      from auctions a join leads l on l.id = a.lead_id where ${inRange(sql`a.created_at`)} and ${earlier}`);
    await tx.execute(sql`delete from funnel_rollup r where r.span = 1 and ${inRange(sql`r.bucket`)}`);
    await tx.execute(sql`delete from funnel_rollup r
      where r.span = 1 and r.bucket in (select bucket from funnel_late_buckets)`);
    const leads = rebuiltLeads(start, mark, "funnel_late_buckets");
    const [row] = await rowsOf<{ buckets: number | string }>(
      tx,
      sql`with counted as (
        insert into funnel_rollup (bucket, span, path, device, source, kind, idx, bin, n)
        select bucket, 1, path, device, source, kind, idx, bin, n from (${funnelCountsOf(leads, mark, true)}) x
        returning bucket
      ) select count(distinct bucket) as buckets from counted`,
    );
    await rebuildBlocks(tx, FUNNEL_BLOCKS, start, "funnel_late_buckets");
    return { buckets: Number(row?.buckets ?? 0) };
  });
}

/** The funnel rollup's coverage mark, or null before its first rebuild. */
export const funnelCoveredTo = (db: Db) => coveredTo(db, COVERAGE);
