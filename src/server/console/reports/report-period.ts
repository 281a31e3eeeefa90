import { sql } from "drizzle-orm";
import { PERIOD_DAYS, type ReportPeriod } from "../../../domain/contracts/console-reports.ts";
import type { Db } from "../../platform/db/database.ts";

export type PeriodBounds = { from: Date; to: Date; tz: string; days: string[] };

/** The rows of a raw query, on PGlite and node-postgres alike. */
export async function rowsOf<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

// The reports turn PostgreSQL's JIT compilation off (`set local jit = off`, in their own transaction): at volume
// the planner's cost estimates pass the JIT threshold, and compiling then took about a second, several times the
// query itself (bench/console.ts).

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
