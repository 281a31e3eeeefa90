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

/** The start of a timestamp's aligned block of `span` buckets (a multiple of span * 15 minutes since 1970), in SQL. */
export const blockOf = (column: SQL, span: number) =>
  sql`to_timestamp(floor(extract(epoch from ${column}) / ${900 * span}::int) * ${900 * span}::int)`;

/** Powers of two from 2 up to `widest`: the block sizes a rollup keeps besides its single buckets. */
export const spansUpTo = (widest: number) => {
  const spans: number[] = [];
  for (let span = 2; span <= widest; span *= 2) spans.push(span);
  return spans;
};

/** The aligned blocks, widest first, that tile the buckets from `from` to `to` (ms, both on bucket starts). */
export function blocksOf(from: number, to: number, widest: number): { span: number; bucket: number }[] {
  const blocks: { span: number; bucket: number }[] = [];
  let at = from / BUCKET_MS;
  const end = to / BUCKET_MS;
  while (at < end) {
    let span = widest;
    while (span > 1 && (at % span !== 0 || at + span > end)) span /= 2;
    blocks.push({ span, bucket: at * BUCKET_MS });
    at += span;
  }
  return blocks;
}

/**
 * Sums a rollup's blocks again after its single buckets were rebuilt: each size from the size below (two blocks), for
 * the blocks from the one holding `start` on (all when null) and those holding a bucket of `lateTable`. A block that
 * runs past the coverage mark is read only once the mark has passed it, by then summed again.
 */
export async function rebuildBlocks(
  db: Db,
  rollup: { table: string; widest: number; dims: string[]; sums: string[] },
  start: string | null,
  lateTable: string,
) {
  const table = sql.raw(rollup.table);
  const dims = sql.raw(rollup.dims.join(", "));
  const sums = sql.raw(rollup.sums.map((s) => `sum(${s})`).join(", "));
  const columns = sql.raw([...rollup.dims, ...rollup.sums].join(", "));
  for (const span of spansUpTo(rollup.widest)) {
    const touched = (column: SQL) =>
      sql`(${start === null ? sql`true` : sql`${column} >= ${blockOf(sql`${start}::timestamptz`, span)}`})
        or ${column} in (select ${blockOf(sql`bucket`, span)} from ${sql.raw(lateTable)})`;
    await db.execute(sql`delete from ${table} r where r.span = ${span}::int and (${touched(sql`r.bucket`)})`);
    await db.execute(sql`insert into ${table} (bucket, span, ${columns})
      select ${blockOf(sql`r.bucket`, span)}, ${span}::int, ${dims}, ${sums}
      from ${table} r where r.span = ${span / 2}::int and (${touched(blockOf(sql`r.bucket`, span))})
      group by 1, ${dims}`);
  }
}
