import { sql, type SQL } from "drizzle-orm";
import type { TodayQuery, TodayReport } from "../../../domain/contracts/console-reports.ts";
import type { Db } from "../../platform/db/database.ts";
import { affIdOf, brandOf, inPeriod as within, isLive, sourceOf, subIdOf } from "../lead-scope/lead-scope.ts";
import {
  boundsOfDays,
  hashGrouped,
  localDay,
  periodBounds,
  previousDays,
  reportTransaction,
  rowsOf,
  type PeriodBounds,
} from "./report-period.ts";
import { BUCKET_MS, blocksOf, splitAtMark, tiledBlocks } from "./rollup-buckets.ts";
import { buyerCells, moneyCells, moneyRows } from "./today-money.ts";
import { rollupCoveredTo, WIDEST_BLOCK } from "./today-rollup.ts";
import { alsoNarrowed, callCountsOf, narrowing, narrows } from "./today-sums.ts";
import { summarise, type Cell, type PeriodCells } from "./today-summary.ts";

// Today (issue 19, issue 32): the business's figures for a period, by traffic source, publisher, brand, buyer, day and,
// for a single day, hour; with the period before it when asked. One query counts per cell (day started, day
// submitted, outcome, source, brand), the ledger's money joins them (today-money.ts), and today-summary.ts adds them up.

const scoped = { lead: sql.raw("l"), auction: sql.raw("a") };
/** The day of a cell counted over the whole period (the dimensions' grouping): not a day, only "started or not". */
const ALL_DAYS = "*";
/** The lead as it was before its auction came: no auction row (a join on false), so lead-scope reads the lead's own. */
const unsubmitted = { lead: sql.raw("l"), auction: sql.raw("a0") };

const numeric = (rows: Cell[]): Cell[] =>
  rows.map((r) => ({
    ...r,
    n: Number(r.n),
    sent: Number(r.sent),
    bids: Number(r.bids),
    posts_after_bid: Number(r.posts_after_bid),
    revenue_cents: Number(r.revenue_cents),
    redirected: Number(r.redirected),
    returned_cents: Number(r.returned_cents ?? 0),
    payout_cents: Number(r.payout_cents ?? 0),
  }));

/**
 * The cells of a period from the raw rows. Leads come in by either date, each through its own index: created in the
 * period (leads_created_at_idx) or submitted in it (auctions by created_at). Test leads are left out. Source,
 * affiliate, sub id and brand are lead-scope's, which the leads search reads too.
 */
async function rawCells(
  db: Db,
  query: TodayQuery,
  from: Date,
  to: Date,
  dayOf = (column: SQL) => localDay(column, query.tz),
): Promise<Cell[]> {
  const f = from.toISOString();
  const t = to.toISOString();
  const inPeriod = (column: ReturnType<typeof sql>) => within(column, f, t);
  return numeric(
    await rowsOf<Cell>(
      db,
      sql`with ids as (
      select l.id as lead_id from leads l where ${inPeriod(sql`l.created_at`)}
      union
      select a.lead_id from auctions a where ${inPeriod(sql`a.created_at`)}
    ), scope as (
      select l.id,
        case when ${inPeriod(sql`l.created_at`)} then ${dayOf(sql`l.created_at`)} end as started_day,
        case when ${inPeriod(sql`a.created_at`)} then ${dayOf(sql`a.created_at`)} end as completed_day,
        a.status, a.reason, a.price_cents, a.redirected_at,
        ${sourceOf(scoped)} as source,
        ${affIdOf(scoped)} as aff_id,
        ${subIdOf(scoped)} as sub_id,
        ${brandOf(scoped)} as brand
      from ids join leads l on l.id = ids.lead_id left join auctions a on a.lead_id = l.id
      where ${isLive(scoped)}
    )
    select s.started_day, s.completed_day, s.status, s.reason, s.source, s.aff_id, s.sub_id, s.brand,
      count(*)::int as n,
      count(*) filter (where k.calls > 0)::int as sent,
      coalesce(sum(k.bids), 0)::int as bids,
      coalesce(sum(k.posts_after_bid), 0)::int as posts_after_bid,
      coalesce(sum(s.price_cents) filter (where s.status = 'accepted' and s.completed_day is not null), 0)::int8 as revenue_cents,
      count(*) filter (where s.status = 'accepted' and s.completed_day is not null and s.redirected_at is not null)::int as redirected
    from scope s
    left join lateral ${callCountsOf(sql`s.id`)} k on s.completed_day is not null
    ${narrowing(query)}
    group by s.started_day, s.completed_day, s.status, s.reason, s.source, s.aff_id, s.sub_id, s.brand`,
    ),
  );
}

