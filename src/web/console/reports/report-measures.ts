import { MEASURES, type Measure } from "#domain/console/measures.ts";

// Every figure the reports show, once: its name (and a shorter one for a table's header), how it is written, which
// way is better, and for a rate its definition (the console's MEASURES where it has one). A change against the period
// before is coloured by `better` here, never per screen: more revenue is good, more rejected is bad, more payouts is
// neither (it grows with the traffic bought).

export type FigureKind = "count" | "money" | "rate" | "ms";
type Better = "more" | "less" | "neither";
export type ReportMeasure = { name: string; short?: string; kind: FigureKind; better: Better; measure?: Measure };

const rate = (measure: Measure, better: Better): ReportMeasure => ({
  name: measure.name,
  kind: "rate",
  better,
  measure,
});

const TABLE = {
  // Today's figures (src/domain/contracts/console-reports.ts).
  started: { name: "Applications started", short: "Started", kind: "count", better: "more" },
  completed: { name: "Completed", kind: "count", better: "more" },
  sent: { name: "Sent to buyers", kind: "count", better: "more" },
  sold: { name: "Sold", kind: "count", better: "more" },
  rejected: { name: "Rejected", kind: "count", better: "less" },
  sales: { name: "Sales", kind: "money", better: "more" },
  returned: { name: "Returned", kind: "money", better: "less" },
  revenue: { name: "Revenue", kind: "money", better: "more" },
  payouts: { name: "Payouts", kind: "money", better: "neither" },
  profit: { name: "Profit", kind: "money", better: "more" },
  earnings_per_lead: { ...rate(MEASURES.earnings_per_lead, "more"), kind: "money" },
  sell_through: rate(MEASURES.sell_through, "more"),
  ping_to_post_rate: rate(MEASURES.ping_to_post_rate, "more"),
  redirect_rate: rate(MEASURES.redirect_rate, "more"),
  // The buyer report (src/domain/contracts/console-partner-reports.ts).
  pings: { name: "Pings", kind: "count", better: "more" },
  bids: { name: "Bids", kind: "count", better: "more" },
  posts: { name: "Posts", kind: "count", better: "more" },
  accepts: { name: "Accepts", kind: "count", better: "more" },
  rejects: { name: "Rejects", kind: "count", better: "less" },
  errors: { name: "Errors", kind: "count", better: "less" },
  timeouts: { name: "Timeouts", kind: "count", better: "less" },
  returns: { name: "Returns", kind: "count", better: "less" },
  average_bid: {
    name: "Average bid",
    kind: "money",
    better: "more",
    measure: { name: "Average bid", definition: "The mean price of the buyer's bids (pings it priced) in the period." },
  },
  revenue_per_sold: {
    name: "Revenue per lead",
    kind: "money",
    better: "more",
    measure: {
      name: "Revenue per lead",
      definition: "Revenue (sales less returns granted in the period) ÷ posts the buyer accepted.",
    },
  },
  buyer_return_rate: {
    name: "Return rate",
    kind: "rate",
    better: "less",
    measure: { name: "Return rate", definition: "Returns granted in the period ÷ posts the buyer accepted." },
  },
  p50: {
    name: "Response p50",
    kind: "ms",
    better: "less",
    measure: { name: "Response p50", definition: "Half the buyer's calls in the period were answered within this." },
  },
  p90: {
    name: "Response p90",
    kind: "ms",
    better: "less",
    measure: { name: "Response p90", definition: "Nine in ten of the buyer's calls were answered within this." },
  },
  // The publisher report.
  clicks: { name: "Clicks", kind: "count", better: "more" },
  applications: { name: "Applications", kind: "count", better: "more" },
  epc: {
    name: "EPC",
    kind: "money",
    better: "more",
    measure: { name: "EPC", definition: "Earnings per click: the publisher's payouts ÷ its clicks." },
  },
  conversion_rate: {
    name: "Conversion",
    kind: "rate",
    better: "more",
    measure: { name: "Conversion", definition: "Applications sold ÷ clicks." },
  },
  publisher_return_rate: {
    name: "Return rate",
    kind: "rate",
    better: "less",
    measure: { name: "Return rate", definition: "Returns granted in the period ÷ the publisher's applications sold." },
  },
} as const satisfies Record<string, ReportMeasure>;

export type MeasureKey = keyof typeof TABLE;
export const REPORT_MEASURES: Record<MeasureKey, ReportMeasure> = TABLE;
