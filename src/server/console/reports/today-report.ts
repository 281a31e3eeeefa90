import { sql, type SQL } from "drizzle-orm";
import {
  leadsQueryOf,
  NONE,
  type Figures,
  type LeadStage,
  type TodayQuery,
  type TodayReport,
} from "../../../domain/contracts/console-reports.ts";
import type { Db } from "../../platform/db/database.ts";
import { affIdOf, brandOf, inPeriod as within, isLive, sourceOf, subIdOf } from "../lead-scope/lead-scope.ts";
import { hashGrouped, localDay, periodBounds, reportTransaction, rowsOf, type PeriodBounds } from "./report-period.ts";
import { BUCKET_MS, blocksOf, bucketCeil } from "./rollup-buckets.ts";
import { rollupCoveredTo, WIDEST_BLOCK } from "./today-rollup.ts";
import { callCountsOf, narrowing } from "./today-sums.ts";

// Today (issue 19): the business's figures for a period, by traffic source, by brand and by day. The
// definitions are the contract's (figuresSchema in src/domain/contracts/console-reports.ts). One query
// counts per cell (day started, day submitted, outcome, source, brand); the totals, breakdowns and series
// are sums of the same cells, so they cannot disagree with one another.

/** One group of leads alike in every dimension the report splits by. */
type Cell = {
  started_day: string | null;
  completed_day: string | null;
  status: string | null;
  reason: string | null;
  source: string;
  aff_id: string;
  sub_id: string;
  brand: string;
  n: number;
  sent: number;
  bids: number;
  posts_after_bid: number;
  revenue_cents: number;
  redirected: number;
};

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

type Counts = Omit<Figures, "earnings_per_lead_cents" | "sell_through" | "ping_to_post_rate" | "redirect_rate">;
const noCounts = (): Counts => ({
  started: 0,
  completed: 0,
  sent: 0,
  sold: 0,
  rejected: 0,
  redirected: 0,
  bids: 0,
  posts_after_bid: 0,
  revenue_cents: 0,
});

function add(to: Counts, cell: Cell) {
  if (cell.started_day !== null) to.started += cell.n;
  if (cell.completed_day === null) return;
  to.completed += cell.n;
  if (cell.status === "accepted") to.sold += cell.n;
  if (cell.status === "rejected") to.rejected += cell.n;
  to.sent += cell.sent;
  to.redirected += cell.redirected;
  to.bids += cell.bids;
  to.posts_after_bid += cell.posts_after_bid;
  to.revenue_cents += cell.revenue_cents;
}

function figuresOf(c: Counts): Figures {
  const perLead = ratio(c.revenue_cents, c.completed);
  return {
    ...c,
    earnings_per_lead_cents: perLead === null ? null : Math.round(perLead),
    sell_through: ratio(c.sold, c.completed),
    ping_to_post_rate: ratio(c.posts_after_bid, c.bids),
    redirect_rate: ratio(c.redirected, c.sold),
  };
}

function sumBy<K extends string>(cells: Cell[], keyOf: (c: Cell) => K): Map<K, Counts> {
  const sums = new Map<K, Counts>();
  for (const cell of cells) {
    const key = keyOf(cell);
    const counts = sums.get(key) ?? noCounts();
    add(counts, cell);
    sums.set(key, counts);
  }
  return sums;
}

/** Each total's leads: a rate's are its numerator's. */
const FIGURE_STAGES: Record<string, LeadStage> = {
  started: "started",
  completed: "completed",
  sent: "sent",
  sold: "sold",
  rejected: "rejected",
  redirected: "redirected",
  revenue_cents: "sold",
  earnings_per_lead_cents: "sold",
  sell_through: "sold",
  ping_to_post_rate: "sent",
  redirect_rate: "redirected",
};

