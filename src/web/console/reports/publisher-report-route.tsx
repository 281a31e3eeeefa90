import { Button } from "@mantine/core";
import { Link } from "react-router";
import {
  publisherReportAnswer,
  type PublisherReport,
  type PublisherReportFigures,
} from "#domain/contracts/console-partner-reports.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { PartnerReportScreen } from "./partner-report-screen.tsx";
import { ReportTable, type FigureColumn, type TextColumn } from "./report-table.tsx";

export function meta() {
  return [{ title: consoleTitle("Publisher report") }];
}

type Row = PublisherReport["publishers"][number];

const COLUMNS = {
  text: [
    { id: "publisher", header: "Publisher", text: (r) => r.name },
    { id: "aff_id", header: "Affiliate", text: (r) => r.aff_id },
  ] satisfies TextColumn<Row>[],
  figures: [
    { id: "clicks", measure: "clicks", value: (f) => f.clicks },
    { id: "applications", measure: "applications", value: (f) => f.applications },
    { id: "sold", measure: "sold", value: (f) => f.sold },
    { id: "epc", measure: "epc", value: (f) => f.epc_cents, compared: true },
    { id: "conversion", measure: "conversion_rate", value: (f) => f.conversion_rate },
    { id: "payouts", measure: "payouts", value: (f) => f.payout_cents, compared: true },
    { id: "revenue", measure: "revenue", value: (f) => f.revenue_cents, compared: true },
    { id: "profit", measure: "profit", value: (f) => f.profit_cents, compared: true },
    { id: "return_rate", measure: "publisher_return_rate", value: (f) => f.return_rate },
  ] satisfies FigureColumn<Row, PublisherReportFigures>[],
  figuresOf: (row: Row) => row.figures,
};

// Every publisher over the period (GET /api/console/reports/publishers): its traffic, what it earned and what its
// leads brought in.
export default function PublisherReportRoute() {
  return (
    <PartnerReportScreen
      title="Publisher report"
      description="Every publisher over the period: its traffic, what it earned and what its leads brought in."
      path="/reports/publishers"
      answer={publisherReportAnswer}
      what="the publisher report"
    >
      {(report) => <PublisherReportTable report={report} />}
    </PartnerReportScreen>
  );
}

function PublisherReportTable({ report }: { report: PublisherReport }) {
  const { can } = useConsole();
  const before = report.previous
    ? new Map(report.previous.publishers.map((p) => [p.publisher_id, p.figures]))
    : undefined;
  if (report.publishers.length === 0)
    return (
      <EmptyState
        title="No publisher sent traffic in this period"
        hint="Pick a longer period, or add a publisher on the Publishers page and give it its link."
        action={
          can("partners:read") ? (
            <Button component={Link} to="/console/publishers" variant="default">
              Go to Publishers
            </Button>
          ) : undefined
        }
      />
    );
  return (
    <ReportTable
      name="publishers"
      caption="Publishers"
      columns={COLUMNS}
      rows={report.publishers}
      totals={report.totals}
      previousOf={before ? (row) => before.get(row.publisher_id) : undefined}
      previousTotals={report.previous?.totals}
      empty="No publisher in this period."
      fileName={`publisher-report-${report.bounds.first_day}-to-${report.bounds.last_day}`}
      columnChoice
    />
  );
}
