import { useMemo } from "react";
import { Link } from "react-router";
import { publisherListAnswer, type PublisherSummary } from "#domain/contracts/console-publishers.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { formatCents } from "../reports/report-format.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { LoadState } from "../load-state.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { payoutRule } from "./publisher-labels.ts";
import publishersStylesheet from "./publishers.css?url";

export function links() {
  return [{ rel: "stylesheet", href: publishersStylesheet }];
}

export function meta() {
  return [{ title: consoleTitle("Publishers") }];
}

type Span = "today" | "month";
const figureColumns = (span: Span, label: string): ColumnDef<PublisherSummary, unknown>[] => [
  { id: `${span}-clicks`, header: `Clicks ${label}`, accessorFn: (r) => r[span].clicks },
  { id: `${span}-completed`, header: `Completed ${label}`, accessorFn: (r) => r[span].completed },
  { id: `${span}-sold`, header: `Sold ${label}`, accessorFn: (r) => r[span].sold },
  {
    id: `${span}-earned`,
    header: `Payout earned ${label}`,
    accessorFn: (r) => r[span].earned_cents,
    cell: ({ row }) => formatCents(row.original[span].earned_cents),
  },
];

// Every publisher with today's and the month's figures, days of the operator's time zone.
export default function PublishersRoute() {
  const { can, timeZone } = useConsole();
  const list = useConsoleData("/publishers", publisherListAnswer, { tz: timeZone });
  const columns = useMemo<ColumnDef<PublisherSummary, unknown>[]>(
    () => [
      {
        header: "Publisher",
        accessorKey: "name",
        cell: ({ row }) => (
          <Link to={`/console/publishers/${encodeURIComponent(row.original.id)}`}>{row.original.name}</Link>
        ),
      },
      { header: "Id", accessorKey: "id" },
      { header: "aff_id", accessorKey: "aff_id" },
      { header: "Status", accessorFn: (r) => (r.enabled ? "Enabled" : "Disabled") },
      { header: "Payout", accessorFn: payoutRule },
      ...figureColumns("today", "today"),
      ...figureColumns("month", "this month"),
    ],
    [],
  );
  return (
    <>
      <h1>Publishers</h1>
      {can("partners:write") ? (
        <p className="console-actions">
          <Link className="console-button console-button--primary" to="/console/publishers/new">
            Add a publisher
          </Link>
        </p>
      ) : null}
      <LoadState load={list} what="the publishers" />
      {list.data ? (
        <DataTable
          caption={`Publishers, with today's and this month's figures (${timeZone})`}
          columns={columns}
          rows={list.data.publishers}
          columnChoice
          empty="No publishers yet."
        />
      ) : null}
    </>
  );
}
