import { sql } from "drizzle-orm";
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
import { localDay, periodBounds, reportRowsOf } from "./report-period.ts";

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

type Counts = Omit<Figures, "earnings_per_lead_cents" | "accept_rate" | "ping_to_post_rate" | "redirect_rate">;
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
    accept_rate: ratio(c.sold, c.completed),
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
  accept_rate: "sold",
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
      .sort(byStarted),
    by_brand: [...byBrand].map(([brand, counts]) => ({ brand, figures: figuresOf(counts) })).sort(byStarted),
  };
}

const scoped = { lead: sql.raw("l"), auction: sql.raw("a") };

/**
 * The cells of a period. Leads come in by either date, each through its own index: created in the period
 * (leads_created_at_idx) or submitted in it (auctions by created_at). Test leads are left out. Source,
 * affiliate, sub id and brand are lead-scope's, which the leads search reads too.
 */
async function todayCells(db: Db, query: TodayQuery, from: Date, to: Date): Promise<Cell[]> {
  const f = from.toISOString();
  const t = to.toISOString();
  const inPeriod = (column: ReturnType<typeof sql>) => within(column, f, t);
  const filters = [
    query.source !== undefined ? sql`source = ${query.source}` : undefined,
    query.aff_id !== undefined ? sql`aff_id = ${query.aff_id}` : undefined,
    query.brand !== undefined ? sql`brand = ${query.brand}` : undefined,
  ].filter((x) => x !== undefined);
  const where = filters.length > 0 ? sql`where ${sql.join(filters, sql` and `)}` : sql``;
  const rows = await reportRowsOf<Cell>(
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
      coalesce(sum(s.price_cents) filter (where s.status = 'accepted' and s.completed_day is not null), 0)::int as revenue_cents,
      count(*) filter (where s.status = 'accepted' and s.completed_day is not null and s.redirected_at is not null)::int as redirected
    from scope s
    left join lateral (
      select count(*) as calls,
        count(*) filter (where c.kind = 'ping' and c.state = 'bid') as bids,
        count(*) filter (where c.kind = 'post' and exists (
          select 1 from buyer_calls b
          where b.lead_id = c.lead_id and b.buyer_id = c.buyer_id and b.kind = 'ping' and b.state = 'bid')) as posts_after_bid
      from buyer_calls c where c.lead_id = s.id
    ) k on s.completed_day is not null
    ${where}
    group by s.started_day, s.completed_day, s.status, s.reason, s.source, s.aff_id, s.sub_id, s.brand`,
  );
  return rows.map((r) => ({ ...r, n: Number(r.n) }));
}

export async function todayReport(db: Db, query: TodayQuery, now: Date): Promise<TodayReport> {
  const bounds = await periodBounds(db, query.period, query.tz, now);
  return summarise(await todayCells(db, query, bounds.from, bounds.to), bounds, query);
}