const sums = sql`sum(r.n)::int as n, sum(r.sent)::int as sent, sum(r.bids)::int as bids,
  sum(r.posts_after_bid)::int as posts_after_bid, sum(r.revenue_cents)::int8 as revenue_cents,
  sum(r.redirected)::int as redirected, sum(r.returned_cents)::int8 as returned_cents,
  sum(r.payout_cents)::int8 as payout_cents`;

/**
 * How a report slices time: by local day (tiled by the rollup's blocks), or by local hour for a single day's chart.
 * Every zone's offset is a whole number of quarter hours, so a 15-minute bucket falls in one local hour.
 */
type Slice = { dayOf: (column: SQL) => SQL; byHour: boolean };
const byDay = (tz: string): Slice => ({ dayOf: (column) => localDay(column, tz), byHour: false });
const byHour = (tz: string): Slice => ({
  dayOf: (column) => sql`to_char(${column} at time zone ${tz}, 'HH24')`,
  byHour: true,
});

/**
 * The rolled-up cells of whole buckets in [from, to). Each local day is tiled by the rollup's aligned blocks
 * (blocksOf); hours, and the days of a zone whose midnight is not on a bucket start (none today), read the single
 * buckets, each in the slice of its start.
 */
async function rolledUpCells(
  db: Db,
  query: TodayQuery,
  days: string[],
  from: Date,
  to: Date,
  slice: Slice,
): Promise<PeriodCells> {
  const starts = await rowsOf<{ day: string; ms: number | string }>(
    db,
    sql`select d as day, extract(epoch from (d::date::timestamp at time zone ${query.tz}))::float8 * 1000 as ms
      from unnest(${`{${[...days, "next"].join(",")}}`}::text[]) with ordinality as x(d, k)
      where d <> 'next' order by k`,
  );
  const bounds = starts.map((s) => Number(s.ms));
  const aligned = bounds.every((ms) => ms % BUCKET_MS === 0);
  // Two groupings in one read: every dimension over the whole period (the totals and tables), and each day's
  // stages (the series). Every day's every dimension would be hundreds of cells a day.
  const read = async (rows: SQL) => {
    const cells = numeric(
      await hashGrouped(db, () =>
        rowsOf<Cell>(
          db,
          sql`select case when started then day end as started_day, case when not started then day end as completed_day,
            status, reason, source, aff_id, sub_id, brand, n, sent, bids, posts_after_bid, revenue_cents, redirected,
            returned_cents, payout_cents
          from (
            select case when grouping(r.day) = 0 then r.day else ${ALL_DAYS} end as day, r.started, r.status, r.reason,
              r.source, r.aff_id, r.sub_id, r.brand, ${sums}
            from (${rows}) r
            group by grouping sets ((r.started, r.status, r.reason, r.source, r.aff_id, r.sub_id, r.brand),
              (r.day, r.started, r.status))
          ) x`,
        ),
      ),
    );
    const whole = (c: Cell) => c.started_day === ALL_DAYS || c.completed_day === ALL_DAYS;
    return { byDims: cells.filter(whole), byDay: cells.filter((c) => !whole(c)) };
  };
  if (!aligned || slice.byHour) {
    return read(sql`select ${slice.dayOf(sql`r.bucket`)} as day, r.*
      from today_rollup r
      where r.span = 1 and r.bucket >= ${from.toISOString()}::timestamptz and r.bucket < ${to.toISOString()}::timestamptz
        ${alsoNarrowed(query)}`);
  }
  const blocks = starts.flatMap((s, k) => {
    const start = Math.max(bounds[k]!, from.getTime());
    const end = Math.min(bounds[k + 1] ?? Number.POSITIVE_INFINITY, to.getTime());
    return start < end
      ? blocksOf(start, end, WIDEST_BLOCK).map((b) => ({
          span: b.span,
          bucket: new Date(b.bucket).toISOString(),
          day: s.day,
        }))
      : [];
  });
  if (blocks.length === 0) return { byDims: [], byDay: [] };
  const dayBlocks = sql`jsonb_to_recordset(${JSON.stringify(blocks)}::jsonb) as v(span int, bucket timestamptz, day text)`;
  if (!narrows(query)) {
    // The days tile one stretch: from the first day's start (or `from`) to the last's end (or `to`).
    return unnarrowedCells(db, dayBlocks, Math.max(bounds[0]!, from.getTime()), to.getTime());
  }
  return read(sql`select v.day, r.*
    from ${dayBlocks} join today_rollup r on r.span = v.span and r.bucket = v.bucket
    where true ${alsoNarrowed(query)}`);
}