/** The report from its cells; pure, so the arithmetic is tested on its own as well as against the rows. */
function summarise(
  cells: Cell[],
  bounds: { from: Date; to: Date; tz: string; days: string[] },
  query: TodayQuery,
): TodayReport {
  const span = { from: bounds.from.toISOString(), to: bounds.to.toISOString() };
  const narrow = { source: query.source, aff_id: query.aff_id, brand: query.brand };
  const totals = sumBy(cells, () => "all").get("all") ?? noCounts();
  const reasons = new Map<string, number>();
  for (const c of cells) {
    if (c.completed_day === null || c.status !== "rejected") continue;
    const reason = c.reason ?? NONE;
    reasons.set(reason, (reasons.get(reason) ?? 0) + c.n);
  }
  const startedByDay = sumBy(
    cells.filter((c) => c.started_day !== null),
    (c) => c.started_day as string,
  );
  const completedByDay = sumBy(
    cells.filter((c) => c.completed_day !== null),
    (c) => c.completed_day as string,
  );
  const bySource = sumBy(cells, (c) => JSON.stringify([c.source, c.aff_id, c.sub_id]));
  const byBrand = sumBy(cells, (c) => c.brand);
  // Ties by name, so the order is the same however the cells came (rows, rollup, or both).
  const byStarted = (a: { figures: Figures }, b: { figures: Figures }) =>
    b.figures.completed - a.figures.completed || b.figures.started - a.figures.started;
  return {
    period: query.period,
    bounds: { ...span, tz: bounds.tz },
    totals: figuresOf(totals),
    queries: Object.fromEntries(
      Object.entries(FIGURE_STAGES).map(([figure, stage]) => [figure, leadsQueryOf(span, stage, narrow)]),
    ),
    rejected_by_reason: [...reasons]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([reason, count]) => ({ reason, count, query: leadsQueryOf(span, "rejected", { ...narrow, reason }) })),
    series: bounds.days.map((day) => {
      const started = startedByDay.get(day);
      const completed = completedByDay.get(day);
      return {
        day,
        started: started?.started ?? 0,
        completed: completed?.completed ?? 0,
        sold: completed?.sold ?? 0,
        revenue_cents: completed?.revenue_cents ?? 0,
      };
    }),
    by_source: [...bySource]
      .map(([key, counts]) => {
        const [source, aff_id, sub_id] = JSON.parse(key) as [string, string, string];
        return { source, aff_id, sub_id, figures: figuresOf(counts) };
      })
      .sort(
        (a, b) =>
          byStarted(a, b) ||
          a.source.localeCompare(b.source) ||
          a.aff_id.localeCompare(b.aff_id) ||
          a.sub_id.localeCompare(b.sub_id),
      ),
    by_brand: [...byBrand]
      .map(([brand, counts]) => ({ brand, figures: figuresOf(counts) }))
      .sort((a, b) => byStarted(a, b) || a.brand.localeCompare(b.brand)),
  };
}

const scoped = { lead: sql.raw("l"), auction: sql.raw("a") };
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
  }));

/**
 * The cells of a period from the raw rows. Leads come in by either date, each through its own index: created in the
 * period (leads_created_at_idx) or submitted in it (auctions by created_at). Test leads are left out. Source,
 * affiliate, sub id and brand are lead-scope's, which the leads search reads too.
 */
