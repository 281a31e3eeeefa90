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

/**
 * The rows of a rollup's aligned blocks that tile [from, to) (both on bucket starts), as a `from` clause naming them
 * `r`: the one read every period-total rollup makes (blocksOf, widest first).
 */
export function tiledBlocks(table: string, from: number, to: number, widest: number): SQL {
  const blocks = blocksOf(from, to, widest).map((b) => ({ span: b.span, bucket: new Date(b.bucket).toISOString() }));
  return sql`jsonb_to_recordset(${JSON.stringify(blocks)}::jsonb) as v(span int, bucket timestamptz)
    join ${sql.raw(table)} r on r.span = v.span and r.bucket = v.bucket`;
}

type Stretch = { from: number; to: number };

/**
 * How a report reads [from, to) (ms; `to` may be Infinity: up to now and on) beside a rollup whose mark is `covered`:
 * the whole buckets before the mark from the rollup (`rolled`, null when there are none), and the rest from the raw
 * rows (`raw`: a first part-bucket in a zone whose midnight is not on a bucket start, and the tail after the mark).
 */
export function splitAtMark(
  from: number,
  to: number,
  covered: Date | null,
): { rolled: Stretch | null; raw: Stretch[] } {
  const first = bucketCeil(from);
  const end = covered === null ? first : Math.min(covered.getTime(), to);
  if (end <= first) return { rolled: null, raw: [{ from, to }] };
  return {
    rolled: { from: first, to: end },
    raw: [...(first > from ? [{ from, to: first }] : []), ...(end < to ? [{ from: end, to }] : [])],
  };
}

/** A rollup's coverage mark (rollup_coverage), or null before its first rebuild. */
export async function coveredTo(db: Db, name: string): Promise<Date | null> {
  const [row] = await rowsOf<{ ms: number | string }>(
    db,
    sql`select extract(epoch from covered_to)::float8 * 1000 as ms from rollup_coverage where name = ${name}`,
  );
  return row === undefined ? null : new Date(Number(row.ms));
}

/** Moves a rollup's coverage mark, in the rebuild's transaction. */
async function setCoveredTo(db: Db, name: string, mark: string) {
  await db.execute(sql`insert into rollup_coverage (name, covered_to) values (${name}, ${mark}::timestamptz)
    on conflict (name) do update set covered_to = excluded.covered_to`);
}

/** What a rebuild covers: `start` (null: from the first bucket) to the settled `mark`, and a condition for it. */
export type RebuildRange = {
  tx: Db;
  mark: string;
  start: string | null;
  inRange: (column: SQL) => SQL;
  /** A lead created before the range: its bucket is rebuilt when something of it happened inside the range. */
  createdEarlier: SQL;
};

/**
 * One rebuild of a rollup: in one transaction, holding the rollup's advisory lock and with JIT off, `rebuild`
 * rewrites the buckets from `spanMs` before the coverage mark (all of them on the first rebuild, or when `spanMs`
 * is null) up to the settled mark of `now`; the coverage mark then moves there.
 */
export async function rebuildSettled<T>(
  db: Db,
  rollup: { coverage: string; lockKey: number },
  now: Date,
  spanMs: number | null,
  rebuild: (range: RebuildRange) => Promise<T>,
): Promise<T> {
  const mark = new Date(bucketFloor(now.getTime() - SETTLE_MS)).toISOString();
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    await tx.execute(sql`set local jit = off`);
    await tx.execute(sql`select pg_advisory_xact_lock(${rollup.lockKey})`);
    const covered = await coveredTo(t, rollup.coverage);
    const start =
      spanMs === null || covered === null
        ? null
        : new Date(bucketFloor(Math.min(covered.getTime(), Date.parse(mark)) - spanMs)).toISOString();
    const from = (column: SQL) => (start === null ? sql`true` : sql`${column} >= ${start}::timestamptz`);
    const result = await rebuild({
      tx: t,
      mark,
      start,
      inRange: (column) => sql`${from(column)} and ${column} < ${mark}::timestamptz`,
      createdEarlier: start === null ? sql`false` : sql`l.created_at < ${start}::timestamptz`,
    });
    await setCoveredTo(t, rollup.coverage, mark);
    return result;
  });
}