/**
 * The rolled-up cells of a period no filter narrows (the usual view, docs/decisions/0048-console-exports.md#the-days-
 * series): the totals by every dimension from the whole stretch's widest blocks, and each day's series from the series
 * rollup, whose blocks hold a few rows each. Reading every dimension's rows of every day's blocks, as a narrowed period
 * does, reads some 2,000 rows a day at 500,000 leads.
 */
async function unnarrowedCells(db: Db, dayBlocks: SQL, from: number, to: number): Promise<PeriodCells> {
  type Sided = Omit<Cell, "started_day" | "completed_day"> & { started: boolean; day?: string };
  const [byDims, byDay] = await hashGrouped(db, async () => [
    await rowsOf<Sided>(
      db,
      sql`select r.started, r.status, r.reason, r.source, r.aff_id, r.sub_id, r.brand, ${sums}
        from ${tiledBlocks("today_rollup", from, to, WIDEST_BLOCK)}
        group by r.started, r.status, r.reason, r.source, r.aff_id, r.sub_id, r.brand`,
    ),
    await rowsOf<Sided>(
      db,
      sql`select v.day, r.started, r.status, null as reason, null as source, null as aff_id, null as sub_id,
          null as brand, ${sums}
        from ${dayBlocks} join today_series_rollup r on r.span = v.span and r.bucket = v.bucket
        group by v.day, r.started, r.status`,
    ),
  ]);
  // As the narrowed read answers them: a cell's day on its side (started or submitted), the other null.
  const sided = ({ started, day, ...cell }: Sided): Cell => ({
    ...cell,
    started_day: started ? (day ?? ALL_DAYS) : null,
    completed_day: started ? null : (day ?? ALL_DAYS),
  });
  return {
    byDims: numeric(byDims.map(sided)),
    byDay: numeric(byDay.map(sided)),
  };
}

/**
 * The starts the rollup counted in [from, to) under the lead's own dimensions whose auction came at or after the
 * rollup's coverage mark: taken out there (-1) and counted again under the auction's source, affiliate and sub id
 * (+1), as the raw rows count them now. A lead turned test by its auction only leaves. `to` is the mark itself, or
 * the end of a period that ended before it.
 */
async function lateSubmissionCells(
  db: Db,
  query: TodayQuery,
  from: Date,
  to: Date,
  mark: Date,
  slice: Slice,
): Promise<Cell[]> {
  const moved = (tables: typeof scoped, n: number) => sql`select
      ${slice.dayOf(sql`l.created_at`)} as started_day, null::text as completed_day, null::text as status,
      null::text as reason, ${sourceOf(tables)} as source, ${affIdOf(tables)} as aff_id, ${subIdOf(tables)} as sub_id,
      ${brandOf(tables)} as brand, ${n}::int as n
    from auctions a join leads l on l.id = a.lead_id left join auctions a0 on false
    where a.created_at >= ${mark.toISOString()}::timestamptz
      and ${within(sql`l.created_at`, from.toISOString(), to.toISOString())} and ${isLive(tables)}`;
  return numeric(
    await rowsOf<Cell>(
      db,
      sql`select started_day, completed_day, status, reason, source, aff_id, sub_id, brand, sum(n)::int as n,
        0 as sent, 0 as bids, 0 as posts_after_bid, 0 as revenue_cents, 0 as redirected
      from (${moved(unsubmitted, -1)} union all ${moved(scoped, 1)}) x ${narrowing(query)}
      group by started_day, completed_day, status, reason, source, aff_id, sub_id, brand`,
    ),
  );
}

const CELL_KEYS = ["started_day", "completed_day", "status", "reason", "source", "aff_id", "sub_id", "brand"] as const;
const SUMS = [
  "n",
  "sent",
  "bids",
  "posts_after_bid",
  "revenue_cents",
  "redirected",
  "returned_cents",
  "payout_cents",
] as const;

