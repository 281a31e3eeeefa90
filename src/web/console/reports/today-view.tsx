import { useMemo } from "react";
import type { BuyerReasons, Figures, TodayReport } from "#domain/contracts/console-reports.ts";
import { leadsQueryOf } from "#domain/contracts/console-reports.ts";
import { MEASURES, type Measure } from "#domain/console/measures.ts";
import { SUB_ID_LABELS } from "#domain/attribution.ts";
import { LoadState } from "../load-state.tsx";
import type { ConsoleData } from "../use-console-data.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { MeasureTip } from "../ui/measure-tip.tsx";
import { DailyChart } from "./daily-chart.tsx";
import { FigureLink } from "./figure-link.tsx";
import { formatCents, formatCount, formatRate } from "./report-format.ts";

// The Today screen's body for one answer (src/domain/contracts/console-reports.ts says what each figure counts).

type Card = { key: keyof Figures; label: string; format: (f: Figures) => string; measure?: Measure };
const card = (key: keyof Figures, measure: Measure, format: (f: Figures) => string): Card => ({
  key,
  label: measure.name,
  format,
  measure,
});
const CARDS: readonly Card[] = [
  { key: "started", label: "Applications started", format: (f) => formatCount(f.started) },
  { key: "completed", label: "Completed", format: (f) => formatCount(f.completed) },
  { key: "sent", label: "Sent to buyers", format: (f) => formatCount(f.sent) },
  { key: "sold", label: "Sold", format: (f) => formatCount(f.sold) },
  { key: "rejected", label: "Rejected", format: (f) => formatCount(f.rejected) },
  { key: "revenue_cents", label: "Revenue", format: (f) => formatCents(f.revenue_cents) },
  card("earnings_per_lead_cents", MEASURES.earnings_per_lead, (f) => formatCents(f.earnings_per_lead_cents)),
  card("sell_through", MEASURES.sell_through, (f) => formatRate(f.sell_through)),
  card("ping_to_post_rate", MEASURES.ping_to_post_rate, (f) => formatRate(f.ping_to_post_rate)),
  card("redirect_rate", MEASURES.redirect_rate, (f) => formatRate(f.redirect_rate)),
];

type Narrow = { source?: string; aff_id?: string; sub_id?: string; brand?: string };

function figureColumns<Row extends { figures: Figures }>(
  report: TodayReport,
  canSeeLeads: boolean,
  narrowOf: (row: Row) => Narrow,
): ColumnDef<Row, unknown>[] {
  const span = { from: report.bounds.from, to: report.bounds.to };
  const count = (key: "started" | "completed" | "sold", header: string): ColumnDef<Row, unknown> => ({
    header,
    accessorFn: (row) => row.figures[key],
    cell: ({ row }) => (
      <FigureLink query={leadsQueryOf(span, key, narrowOf(row.original))} canSeeLeads={canSeeLeads}>
        {formatCount(row.original.figures[key])}
      </FigureLink>
    ),
  });
  return [
    count("started", "Started"),
    count("completed", "Completed"),
    count("sold", "Sold"),
    {
      header: "Revenue",
      accessorFn: (r) => r.figures.revenue_cents,
      cell: ({ getValue }) => formatCents(getValue() as number),
    },
    {
      header: MEASURES.earnings_per_lead.name,
      accessorFn: (r) => r.figures.earnings_per_lead_cents ?? -1,
      cell: ({ row }) => formatCents(row.original.figures.earnings_per_lead_cents),
      meta: { measure: MEASURES.earnings_per_lead },
    },
    {
      header: MEASURES.sell_through.name,
      accessorFn: (r) => r.figures.sell_through ?? -1,
      cell: ({ row }) => formatRate(row.original.figures.sell_through),
      meta: { measure: MEASURES.sell_through },
    },
  ];
}

type SourceRow = TodayReport["by_source"][number];
type ReasonRow = BuyerReasons["reasons"][number];

const REASON_COLUMNS: ColumnDef<ReasonRow, unknown>[] = [
  { header: "Buyer's reason", accessorKey: "reason" },
  { header: "At", accessorFn: (r) => (r.stage === "ping" ? "Ping" : "Post") },
  { header: "Answers", accessorKey: "answers", cell: ({ getValue }) => formatCount(getValue() as number) },
  { header: "Applications", accessorKey: "leads", cell: ({ getValue }) => formatCount(getValue() as number) },
];

