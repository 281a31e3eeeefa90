import { useMemo } from "react";
import { SUB_ID_LABELS } from "#domain/attribution.ts";
import { leadsQueryOf, type BuyerSums, type Figures, type TodayReport } from "#domain/contracts/console-reports.ts";
import { EmptyState } from "../ui/empty-state.tsx";
import { ReportTable, type FigureColumn, type TextColumn } from "./report-table.tsx";

// Today's tables: by traffic source, publisher, brand and buyer, each with its totals row from the answer's
// `table_totals`, its sorting in the address (`sort=by_source.revenue.desc`, report-sort.ts) and its CSV file.

type Narrow = { source?: string; aff_id?: string; sub_id?: string; brand?: string };
type SourceRow = TodayReport["by_source"][number];
type PublisherRow = TodayReport["by_publisher"][number];
type BrandRow = TodayReport["by_brand"][number];
type BuyerRow = TodayReport["by_buyer"][number];

const noLeads = (
  <EmptyState title="No leads in this period" hint="Pick a longer period to see where the leads came from." />
);

/** The figure columns of a breakdown by source, publisher or brand; counts link to their leads. */
function figureColumns<Row extends { figures: Figures }>(
  span: { from: string; to: string },
  narrowOf: (row: Row) => Narrow,
): FigureColumn<Row, Figures>[] {
  const count = (key: "started" | "completed" | "sold"): FigureColumn<Row, Figures> => ({
    id: key,
    measure: key,
    value: (f) => f[key],
    leads: (row) => leadsQueryOf(span, key, narrowOf(row)),
  });
  return [
    count("started"),
    count("completed"),
    count("sold"),
    { id: "revenue", measure: "revenue", value: (f) => f.revenue_cents, compared: true },
    { id: "payouts", measure: "payouts", value: (f) => f.payout_cents },
    { id: "profit", measure: "profit", value: (f) => f.profit_cents, compared: true },
    { id: "earnings_per_lead", measure: "earnings_per_lead", value: (f) => f.earnings_per_lead_cents },
    { id: "sell_through", measure: "sell_through", value: (f) => f.sell_through },
  ];
}

const BUYER_FIGURES: FigureColumn<BuyerRow, BuyerSums>[] = [
  { id: "sold", measure: "sold", value: (b) => b.sold },
  { id: "sales", measure: "sales", value: (b) => b.sales_cents },
  { id: "returned", measure: "returned", value: (b) => b.returned_cents },
  { id: "revenue", measure: "revenue", value: (b) => b.revenue_cents, compared: true },
  { id: "payouts", measure: "payouts", value: (b) => b.payout_cents },
  { id: "profit", measure: "profit", value: (b) => b.profit_cents, compared: true },
];

const figuresOf = (row: { figures: Figures }) => row.figures;
const sourceKey = (r: SourceRow) => `${r.source}\u0000${r.aff_id}\u0000${r.sub_id}`;

/** The row of the period before with the same key, for the change beside a figure. */
function previousBy<Row, F>(
  now: boolean,
  before: Row[] | undefined,
  keyOf: (row: Row) => string,
  figuresOf: (row: Row) => F,
) {
  if (!now || before === undefined) return undefined;
  const byKey = new Map(before.map((row) => [keyOf(row), figuresOf(row)]));
  return (row: Row) => byKey.get(keyOf(row));
}

export function TodayTables({ report, canSeeLeads }: { report: TodayReport; canSeeLeads: boolean }) {
  const span = useMemo(() => ({ from: report.bounds.from, to: report.bounds.to }), [report]);
  const before = report.previous;
  const file = (table: string) => `today-${table}-${report.bounds.first_day}-to-${report.bounds.last_day}`;

  const sources = useMemo(() => {
    const text: TextColumn<SourceRow>[] = [
      { id: "source", header: "Source", text: (r) => r.source },
      { id: "aff_id", header: "Affiliate", text: (r) => r.aff_id },
      { id: "sub_id", header: SUB_ID_LABELS.sub_id, text: (r) => r.sub_id },
    ];
    const narrow = (r: SourceRow) => ({ source: r.source, aff_id: r.aff_id, sub_id: r.sub_id });
    return { text, figures: figureColumns<SourceRow>(span, narrow), figuresOf };
  }, [span]);
  const publishers = useMemo(
    () => ({
      text: [{ id: "aff_id", header: "Affiliate", text: (r: PublisherRow) => r.aff_id }],
      figures: figureColumns<PublisherRow>(span, (r) => ({ aff_id: r.aff_id })),
      figuresOf,
    }),
    [span],
  );
  const brands = useMemo(
    () => ({
      text: [{ id: "brand", header: "Brand", text: (r: BrandRow) => r.brand }],
      figures: figureColumns<BrandRow>(span, (r) => ({ brand: r.brand })),
      figuresOf,
    }),
    [span],
  );
  const buyers = useMemo(
    () => ({
      text: [{ id: "buyer", header: "Buyer", text: (r: BuyerRow) => r.buyer_id }],
      figures: BUYER_FIGURES,
      figuresOf: (r: BuyerRow): BuyerSums => r,
    }),
    [],
  );
  const compared = before !== null;
  return (
    <>
      <ReportTable
        name="by_source"
        caption="By traffic source"
        columns={sources}
        rows={report.by_source}
        totals={report.table_totals.by_source}
        previousOf={previousBy(compared, before?.by_source, sourceKey, figuresOf)}
        previousTotals={before?.table_totals.by_source}
        canSeeLeads={canSeeLeads}
        empty={noLeads}
        fileName={file("by-source")}
        columnChoice
      />
      <ReportTable
        name="by_publisher"
        caption="By publisher"
        columns={publishers}
        rows={report.by_publisher}
        totals={report.table_totals.by_publisher}
        previousOf={previousBy(compared, before?.by_publisher, (r) => r.aff_id, figuresOf)}
        previousTotals={before?.table_totals.by_publisher}
        canSeeLeads={canSeeLeads}
        empty={noLeads}
        fileName={file("by-publisher")}
      />
      <ReportTable
        name="by_brand"
        caption="By brand"
        columns={brands}
        rows={report.by_brand}
        totals={report.table_totals.by_brand}
        previousOf={previousBy(compared, before?.by_brand, (r) => r.brand, figuresOf)}
        previousTotals={before?.table_totals.by_brand}
        canSeeLeads={canSeeLeads}
        empty={noLeads}
        fileName={file("by-brand")}
      />
      <ReportTable
        name="by_buyer"
        caption="By buyer"
        columns={buyers}
        rows={report.by_buyer}
        totals={report.table_totals.by_buyer}
        previousOf={previousBy(
          compared,
          before?.by_buyer,
          (r) => r.buyer_id,
          (r): BuyerSums => r,
        )}
        previousTotals={before?.table_totals.by_buyer}
        empty={<EmptyState title="No buyer bought in this period" hint="Pick a longer period to see the buyers." />}
        fileName={file("by-buyer")}
      />
    </>
  );
}
