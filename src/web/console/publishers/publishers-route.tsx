import { Anchor, Button } from "@mantine/core";
import { useMemo } from "react";
import { Link } from "react-router";
import { MEASURES } from "#domain/console/measures.ts";
import { publisherListAnswer, type PublisherSummary } from "#domain/contracts/console-publishers.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { LoadState } from "../load-state.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { formatCents, formatRate } from "../reports/report-format.ts";
import { csvDollars } from "../ui/csv.ts";
import { countColumn, moneyColumn, ratioColumn } from "./figure-columns.ts";
import { payoutRule } from "./publisher-labels.ts";
import { PublisherStatus } from "./publisher-status.tsx";

export function meta() {
  return [{ title: consoleTitle("Publishers") }];
}

type Span = "today" | "month";
const figureColumns = (span: Span, label: string): ColumnDef<PublisherSummary, unknown>[] => [
  countColumn(`${span}-clicks`, `Clicks ${label}`, (r) => r[span].clicks),
  countColumn(`${span}-completed`, `Completed ${label}`, (r) => r[span].completed),
  countColumn(`${span}-sold`, `Sold ${label}`, (r) => r[span].sold),
  moneyColumn(`${span}-earned`, `Payout earned ${label}`, (r) => r[span].earned_cents),
];

/** Its leads posted through the publisher API in the span (docs/product/partners.md#posted-leads-in-the-console). */
const postedColumns = (span: Span, label: string): ColumnDef<PublisherSummary, unknown>[] => [
  countColumn(`${span}-posted`, `Posted ${label}`, (r) => r.posted[span].posted),
  countColumn(`${span}-posted-sold`, `Posted sold ${label}`, (r) => r.posted[span].sold),
  ratioColumn(`${span}-posted-acceptance`, `${MEASURES.posted_acceptance.name} ${label}`, {
    value: (r) => r.posted[span].posted_acceptance,
    parts: (r) => [r.posted[span].sold, r.posted[span].posted],
    format: formatRate,
    csv: (rate) => rate,
    measure: MEASURES.posted_acceptance,
  }),
  ratioColumn(`${span}-posted-price`, `Posted avg price ${label}`, {
    value: (r) => r.posted[span].average_price_cents,
    parts: (r) => [r.posted[span].revenue_cents, r.posted[span].sold],
    format: (cents) => formatCents(cents === null ? null : Math.round(cents)),
    csv: (cents) => csvDollars(cents === null ? null : Math.round(cents)),
  }),
];

const ADD_PUBLISHER = "/console/publishers/new";

// Every publisher with today's and the month's figures, days of the operator's time zone.
export default function PublishersRoute() {
  const { can, timeZone } = useConsole();
  const writer = can("partners:write");
  const list = useConsoleData("/publishers", publisherListAnswer, { tz: timeZone });
  const columns = useMemo<ColumnDef<PublisherSummary, unknown>[]>(
    () => [
      {
        header: "Publisher",
        accessorKey: "name",
        cell: ({ row }) => (
          <Anchor component={Link} to={`/console/publishers/${encodeURIComponent(row.original.id)}`} size="sm">
            {row.original.name}
          </Anchor>
        ),
        footer: "Total",
      },
      { header: "Id", accessorKey: "id" },
      { header: "aff_id", accessorKey: "aff_id" },
      {
        header: "Status",
        accessorFn: (r) => (r.enabled ? "Enabled" : "Disabled"),
        cell: ({ row }) => <PublisherStatus enabled={row.original.enabled} />,
      },
      { header: "Payout", accessorFn: payoutRule },
      ...figureColumns("today", "today"),
      ...postedColumns("today", "today"),
      ...figureColumns("month", "this month"),
      ...postedColumns("month", "this month"),
    ],
    [],
  );
  // An empty list offers the step in its empty state, so the page has one "Add publisher", not two.
  const empty = list.data?.publishers.length === 0;
  const add = writer ? (
    <Button component={Link} to={ADD_PUBLISHER}>
      Add publisher
    </Button>
  ) : null;
  return (
    <>
      <PageHeader
        title="Publishers"
        description={`The publishers sending traffic, with today's and this month's figures (${timeZone}).`}
        actions={empty ? null : add}
      />
      <LoadState load={list} what="the publishers" rows={6} />
      {list.data ? (
        <DataTable
          caption={`Publishers, with today's and this month's figures (${timeZone})`}
          exportName="publishers"
          columns={columns}
          rows={list.data.publishers}
          columnChoice
          empty={
            <EmptyState
              title="No publishers yet."
              hint={
                writer
                  ? "Add one to get a tracking link."
                  : "A manager adds publishers; each gets a tracking link to send traffic through."
              }
              action={add}
            />
          }
        />
      ) : null}
    </>
  );
}
