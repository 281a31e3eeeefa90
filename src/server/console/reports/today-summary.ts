import {
  leadsQueryOf,
  NONE,
  type BuyerSums,
  type Figures,
  type LeadStage,
  type PeriodReport,
  type SeriesSums,
  type TodayQuery,
} from "../../../domain/contracts/console-reports.ts";
import type { PeriodBounds } from "./report-period.ts";

// Today's arithmetic (issue 19, issue 32): one period's answer from its cells, pure, so it is tested on its own as well
// as against the rows. The totals, tables, their totals rows and the series are sums of the same cells, so they cannot
// disagree with one another. The definitions are the contract's (figuresSchema in
// src/domain/contracts/console-reports.ts).

/**
 * One group of leads alike in every dimension the report splits by. `day` is a local day, or an hour ("00" to "23")
 * in the hourly series. A money cell (returns and payouts from the ledger, dated when written) has n = 0, no status,
 * and its ledger day as `completed_day`.
 */
export type Cell = {
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
  /** The sold auctions' prices (the rollup's column keeps this name): the figures' sales_cents. */
  revenue_cents: number;
  redirected: number;
  /** Positive: what granted returns took back. */
  returned_cents: number;
  /** Payouts earned less reversed. */
  payout_cents: number;
};

/**
 * A period's cells two ways: `byDims` for the totals and tables (a cell's days only tell started from submitted), and
 * `byDay` for the series (its source, affiliate, sub id, brand and reason unused). A list of whole cells serves as
 * both; the rollup's reads give each apart, far fewer cells than every dimension of every day.
 */
export type PeriodCells = { byDims: Cell[]; byDay: Cell[] };

/** A buyer's sales and money in a period, before the sums derived from them. */
export type BuyerCell = {
  buyer_id: string;
  sold: number;
  sales_cents: number;
  returned_cents: number;
  payout_cents: number;
};

const ratio = (a: number, b: number) => (b === 0 ? null : a / b);

type Derived =
  "revenue_cents" | "profit_cents" | "earnings_per_lead_cents" | "sell_through" | "ping_to_post_rate" | "redirect_rate";