/**
 * What the buyers said about the rejected applications (the contract's buyerReasonsAnswer); asked on its own, so
 * it says itself when its read is on its way or failed. `reasons` is the answer for the figures above only.
 */
function BuyerReasonsSection({ reasons, load }: { reasons: BuyerReasons | undefined; load: ConsoleData<unknown> }) {
  return (
    <section aria-labelledby="buyer-reasons-heading">
      <h2 id="buyer-reasons-heading">Rejected, by the buyers' reasons</h2>
      <p>
        Each ping a buyer declined or that failed, and each post it refused, on the applications rejected in this
        period: an application three buyers refused counts three answers.
      </p>
      {reasons === undefined || load.state === "failed" ? (
        <LoadState load={load} what="the buyers' reasons" showing={false} />
      ) : (
        <DataTable
          caption="Buyers' reasons"
          columns={REASON_COLUMNS}
          rows={reasons.reasons}
          empty="No buyer turned down a rejected application in this period."
        />
      )}
    </section>
  );
}
type BrandRow = TodayReport["by_brand"][number];

export function TodayView({
  report,
  canSeeLeads,
  buyerReasons,
  buyerReasonsLoad,
}: {
  report: TodayReport;
  canSeeLeads: boolean;
  buyerReasons: BuyerReasons | undefined;
  /** The read of the buyers' reasons, for whether it is on its way or failed. */
  buyerReasonsLoad: ConsoleData<unknown>;
}) {
  const sourceColumns = useMemo<ColumnDef<SourceRow, unknown>[]>(
    () => [
      { header: "Source", accessorKey: "source" },
      { header: "Affiliate", accessorKey: "aff_id" },
      { header: SUB_ID_LABELS.sub_id, accessorKey: "sub_id" },
      ...figureColumns<SourceRow>(report, canSeeLeads, (r) => ({
        source: r.source,
        aff_id: r.aff_id,
        sub_id: r.sub_id,
      })),
    ],
    [report, canSeeLeads],
  );
  const brandColumns = useMemo<ColumnDef<BrandRow, unknown>[]>(
    () => [
      { header: "Brand", accessorKey: "brand" },
      ...figureColumns<BrandRow>(report, canSeeLeads, (r) => ({ brand: r.brand })),
    ],
    [report, canSeeLeads],
  );
  return (
    <>
      <ul className="report-cards" aria-label="Figures">
        {CARDS.map((card) => (
          <li key={card.key} className="report-card">
            {/* The whole card is the link, so its name says what the number counts ("Sold 12", not "12"). */}
            <FigureLink query={report.queries[card.key]} canSeeLeads={canSeeLeads}>
              <span className="report-card__label">{card.label}</span>{" "}
              <strong className="report-card__value">{card.format(report.totals)}</strong>
            </FigureLink>
            {/* Beside the link, not in it: a button inside a link is neither valid nor reachable on its own. */}
            {card.measure ? <MeasureTip measure={card.measure} /> : null}
          </li>
        ))}
      </ul>
      <section aria-labelledby="reasons-heading">
        <h2 id="reasons-heading">Rejected, by the auction's reason</h2>
        {report.rejected_by_reason.length === 0 ? (
          <p>No rejections in this period.</p>
        ) : (
          <ul>
            {report.rejected_by_reason.map((r) => (
              <li key={r.reason}>
                {r.reason}:{" "}
                <FigureLink query={r.query} canSeeLeads={canSeeLeads}>
                  {formatCount(r.count)}
                </FigureLink>
              </li>
            ))}
          </ul>
        )}
      </section>
      <BuyerReasonsSection reasons={buyerReasons} load={buyerReasonsLoad} />
      <DailyChart series={report.series} />
      <DataTable
        caption="By traffic source"
        columns={sourceColumns}
        rows={report.by_source}
        columnChoice
        empty="No leads in this period."
      />
      <DataTable caption="By brand" columns={brandColumns} rows={report.by_brand} empty="No leads in this period." />
    </>
  );
}
