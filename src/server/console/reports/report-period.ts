import { sql } from "drizzle-orm";
import {
  CUSTOM_PERIOD,
  daysBetween,
  PERIOD_MESSAGES,
  type PERIOD_NAMES,
  type ReportPeriod,
} from "../../../domain/contracts/console-reports.ts";
import type { Db } from "../../platform/db/database.ts";

export type PeriodBounds = { from: Date; to: Date; tz: string; days: string[] };
type PeriodName = (typeof PERIOD_NAMES)[number];

import { rowsOf } from "../../platform/db/rows-of.ts";

export { rowsOf };

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

/** What a report was asked for: a named period, or `from` and `to` (local days, both counted) in `tz`. */
export type PeriodAsk = { period: ReportPeriod; from?: string | undefined; to?: string | undefined; tz: string };

/** A request the contract's checks let through but the clock refuses (a range ending after today): a 400. */
class PeriodError extends Error {
  readonly statusCode = 400;
}

const dayMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);
export const addDays = (day: string, n: number) => dayOf(dayMs(day) + n * 86_400_000);

/** The first and last local day a period covers, given today's local date (YYYY-MM-DD). Calendar arithmetic only. */
export function periodDays(ask: PeriodAsk, today: string): { name: PeriodName; first: string; last: string } {
  if (ask.from !== undefined && ask.to !== undefined) return { name: CUSTOM_PERIOD, first: ask.from, last: ask.to };
  const month = today.slice(0, 8);
  switch (ask.period) {
    case "today":
      return { name: ask.period, first: today, last: today };
    case "yesterday":
      return { name: ask.period, first: addDays(today, -1), last: addDays(today, -1) };
    case "7d":
      return { name: ask.period, first: addDays(today, -6), last: today };
    case "30d":
      return { name: ask.period, first: addDays(today, -29), last: today };
    case "this_month":
      return { name: ask.period, first: `${month}01`, last: today };
    case "last_month": {
      const last = addDays(`${month}01`, -1);
      return { name: ask.period, first: `${last.slice(0, 8)}01`, last };
    }
  }
}

/** The period of as many days just before `first`..`last`, ending where it starts. */
export function previousDays(first: string, last: string): { first: string; last: string } {
  const n = daysBetween(first, last);
  return { first: addDays(first, -n), last: addDays(first, -1) };
}

/**
 * Local days as instants: from the operator's midnight starting `first` to the one after `last`, or now if that is
 * sooner. PostgreSQL does the zone arithmetic (`AT TIME ZONE`), as the reports' day buckets do, so a day here and a
 * bucket there always agree, daylight-saving days included.
 */
export async function boundsOfDays(db: Db, first: string, last: string, tz: string, now: Date): Promise<PeriodBounds> {
  const [row] = await rowsOf<{ from_ms: number; end_ms: number }>(
    db,
    sql`select extract(epoch from (${first}::date::timestamp at time zone ${tz}))::float8 * 1000 as from_ms,
      extract(epoch from ((${last}::date + 1)::timestamp at time zone ${tz}))::float8 * 1000 as end_ms`,
  );
  if (!row) throw new Error("no period");
  const days: string[] = [];
  for (let ms = dayMs(first); ms <= dayMs(last); ms += 86_400_000) days.push(dayOf(ms));
  const end = Math.min(Number(row.end_ms), now.getTime());
  return { from: new Date(Number(row.from_ms)), to: new Date(end), tz, days };
}

/** Today's date in `tz`, as PostgreSQL reads the zone. */
async function localToday(db: Db, tz: string, now: Date): Promise<string> {
  const [row] = await rowsOf<{ today: string }>(
    db,
    sql`select to_char((${now.toISOString()}::timestamptz at time zone ${tz})::date, 'YYYY-MM-DD') as today`,
  );
  if (!row) throw new Error("no today");
  return row.today;
}

/**
 * The one reading of a report's period, for every report route: the named period or the range, as instants and local
 * days. A range ending after today is refused (a 400): its figures would be a part-day that looks whole.
 */
export async function periodBounds(db: Db, ask: PeriodAsk, now: Date): Promise<PeriodBounds & { name: PeriodName }> {
  const today = await localToday(db, ask.tz, now);
  const { name, first, last } = periodDays(ask, today);
  if (last > today) throw new PeriodError(PERIOD_MESSAGES.future);
  return { name, ...(await boundsOfDays(db, first, last, ask.tz, now)) };
}

/** A timestamp's local day in `tz`, as YYYY-MM-DD, in SQL. */
export const localDay = (column: ReturnType<typeof sql>, tz: string) =>
  sql`to_char((${column} at time zone ${tz})::date, 'YYYY-MM-DD')`;