/** The start of a timestamp's aligned block of `span` buckets (a multiple of span * 15 minutes since 1970), in SQL. */
const blockOf = (column: SQL, span: number) =>
  sql`to_timestamp(floor(extract(epoch from ${column}) / ${900 * span}::int) * ${900 * span}::int)`;

/** Powers of two from 2 up to `widest`: the block sizes a rollup keeps besides its single buckets. */
const spansUpTo = (widest: number) => {
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
 * The leads a rebuild counts again, as a condition on `l`: those created in [start, mark) (all before the mark when
 * start is null) and those created in a bucket of `lateTable`. Written as a union of two index scans, never an `or`
 * the planner would answer by reading every lead.
 */
export const rebuiltLeads = (start: string | null, mark: string, lateTable: string): SQL =>
  sql`l.id in (
    select x.id from leads x
    where ${start === null ? sql`true` : sql`x.created_at >= ${start}::timestamptz`} and x.created_at < ${mark}::timestamptz
    union all
    select x.id from ${sql.raw(lateTable)} b join leads x
      on x.created_at >= b.bucket and x.created_at < b.bucket + interval '15 minutes')`;

/**
 * Sums a rollup's blocks again after its single buckets were rebuilt: each size from the size below (two blocks), for
 * the blocks from the one holding `start` on (all when null) and those holding a bucket of `lateTable` (all before
 * `start`). A block that runs past the coverage mark is read only once the mark has passed it, by then summed again.
 * Each statement reads a range of the (span, bucket) index, never an `or` that would read the whole rollup. A rollup
 * whose rows are each bucketed by their own time has no late buckets (`lateTable` null), and skips their statements:
 * the planner, which cannot tell a temporary table is empty, reads the whole rollup for them.
 */
export async function rebuildBlocks(
  db: Db,
  rollup: { table: string; widest: number; dims: string[]; sums: string[] },
  start: string | null,
  lateTable: string | null,
) {
  const table = sql.raw(rollup.table);
  const dims = sql.raw(rollup.dims.map((d) => `r.${d}`).join(", "));
  const sums = sql.raw(rollup.sums.map((s) => `sum(r.${s})`).join(", "));
  const columns = sql.raw([...rollup.dims, ...rollup.sums].join(", "));
  for (const span of spansUpTo(rollup.widest)) {
    const first = start === null ? sql`'-infinity'::timestamptz` : blockOf(sql`${start}::timestamptz`, span);
    await db.execute(sql`delete from ${table} r where r.span = ${span}::int and r.bucket >= ${first}`);
    const summed = (from: SQL, where: SQL) => sql`insert into ${table} (bucket, span, ${columns})
      select ${blockOf(sql`r.bucket`, span)}, ${span}::int, ${dims}, ${sums}
      from ${from} where r.span = ${span / 2}::int and ${where}
      group by 1, ${dims}`;
    await db.execute(summed(sql`${table} r`, sql`r.bucket >= ${first}`));
    if (lateTable === null) continue;
    // The earlier blocks a late bucket falls in, each once.
    const late = sql`(select distinct ${blockOf(sql`bucket`, span)} as block from ${sql.raw(lateTable)}
      where ${blockOf(sql`bucket`, span)} < ${first})`;
    await db.execute(
      sql`delete from ${table} r where r.span = ${span}::int and r.bucket in (select block from ${late} l)`,
    );
    await db.execute(
      summed(
        sql`${late} l join ${table} r on r.bucket >= l.block and r.bucket < l.block + ${`${span * 15} minutes`}::interval`,
        sql`true`,
      ),
    );
  }
}
