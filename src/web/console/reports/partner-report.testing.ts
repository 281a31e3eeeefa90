import type {
  BuyerReport,
  BuyerReportFigures,
  PublisherReport,
  PublisherReportFigures,
} from "#domain/contracts/console-partner-reports.ts";

// For the buyer and publisher reports' tests: one period's answer, and the same with the period before.

const bounds = {
  from: "2026-03-10T04:00:00.000Z",
  to: "2026-03-10T16:00:00.000Z",
  tz: "UTC",
  first_day: "2026-03-10",
  last_day: "2026-03-10",
};

const buyerFigures = (over: Partial<BuyerReportFigures> = {}): BuyerReportFigures => ({
  pings: 100,
  bids: 40,
  posts: 20,
  accepts: 10,
  rejects: 6,
  errors: 2,
  timeouts: 2,
  average_bid_cents: 2_500,
  sales_cents: 30_000,
  returned_cents: 3_000,
  revenue_cents: 27_000,
  returns: 1,
  revenue_per_sold_cents: 2_700,
  return_rate: 0.1,
  p50_ms: 320,
  p90_ms: 1_250,
  ...over,
});

export const BUYERS: BuyerReport = {
  period: "today",
  bounds,
  buyers: [
    { buyer_id: "acme", name: "Acme, Inc.", state: "running", figures: buyerFigures() },
    {
      buyer_id: "zed",
      name: "=Zed Lending",
      state: "capped",
      figures: buyerFigures({ pings: 5, revenue_cents: 0, average_bid_cents: null, p50_ms: null, p90_ms: null }),
    },
  ],
  totals: buyerFigures({ pings: 105, revenue_cents: 27_000 }),
  previous: null,
};

export const BUYERS_COMPARED: BuyerReport = {
  ...BUYERS,
  previous: {
    bounds: { ...bounds, first_day: "2026-03-09", last_day: "2026-03-09" },
    buyers: [
      { buyer_id: "acme", name: "Acme, Inc.", state: "running", figures: buyerFigures({ revenue_cents: 30_000 }) },
    ],
    totals: buyerFigures({ revenue_cents: 30_000 }),
  },
};

const publisherFigures = (over: Partial<PublisherReportFigures> = {}): PublisherReportFigures => ({
  clicks: 1_000,
  applications: 50,
  sold: 20,
  payout_cents: 40_000,
  revenue_cents: 60_000,
  profit_cents: 20_000,
  returns: 2,
  epc_cents: 40,
  conversion_rate: 0.02,
  return_rate: 0.1,
  ...over,
});

export const PUBLISHERS: PublisherReport = {
  period: "today",
  bounds,
  publishers: [{ publisher_id: "p1", name: "Blue Media", aff_id: "A1", figures: publisherFigures() }],
  totals: publisherFigures(),
  previous: null,
};

export const PUBLISHERS_COMPARED: PublisherReport = {
  ...PUBLISHERS,
  previous: {
    bounds: { ...bounds, first_day: "2026-03-09", last_day: "2026-03-09" },
    publishers: [
      {
        publisher_id: "p1",
        name: "Blue Media",
        aff_id: "A1",
        figures: publisherFigures({ payout_cents: 20_000, profit_cents: 25_000 }),
      },
    ],
    totals: publisherFigures({ payout_cents: 20_000, profit_cents: 25_000 }),
  },
};
