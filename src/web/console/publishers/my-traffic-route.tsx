import { Box, NativeSelect, Paper, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { SUB_ID_LABELS } from "#domain/attribution.ts";
import { myTrafficAnswer, type FiguresRow, type PublisherFiguresData } from "#domain/contracts/console-publishers.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { formatCents } from "../reports/report-format.ts";
import { monthChoices } from "../statements/month-choices.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { ExportButton } from "../ui/export-button.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { LoadState } from "../load-state.tsx";
import { monthIn } from "../time.ts";
import { useConsoleData } from "../use-console-data.ts";
import { countColumn, moneyColumn } from "./figure-columns.ts";
import { TrackingLink } from "./tracking-link.tsx";

export function meta() {
  return [{ title: consoleTitle("My traffic") }];
}

const count = (key: keyof PublisherFiguresData, header: string) => countColumn<FiguresRow>(key, header, (r) => r[key]);
const money = (key: keyof PublisherFiguresData, header: string) => moneyColumn<FiguresRow>(key, header, (r) => r[key]);

const columnsFor = (first: string): ColumnDef<FiguresRow, unknown>[] => [
  { header: first, accessorFn: (r) => r.key || "(none)", footer: "Total" },
  count("clicks", "Clicks"),
  count("completed", "Completed"),
  count("sold", "Sold"),
  money("earned_cents", "Payout earned"),
  money("pending_cents", "On hold"),
  money("final_cents", "Final"),
  money("reversed_cents", "Reversed"),
  count("returns", "Returns"),
];

// A publisher's own figures for a month (docs/product/partners.md#a-publishers-own-view): the server answers for
// the publisher the account is bound to, whatever the page asks. The month and its days are the time zone's the
// header shows.
export default function MyTrafficRoute() {
  const { timeZone } = useConsole();
  const [month, setMonth] = useState(() => monthIn(timeZone));
  const traffic = useConsoleData("/my-traffic", myTrafficAnswer, { month, tz: timeZone });
  const byDay = useMemo(() => columnsFor("Day"), []);
  const bySub = useMemo(() => columnsFor(SUB_ID_LABELS.aff_sub1), []);
  const data = traffic.data;
  const nothingByDay = (
    <EmptyState
      title="Nothing this month."
      hint="Send visitors to your tracking link: their clicks, applications and payouts show here by day."
    />
  );
  const nothingBySub = (
    <EmptyState
      title="Nothing this month."
      hint="Add sub1 to your tracking link, one value a campaign, to see each campaign's figures here."
    />
  );
  return (
    <>
      <PageHeader
        title={`My traffic${data ? `: ${data.publisher.name}` : ""}`}
        description="Your clicks, applications, sales and payouts for a month, by day and by sub id."
        actions={
          <>
            <NativeSelect
              label={`Month (${timeZone})`}
              data={monthChoices(month)}
              value={month}
              onChange={(event) => setMonth(event.currentTarget.value)}
            />
            <ExportButton path="/my-traffic.csv" query={{ month, tz: timeZone }} />
          </>
        }
      />
      <LoadState load={traffic} what={`your traffic for ${month}`} rows={6} />
      {data ? (
        <>
          <Paper withBorder p="md" radius="md" mb="md">
            <Text size="sm" fw={600} mb="xs">
              Your tracking link
            </Text>
            <TrackingLink link={data.tracking_link} />
          </Paper>
          <Box component="dl" className="console-stats publisher-facts" my="md">
            <dt>Clicks</dt>
            <dd>{data.totals.clicks}</dd>
            <dt>Completed</dt>
            <dd>{data.totals.completed}</dd>
            <dt>Sold</dt>
            <dd>{data.totals.sold}</dd>
            <dt>Payout earned</dt>
            <dd>
              {formatCents(data.totals.earned_cents)} ({formatCents(data.totals.pending_cents)} on hold)
            </dd>
            <dt>Made final</dt>
            <dd>{formatCents(data.totals.final_cents)}</dd>
            <dt>Reversed by returns</dt>
            <dd>
              {formatCents(data.totals.reversed_cents)} ({data.totals.returns} returns)
            </dd>
          </Box>
          <DataTable caption={`By day, ${data.month}`} columns={byDay} rows={data.by_day} empty={nothingByDay} />
          <DataTable
            caption={`By ${SUB_ID_LABELS.aff_sub1.toLowerCase()}, ${data.month}`}
            columns={bySub}
            rows={data.by_sub1}
            empty={nothingBySub}
          />
        </>
      ) : null}
    </>
  );
}
