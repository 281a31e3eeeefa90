import { sql, type SQL } from "drizzle-orm";
import type { FunnelQuery, FunnelReport } from "../../../domain/contracts/console-reports.ts";
import type { Db } from "../../platform/db/database.ts";
import { funnelCountsOf, medianOf, type FunnelCount } from "./funnel-counts.ts";
import { FUNNEL_BLOCKS, funnelCoveredTo } from "./funnel-rollup.ts";
import { FUNNEL_STEPS } from "./funnel-steps.ts";
import { hashGrouped, periodBounds, reportTransaction, rowsOf } from "./report-period.ts";
import { bucketCeil, tiledBlocks } from "./rollup-buckets.ts";

// The funnel (issue 19): for the leads created in the period on one path, per step how many reached it,
// saved it and left there, and the median time a save took, from the step history (step_events) and the
// final submission (auctions), as counted by funnel-counts.ts: from the rollup for leads created in settled
// buckets (funnel-rollup.ts), from the raw rows for the rest.

type Count = Pick<FunnelCount, "kind" | "idx" | "bin" | "n">;

/** The query's path, device and source, on columns so named (funnel-counts.ts's and the rollup's). */
function narrowing(query: FunnelQuery): SQL {
  const filters = [sql`path = ${query.path}`];
  if (query.device !== undefined) filters.push(sql`device = ${query.device}`);
  if (query.source !== undefined) filters.push(sql`source = ${query.source}`);
  return sql`where ${sql.join(filters, sql` and `)}`;
}

const summed = (db: Db, rows: SQL, query: FunnelQuery, sign = 1) =>
  rowsOf<Count>(
    db,
    sql`select kind, idx, bin, (${sign}::int * sum(n))::int as n from (${rows}) x ${narrowing(query)}
      group by kind, idx, bin`,
  );

const createdIn = (from: number, to: number) =>
  sql`l.created_at >= ${new Date(from).toISOString()}::timestamptz and l.created_at < ${new Date(to).toISOString()}::timestamptz`;

/**
 * The counts of the leads created in [from, to): whole settled buckets from the rollup; the leads after its mark (and
 * before the first whole bucket, in a zone whose midnight is not on one) from the raw rows; and the rolled-up leads
 * that saved or submitted since the mark counted anew in place of their rolled-up counts. One snapshot, so a rebuild
 * committing meanwhile is seen entirely or not at all.
 */
async function funnelCounts(db: Db, query: FunnelQuery, from: Date, to: Date): Promise<Count[]> {
  return reportTransaction(
    db,
    async (t) => {
      const covered = await funnelCoveredTo(t);
      const first = bucketCeil(from.getTime());
      const end = to.getTime();
      const mark = covered === null ? first : Math.min(Math.max(covered.getTime(), first), end);
      if (mark <= first) return summed(t, funnelCountsOf(createdIn(from.getTime(), end), null, false), query);
      const markIso = new Date(mark).toISOString();
      const counts: Count[] = [];
      if (first > from.getTime()) {
        counts.push(...(await summed(t, funnelCountsOf(createdIn(from.getTime(), first), null, false), query)));
      }
      counts.push(
        ...(await hashGrouped(t, () =>
          summed(
            t,
            sql`select r.path, r.device, r.source, r.kind, r.idx, r.bin, r.n
              from ${tiledBlocks(FUNNEL_BLOCKS.table, first, mark, FUNNEL_BLOCKS.widest)}`,
            query,
          ),
        )),
      );
      counts.push(...(await summed(t, funnelCountsOf(createdIn(mark, end), null, false), query)));
      // An array, read before the rest: a few hundred ids the leads are then fetched by, where the planner, unable
      // to count them, read every lead of the period to match them.
      const changed = sql`${createdIn(first, mark)} and l.id = any(array(
        select e.lead_id from step_events e where e.created_at >= ${markIso}::timestamptz
        union select a.lead_id from auctions a where a.created_at >= ${markIso}::timestamptz))`;
      counts.push(...(await summed(t, funnelCountsOf(changed, markIso, false), query, -1)));
      counts.push(...(await summed(t, funnelCountsOf(changed, null, false), query)));
      return counts;
    },
    true,
  );
}

/** The report from its counts: pure, so the raw-only and the rolled-up reports differ only in where counts come from. */
function reportOf(
  counts: Count[],
  query: FunnelQuery,
  bounds: { from: Date; to: Date; tz: string; name: FunnelReport["period"] },
): FunnelReport {
  const sums = new Map<string, number>();
  for (const c of counts) {
    const key = `${c.kind}:${Number(c.idx)}`;
    sums.set(key, (sums.get(key) ?? 0) + Number(c.n));
  }
  const histograms = new Map<number, Map<number, number>>();
  for (const c of counts.filter((c) => c.kind === "seconds")) {
    const histogram = histograms.get(Number(c.idx)) ?? new Map<number, number>();
    histogram.set(Number(c.bin), (histogram.get(Number(c.bin)) ?? 0) + Number(c.n));
    histograms.set(Number(c.idx), histogram);
  }
  const leads = sums.get("cohort:-1") ?? 0;
  const steps = FUNNEL_STEPS[query.path];
  /** Leads whose furthest save on this path is step `k` or later. */
  const atLeast = (k: number) =>
    steps.reduce((sum, _, f) => (f >= k ? sum + (sums.get(`furthest:${f}`) ?? 0) : sum), 0);
  return {
    period: bounds.name,
    bounds: { from: bounds.from.toISOString(), to: bounds.to.toISOString(), tz: bounds.tz },
    path: query.path,
    leads,
    // Reached: saved the step before (the first step: every lead). Left: reached, and saved neither this step
    // nor a later one, so the furthest save is the step before (the first step: no save on the path at all).
    steps: steps.map(({ step }, idx) => ({
      slug: step.slug,
      path: step.path,
      title: step.title,
      reached: idx === 0 ? leads : atLeast(idx - 1),
      saved: sums.get(`saved:${idx}`) ?? 0,
      left: idx === 0 ? leads - atLeast(0) : (sums.get(`furthest:${idx - 1}`) ?? 0),
      median_seconds: medianOf(histograms.get(idx) ?? new Map()),
    })),
  };
}

export async function funnelReport(db: Db, query: FunnelQuery, now: Date): Promise<FunnelReport> {
  const bounds = await periodBounds(db, query, now);
  return reportOf(await funnelCounts(db, query, bounds.from, bounds.to), query, bounds);
}

/** The report from the raw rows alone: what the rollup's tests compare it with. */
export async function rawFunnelReport(db: Db, query: FunnelQuery, now: Date): Promise<FunnelReport> {
  const bounds = await periodBounds(db, query, now);
  const counts = await reportTransaction(db, (tx) =>
    summed(tx, funnelCountsOf(createdIn(bounds.from.getTime(), bounds.to.getTime()), null, false), query),
  );
  return reportOf(counts, query, bounds);
}
