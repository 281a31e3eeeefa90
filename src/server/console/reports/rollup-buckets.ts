import { sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { rowsOf } from "./report-period.ts";

// What the reports' rollups (today-rollup.ts, funnel-rollup.ts) share: the bucket, the settle time, the reach of a
// rebuild and the coverage mark up to which a rollup is complete.

export const BUCKET_MS = 15 * 60 * 1000;

/**
 * How long after a bucket ends before the rollup counts it. A lead's figures change after its submission while the
 * auction runs (AUCTION_BUDGET_MS, at most 10 minutes, config.ts), its buyer calls finish and its redirect comes
 * (seconds after the decision); two hours leaves room for an auction the sweeper has to run again.
 */
export const SETTLE_MS = 2 * 60 * 60 * 1000;

/**
 * How far back each regular rebuild reaches before the last mark: a day, so a late change inside it (a late
 * auction, a crashed run picked up again) is counted again.
 */
export const REBUILD_SPAN_MS = 26 * 60 * 60 * 1000;

export const bucketFloor = (ms: number) => Math.floor(ms / BUCKET_MS) * BUCKET_MS;
export const bucketCeil = (ms: number) => Math.ceil(ms / BUCKET_MS) * BUCKET_MS;

/** The start of a timestamp's 15-minute UTC bucket, in SQL. */
export const bucketOf = (column: SQL) => sql`to_timestamp(floor(extract(epoch from ${column}) / 900) * 900)`;

/** A rollup's coverage mark (rollup_coverage), or null before its first rebuild. */
export async function coveredTo(db: Db, name: string): Promise<Date | null> {
  const [row] = await rowsOf<{ ms: number | string }>(
    db,
    sql`select extract(epoch from covered_to)::float8 * 1000 as ms from rollup_coverage where name = ${name}`,
  );
  return row === undefined ? null : new Date(Number(row.ms));
}

/** Moves a rollup's coverage mark, in the rebuild's transaction. */
export async function setCoveredTo(db: Db, name: string, mark: string) {
  await db.execute(sql`insert into rollup_coverage (name, covered_to) values (${name}, ${mark}::timestamptz)
    on conflict (name) do update set covered_to = excluded.covered_to`);
}