/** Cells alike in every dimension added into one; a cell left with nothing (a start moved away) is dropped. */
function merged(cells: Cell[]): Cell[] {
  const byKey = new Map<string, Cell>();
  for (const cell of cells) {
    const key = JSON.stringify(CELL_KEYS.map((k) => cell[k]));
    const into = byKey.get(key);
    if (into === undefined) byKey.set(key, { ...cell });
    else for (const s of SUMS) into[s] += cell[s];
  }
  return [...byKey.values()].filter((c) => SUMS.some((s) => c[s] !== 0));
}

/** A stretch read from the raw rows: its leads' cells and the ledger's money written in it. */
async function rawPart(t: Db, query: TodayQuery, from: Date, to: Date, dayOf = (c: SQL) => localDay(c, query.tz)) {
  return [...(await rawCells(t, query, from, to, dayOf)), ...moneyCells(await moneyRows(t, query, from, to, dayOf))];
}

/**
 * The cells of a period: whole settled buckets from the rollup, the rest (the unsettled tail since the rollup's mark,
 * and a first part-bucket in a zone whose midnight is not on one) from the raw rows. A period that ended before the
 * mark reads the rollup to its end and corrects for the auctions that came after the mark, not after its end.
 */
async function countCells(t: Db, query: TodayQuery, bounds: PeriodBounds, slice: Slice): Promise<PeriodCells> {
  const { from, to, days } = bounds;
  const covered = await rollupCoveredTo(t);
  const { rolled: stretch, raw } = splitAtMark(from.getTime(), to.getTime(), covered);
  // Whole cells (the raw rows' and the late submissions') serve both groupings.
  const whole: Cell[] = [];
  for (const part of raw) {
    whole.push(...(await rawPart(t, query, new Date(part.from), new Date(part.to), slice.dayOf)));
  }
  if (stretch === null || covered === null) return both(whole);
  const [first, end] = [new Date(stretch.from), new Date(stretch.to)];
  whole.push(...(await lateSubmissionCells(t, query, first, end, covered, slice)));
  const rolled = await rolledUpCells(t, query, days, first, end, slice);
  return { byDims: merged([...rolled.byDims, ...whole]), byDay: merged([...rolled.byDay, ...whole]) };
}

/** Whole cells as both groupings. */
const both = (cells: Cell[]): PeriodCells => {
  const kept = merged(cells);
  return { byDims: kept, byDay: kept };
};

/**
 * One period's answer, all of it read in one snapshot so a rebuild committing meanwhile is seen whole or not at all.
 * `raw`: from the raw rows alone, as the report was before the rollup (what the rollup's tests compare it with).
 */
function periodReport(db: Db, query: TodayQuery, bounds: PeriodBounds, raw: boolean) {
  const { from, to } = bounds;
  return reportTransaction(
    db,
    async (t) => {
      const day = byDay(query.tz);
      const cells = raw ? both(await rawPart(t, query, from, to)) : await countCells(t, query, bounds, day);
      const buyers = await buyerCells(t, query, from, to, raw);
      const hour = byHour(query.tz);
      const hourly =
        bounds.days.length !== 1
          ? null
          : raw
            ? await rawPart(t, query, from, to, hour.dayOf)
            : (await countCells(t, query, bounds, hour)).byDay;
      return summarise(cells, buyers, hourly, bounds, query);
    },
    true,
  );
}

async function report(db: Db, query: TodayQuery, now: Date, raw: boolean): Promise<TodayReport> {
  const { name, ...bounds } = await periodBounds(db, query, now);
  const current = await periodReport(db, query, bounds, raw);
  if (query.compare !== "previous") return { period: name, ...current, previous: null };
  const before = previousDays(bounds.days[0]!, bounds.days.at(-1)!);
  const earlier = await boundsOfDays(db, before.first, before.last, query.tz, now);
  return { period: name, ...current, previous: await periodReport(db, query, earlier, raw) };
}

export const todayReport = (db: Db, query: TodayQuery, now: Date) => report(db, query, now, false);

/** The report from the raw rows alone, as it was before the rollup: what the rollup's tests compare it with. */
export const rawTodayReport = (db: Db, query: TodayQuery, now: Date) => report(db, query, now, true);
