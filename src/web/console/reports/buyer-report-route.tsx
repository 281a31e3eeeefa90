import { Badge, Button } from "@mantine/core";
import { Link } from "react-router";
import { buyerStateLabel, type BuyerState } from "#domain/buyers/buyer-state.ts";
import {
  buyerReportAnswer,
  type BuyerReport,
  type BuyerReportFigures,
} from "#domain/contracts/console-partner-reports.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { PartnerReportScreen } from "./partner-report-screen.tsx";
import { ReportTable, type FigureColumn, type TextColumn } from "./report-table.tsx";

export function meta() {
  return [{ title: consoleTitle("Buyer report") }];
}

type Row = BuyerReport["buyers"][number];

/** A state's dot colour; the word beside it says the state, so the colour is never the only signal. */
const STATE_COLOURS: Record<BuyerState, string> = {
  running: "teal",
  shadow: "gray",
  paused: "gray",
  no_room: "red",
  capped: "orange",
  outside_hours: "yellow",
};
const stateLabel = (row: Row) => buyerStateLabel({ state: row.state, full_caps: [] });

const COLUMNS = {
  text: [
    { id: "buyer", header: "Buyer", text: (r) => r.name },
    {
      id: "state",
      header: "State",
      text: stateLabel,
      cell: (r) => (
        <Badge variant="dot" color={STATE_COLOURS[r.state]} tt="none" miw="max-content">
          {stateLabel(r)}
        </Badge>
      ),
    },
  ] satisfies TextColumn<Row>[],
  figures: [
    { id: "pings", measure: "pings", value: (f) => f.pings },
    { id: "bids", measure: "bids", value: (f) => f.bids },
    { id: "posts", measure: "posts", value: (f) => f.posts },
    { id: "accepts", measure: "accepts", value: (f) => f.accepts },
    { id: "rejects", measure: "rejects", value: (f) => f.rejects },
    { id: "errors", measure: "errors", value: (f) => f.errors },
    { id: "timeouts", measure: "timeouts", value: (f) => f.timeouts },
    { id: "average_bid", measure: "average_bid", value: (f) => f.average_bid_cents, compared: true },
    { id: "revenue", measure: "revenue", value: (f) => f.revenue_cents, compared: true },
    { id: "revenue_per_lead", measure: "revenue_per_sold", value: (f) => f.revenue_per_sold_cents, compared: true },
    { id: "return_rate", measure: "buyer_return_rate", value: (f) => f.return_rate },
    { id: "p50", measure: "p50", value: (f) => f.p50_ms },
    { id: "p90", measure: "p90", value: (f) => f.p90_ms },
  ] satisfies FigureColumn<Row, BuyerReportFigures>[],
  figuresOf: (row: Row) => row.figures,
};

// Every buyer over the period (GET /api/console/reports/buyers): its calls, its money and how fast it answers.
export default function BuyerReportRoute() {
  return (
    <PartnerReportScreen
      title="Buyer report"
      description="Every buyer over the period: its calls, its money and how fast it answers."
      path="/reports/buyers"
      answer={buyerReportAnswer}
      what="the buyer report"
    >
      {(report) => <BuyerReportTable report={report} />}
    </PartnerReportScreen>
  );
}

function BuyerReportTable({ report }: { report: BuyerReport }) {
  const { can } = useConsole();
  const before = report.previous ? new Map(report.previous.buyers.map((b) => [b.buyer_id, b.figures])) : undefined;
  if (report.buyers.length === 0)
    return (
      <EmptyState
        title="No buyer was called in this period"
        hint="Pick a longer period, or check on the Buyers page that a buyer is running."
        action={
          can("buyers:read") ? (
            <Button component={Link} to="/console/buyers" variant="default">
              Go to Buyers
            </Button>
          ) : undefined
        }
      />
    );
  return (
    <ReportTable
      name="buyers"
      caption="Buyers"
      columns={COLUMNS}
      rows={report.buyers}
      totals={report.totals}
      previousOf={before ? (row) => before.get(row.buyer_id) : undefined}
      previousTotals={report.previous?.totals}
      empty="No buyer in this period."
      fileName={`buyer-report-${report.bounds.first_day}-to-${report.bounds.last_day}`}
      columnChoice
    />
  );
}
