import { leadsQueryOf, type BuyerReasons, type Figures, type TodayReport } from "#domain/contracts/console-reports.ts";

// For the Today screen's tests: one period's report, and the buyers' reasons for the same period.

export const span = { from: "2026-03-10T04:00:00.000Z", to: "2026-03-10T16:00:00.000Z" };
const figures = (over: Partial<Figures> = {}): Figures => ({
  started: 12,
  completed: 8,
  sent: 7,
  sold: 4,
  rejected: 3,
  redirected: 3,
  bids: 10,
  posts_after_bid: 5,
  sales_cents: 12_345,
  returned_cents: 0,
  revenue_cents: 12_345,
  payout_cents: 2_000,
  profit_cents: 10_345,
  earnings_per_lead_cents: 1_543,
  sell_through: 0.5,
  ping_to_post_rate: 0.5,
  redirect_rate: 0.75,
  ...over,
});
const money = {
  sales_cents: 12_345,
  returned_cents: 0,
  revenue_cents: 12_345,
  payout_cents: 2_000,
  profit_cents: 10_345,
};
const day = { started: 12, completed: 8, sold: 4, ...money };
const buyer = { sold: 4, ...money };
export const REPORT: TodayReport = {
  period: "today",
  bounds: { ...span, tz: "America/New_York", first_day: "2026-03-10", last_day: "2026-03-10" },
  totals: figures(),
  queries: {
    started: leadsQueryOf(span, "started"),
    sold: leadsQueryOf(span, "sold"),
    revenue_cents: leadsQueryOf(span, "sold"),
  },
  rejected_by_reason: [
    { reason: "duplicate", count: 3, query: leadsQueryOf(span, "rejected", { reason: "duplicate" }) },
  ],
  series: [{ day: "2026-03-10", ...day }],
  by_hour: null,
  by_source: [{ source: "google", aff_id: "A1", sub_id: "(none)", figures: figures() }],
  by_publisher: [{ aff_id: "A1", figures: figures() }],
  by_brand: [{ brand: "Loanpath", figures: figures() }],
  by_buyer: [{ buyer_id: "b1", ...buyer }],
  table_totals: {
    series: day,
    by_hour: null,
    by_source: figures(),
    by_publisher: figures(),
    by_brand: figures(),
    by_buyer: buyer,
  },
  previous: null,
};

export const REASONS: BuyerReasons = {
  bounds: REPORT.bounds,
  reasons: [
    { stage: "ping", reason: "credit score", answers: 1_204, leads: 610 },
    { stage: "post", reason: "timeout", answers: 12, leads: 12 },
  ],
};

/** The same report with the period before: less revenue and profit, more rejected. */
export const COMPARED: TodayReport = {
  ...REPORT,
  previous: {
    ...REPORT,
    bounds: { ...REPORT.bounds, first_day: "2026-03-09", last_day: "2026-03-09" },
    totals: figures({ revenue_cents: 10_000, profit_cents: 8_000, rejected: 2, sold: 4, sell_through: 0.4 }),
    by_source: [{ source: "google", aff_id: "A1", sub_id: "(none)", figures: figures({ revenue_cents: 10_000 }) }],
  },
};

/** A single day's report, with its hours. */
export const ONE_DAY: TodayReport = {
  ...REPORT,
  by_hour: [
    { hour: 9, ...day },
    { hour: 10, started: 0, completed: 0, sold: 0, ...money, sales_cents: 0, revenue_cents: 0, profit_cents: 0 },
  ],
  table_totals: { ...REPORT.table_totals, by_hour: day },
};