type Counts = Omit<Figures, Derived>;
const noCounts = (): Counts => ({
  started: 0,
  completed: 0,
  sent: 0,
  sold: 0,
  rejected: 0,
  redirected: 0,
  bids: 0,
  posts_after_bid: 0,
  sales_cents: 0,
  returned_cents: 0,
  payout_cents: 0,
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
  to.sales_cents += cell.revenue_cents;
  to.returned_cents += cell.returned_cents;
  to.payout_cents += cell.payout_cents;
}

/** Revenue is sales less returns; profit is revenue less payouts (docs/decisions/0047-report-periods-and-profit.md). */
const moneyOf = (c: { sales_cents: number; returned_cents: number; payout_cents: number }) => {
  const revenue_cents = c.sales_cents - c.returned_cents;
  return { revenue_cents, profit_cents: revenue_cents - c.payout_cents };
};

function figuresOf(c: Counts): Figures {
  const money = moneyOf(c);
  const perLead = ratio(money.revenue_cents, c.completed);
  return {
    ...c,
    ...money,
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

/** A table's totals row: its rows' counts added up, its rates from those sums. */
function totalOf(rows: { figures: Figures }[]): Figures {
  const sum = noCounts();
  for (const { figures } of rows) for (const key of Object.keys(sum) as (keyof Counts)[]) sum[key] += figures[key];
  return figuresOf(sum);
}

const SERIES_KEYS = ["started", "completed", "sold", "sales_cents", "returned_cents", "payout_cents"] as const;
function seriesTotal(rows: SeriesSums[]): SeriesSums {
  const sum = { started: 0, completed: 0, sold: 0, sales_cents: 0, returned_cents: 0, payout_cents: 0 };
  for (const row of rows) for (const key of SERIES_KEYS) sum[key] += row[key];
  return { ...sum, ...moneyOf(sum) };
}

/** A series' rows, one per key (a day, or an hour as "00".."23") of `keys`, keys without leads included. */
function seriesOf(cells: Cell[], keys: string[]): (SeriesSums & { key: string })[] {
  const startedBy = sumBy(
    cells.filter((c) => c.started_day !== null),
    (c) => c.started_day as string,
  );
  const completedBy = sumBy(
    cells.filter((c) => c.completed_day !== null),
    (c) => c.completed_day as string,
  );
  return keys.map((key) => {
    const done = completedBy.get(key) ?? noCounts();
    const sums = {
      started: startedBy.get(key)?.started ?? 0,
      completed: done.completed,
      sold: done.sold,
      sales_cents: done.sales_cents,
      returned_cents: done.returned_cents,
      payout_cents: done.payout_cents,
    };
    return { key, ...sums, ...moneyOf(sums) };
  });
}

function buyerRows(buyers: BuyerCell[]): PeriodReport["by_buyer"] {
  const byId = new Map<string, BuyerCell>();
  for (const b of buyers) {
    const into = byId.get(b.buyer_id) ?? {
      buyer_id: b.buyer_id,
      sold: 0,
      sales_cents: 0,
      returned_cents: 0,
      payout_cents: 0,
    };
    into.sold += b.sold;
    into.sales_cents += b.sales_cents;
    into.returned_cents += b.returned_cents;
    into.payout_cents += b.payout_cents;
    byId.set(b.buyer_id, into);
  }
  return [...byId.values()]
    .map((b) => ({ ...b, ...moneyOf(b) }))
    .sort((a, b) => b.revenue_cents - a.revenue_cents || a.buyer_id.localeCompare(b.buyer_id));
}

function buyerTotal(rows: PeriodReport["by_buyer"]): BuyerSums {
  const sum = { sold: 0, sales_cents: 0, returned_cents: 0, payout_cents: 0 };
  for (const row of rows) for (const key of Object.keys(sum) as (keyof typeof sum)[]) sum[key] += row[key];
  return { ...sum, ...moneyOf(sum) };
}

/** Each total's leads: a rate's are its numerator's. Returns and payouts are the ledger's, not a stage's leads. */
const FIGURE_STAGES: Record<string, LeadStage> = {
  started: "started",
  completed: "completed",
  sent: "sent",
  sold: "sold",
  rejected: "rejected",
  redirected: "redirected",
  sales_cents: "sold",
  revenue_cents: "sold",
  earnings_per_lead_cents: "sold",
  sell_through: "sold",
  ping_to_post_rate: "sent",
  redirect_rate: "redirected",
};

/** The local hours of the hourly series. */
const HOURS = Array.from({ length: 24 }, (_, h) => String(h).padStart(2, "0"));

/**
 * One period's answer from its cells (and, for a single day, the same day's cells by hour, as byDay cells).
 * Ties sort by name, so the order is the same however the cells came (rows, rollup, or both).
 */
export function summarise(
  { byDims: cells, byDay }: PeriodCells,
  buyers: BuyerCell[],
  hourCells: Cell[] | null,
  bounds: PeriodBounds,
  query: TodayQuery,
): PeriodReport {
  const span = { from: bounds.from.toISOString(), to: bounds.to.toISOString() };
  const narrow = { source: query.source, aff_id: query.aff_id, brand: query.brand };
  const totals = sumBy(cells, () => "all").get("all") ?? noCounts();
  const reasons = new Map<string, number>();
  for (const c of cells) {
    if (c.completed_day === null || c.status !== "rejected") continue;
    const reason = c.reason ?? NONE;
    reasons.set(reason, (reasons.get(reason) ?? 0) + c.n);
  }
  const byBusiest = (a: { figures: Figures }, b: { figures: Figures }) =>
    b.figures.completed - a.figures.completed || b.figures.started - a.figures.started;
  const bySource = [...sumBy(cells, (c) => JSON.stringify([c.source, c.aff_id, c.sub_id]))]
    .map(([key, counts]) => {
      const [source, aff_id, sub_id] = JSON.parse(key) as [string, string, string];
      return { source, aff_id, sub_id, figures: figuresOf(counts) };
    })
    .sort(
      (a, b) =>
        byBusiest(a, b) ||
        a.source.localeCompare(b.source) ||
        a.aff_id.localeCompare(b.aff_id) ||
        a.sub_id.localeCompare(b.sub_id),
    );
  const byPublisher = [...sumBy(cells, (c) => c.aff_id)]
    .map(([aff_id, counts]) => ({ aff_id, figures: figuresOf(counts) }))
    .sort((a, b) => byBusiest(a, b) || a.aff_id.localeCompare(b.aff_id));
  const byBrand = [...sumBy(cells, (c) => c.brand)]
    .map(([brand, counts]) => ({ brand, figures: figuresOf(counts) }))
    .sort((a, b) => byBusiest(a, b) || a.brand.localeCompare(b.brand));
  const series = seriesOf(byDay, bounds.days).map(({ key, ...sums }) => ({ day: key, ...sums }));
  const byHour =
    hourCells === null ? null : seriesOf(hourCells, HOURS).map(({ key, ...sums }) => ({ hour: Number(key), ...sums }));
  const byBuyer = buyerRows(buyers);
  return {
    bounds: { ...span, tz: bounds.tz, first_day: bounds.days[0]!, last_day: bounds.days.at(-1)! },
    totals: figuresOf(totals),
    queries: Object.fromEntries(
      Object.entries(FIGURE_STAGES).map(([figure, stage]) => [figure, leadsQueryOf(span, stage, narrow)]),
    ),
    rejected_by_reason: [...reasons]
      .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
      .map(([reason, count]) => ({ reason, count, query: leadsQueryOf(span, "rejected", { ...narrow, reason }) })),
    series,
    by_hour: byHour,
    by_source: bySource,
    by_publisher: byPublisher,
    by_brand: byBrand,
    by_buyer: byBuyer,
    table_totals: {
      series: seriesTotal(series),
      by_hour: byHour === null ? null : seriesTotal(byHour),
      by_source: totalOf(bySource),
      by_publisher: totalOf(byPublisher),
      by_brand: totalOf(byBrand),
      by_buyer: buyerTotal(byBuyer),
    },
  };
}