async function rawCells(db: Db, query: TodayQuery, from: Date, to: Date): Promise<Cell[]> {
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
        case when ${inPeriod(sql`l.created_at`)} then ${localDay(sql`l.created_at`, query.tz)} end as started_day,
        case when ${inPeriod(sql`a.created_at`)} then ${localDay(sql`a.created_at`, query.tz)} end as completed_day,
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
  sum(r.redirected)::int as redirected`;

/**
 * The rolled-up cells of whole buckets in [from, to). Each local day is tiled by the rollup's aligned blocks
 * (blocksOf); a zone whose midnight is not on a bucket start (none today) reads the single buckets, each in the day of
 * its start.
 */
async function rolledUpCells(db: Db, query: TodayQuery, days: string[], from: Date, to: Date): Promise<Cell[]> {
  const starts = await rowsOf<{ day: string; ms: number | string }>(
    db,
    sql`select d as day, extract(epoch from (d::date::timestamp at time zone ${query.tz}))::float8 * 1000 as ms
      from unnest(${`{${[...days, "next"].join(",")}}`}::text[]) with ordinality as x(d, k)
      where d <> 'next' order by k`,
  );
  const bounds = starts.map((s) => Number(s.ms));
  const aligned = bounds.every((ms) => ms % BUCKET_MS === 0);
  const outer = (inner: SQL) => sql`select case when started then day end as started_day,
      case when not started then day end as completed_day,
      status, reason, source, aff_id, sub_id, brand, n, sent, bids, posts_after_bid, revenue_cents, redirected
    from (${inner}) x ${narrowing(query)}`;
  if (!aligned) {
    return numeric(
      await rowsOf<Cell>(
        db,
        outer(sql`select ${localDay(sql`r.bucket`, query.tz)} as day, r.started, r.status, r.reason, r.source,
          r.aff_id, r.sub_id, r.brand, ${sums}
        from today_rollup r
        where r.span = 1 and r.bucket >= ${from.toISOString()}::timestamptz and r.bucket < ${to.toISOString()}::timestamptz
        group by 1, 2, 3, 4, 5, 6, 7, 8`),
      ),
    );
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
  if (blocks.length === 0) return [];
  return numeric(
    await hashGrouped(db, () =>
      rowsOf<Cell>(
        db,
        outer(sql`select v.day, r.started, r.status, r.reason, r.source, r.aff_id, r.sub_id, r.brand, ${sums}
        from jsonb_to_recordset(${JSON.stringify(blocks)}::jsonb) as v(span int, bucket timestamptz, day text)
        join today_rollup r on r.span = v.span and r.bucket = v.bucket
        group by 1, 2, 3, 4, 5, 6, 7, 8`),
      ),
    ),
  );
}

/**
 * The starts the rollup counted in [from, mark) under the lead's own dimensions whose auction came at or after the
 * mark: taken out there (-1) and counted again under the auction's source, affiliate and sub id (+1), as the raw
 * rows count them now. A lead turned test by its auction only leaves.
 */
async function lateSubmissionCells(db: Db, query: TodayQuery, from: Date, mark: Date): Promise<Cell[]> {
  const moved = (tables: typeof scoped, n: number) => sql`select
      ${localDay(sql`l.created_at`, query.tz)} as started_day, null::text as completed_day, null::text as status,
      null::text as reason, ${sourceOf(tables)} as source, ${affIdOf(tables)} as aff_id, ${subIdOf(tables)} as sub_id,
      ${brandOf(tables)} as brand, ${n}::int as n
    from auctions a join leads l on l.id = a.lead_id left join auctions a0 on false
    where a.created_at >= ${mark.toISOString()}::timestamptz
      and ${within(sql`l.created_at`, from.toISOString(), mark.toISOString())} and ${isLive(tables)}`;
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
const SUMS = ["n", "sent", "bids", "posts_after_bid", "revenue_cents", "redirected"] as const;

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

/**
 * The cells of a period: whole settled buckets from the rollup, the rest (the unsettled tail since the rollup's mark,
 * and a first part-bucket in a zone whose midnight is not on one) from the raw rows, all read in one snapshot so a
 * rebuild committing meanwhile is seen entirely or not at all.
 */
async function todayCells(db: Db, query: TodayQuery, bounds: PeriodBounds): Promise<Cell[]> {
  const { from, to, days } = bounds;
  return reportTransaction(
    db,
    async (t) => {
      const covered = await rollupCoveredTo(t);
      const first = bucketCeil(from.getTime());
      const mark = covered === null ? first : Math.min(Math.max(covered.getTime(), first), to.getTime());
      if (mark <= first) return rawCells(t, query, from, to);
      const cells = [
        ...(first > from.getTime() ? await rawCells(t, query, from, new Date(first)) : []),
        ...(await rolledUpCells(t, query, days, new Date(first), new Date(mark))),
        ...(await rawCells(t, query, new Date(mark), to)),
        ...(await lateSubmissionCells(t, query, new Date(first), new Date(mark))),
      ];
      return merged(cells);
    },
    true,
  );
}

export async function todayReport(db: Db, query: TodayQuery, now: Date): Promise<TodayReport> {
  const bounds = await periodBounds(db, query.period, query.tz, now);
  return summarise(await todayCells(db, query, bounds), bounds, query);
}

/** The report from the raw rows alone, as it was before the rollup: what the rollup's tests compare it with. */
export async function rawTodayReport(db: Db, query: TodayQuery, now: Date): Promise<TodayReport> {
  const bounds = await periodBounds(db, query.period, query.tz, now);
  const cells = await reportTransaction(db, (tx) => rawCells(tx, query, bounds.from, bounds.to));
  return summarise(cells, bounds, query);
}
