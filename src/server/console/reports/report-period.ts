import { sql } from "drizzle-orm";
import { PERIOD_DAYS, type ReportPeriod } from "../../../domain/contracts/console-reports.ts";
import type { Db } from "../../platform/db/database.ts";

export type PeriodBounds = { from: Date; to: Date; tz: string; days: string[] };

/** The rows of a raw query, on PGlite and node-postgres alike. */
export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * A report's reads in one transaction with PostgreSQL's JIT compilation off: at volume the planner's cost estimates
 * pass the JIT threshold, and compiling then took about a second, several times the query itself (bench/console.ts).
 * `snapshot`: repeatable read, so a rollup rebuild committing meanwhile is seen entirely or not at all.
 */
export function reportTransaction<T>(db: Db, read: (tx: Db) => Promise<T>, snapshot = false): Promise<T> {
  return db.transaction(
    async (tx) => {
      await tx.execute(sql`set local jit = off`);
      return read(tx as unknown as Db);
    },
    snapshot ? { isolationLevel: "repeatable read" } : undefined,
  );
}

/**
 * A read of a rollup's blocks, grouped by hashing rather than sorting. The planner cannot tell how many rows a list
 * of blocks holds (a wide block holds hundreds of times a narrow one's), guesses few, and sorts them instead: tens of
 * thousands of rows on several text columns, three times the read itself at 500,000 leads (bench/console.ts).
 */
export async function hashGrouped<T>(tx: Db, read: () => Promise<T>): Promise<T> {
  await tx.execute(sql`set local enable_sort = off`);
  try {
    return await read();
  } finally {
    await tx.execute(sql`set local enable_sort = on`);
  }
}

/**
 * The period as instants and local days: from the operator's midnight `PERIOD_DAYS - 1` days before today (in
 * `tz`) to now. PostgreSQL does the zone arithmetic (`AT TIME ZONE`), as the reports' day buckets do, so a
 * day here and a bucket there always agree, daylight-saving days included.
 */
export async function periodBounds(db: Db, period: ReportPeriod, tz: string, now: Date): Promise<PeriodBounds> {
  const back = PERIOD_DAYS[period] - 1;
  const [row] = await rowsOf<{ from_ms: number; first_day: string }>(
    db,
    sql`select extract(epoch from ((((${now.toISOString()}::timestamptz at time zone ${tz})::date - ${back}::int)::timestamp) at time zone ${tz}))::float8 * 1000 as from_ms,
      to_char((${now.toISOString()}::timestamptz at time zone ${tz})::date - ${back}::int, 'YYYY-MM-DD') as first_day`,
  );
  if (!row) throw new Error("no period");
  const days: string[] = [];
  const first = Date.parse(`${row.first_day}T00:00:00Z`);
  for (let i = 0; i <= back; i++) days.push(new Date(first + i * 86_400_000).toISOString().slice(0, 10));
  return { from: new Date(Number(row.from_ms)), to: now, tz, days };
}

/** A timestamp's local day in `tz`, as YYYY-MM-DD, in SQL. */
export const localDay = (column: ReturnType<typeof sql>, tz: string) =>
  sql`to_char((${column} at time zone ${tz})::date, 'YYYY-MM-DD')`;
