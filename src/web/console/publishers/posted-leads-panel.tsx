import { Box, Paper, SimpleGrid, Text, Title } from "@mantine/core";
import { Fragment, useId, useMemo } from "react";
import { MEASURES } from "#domain/console/measures.ts";
import type { PostedCapsData, PostedFiguresData, PublisherSummary } from "#domain/contracts/console-publishers.ts";
import { formatCents, formatCount, formatRate } from "../reports/report-format.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { rejectionReasonLabel } from "./publisher-labels.ts";

// A publisher's leads posted through the publisher API (docs/product/partners.md#posted-leads-in-the-console): its
// terms, its caps with what each has used now, today's and the month's figures, and why the rejected ones were.

type Spans = PublisherSummary["posted"];
type FigureRow = { figure: string; today: string; month: string };
type ReasonRow = { reason: string; today: number; month: number };

const FIGURES: [string, (f: PostedFiguresData) => string][] = [
  ["Posted", (f) => formatCount(f.posted)],
  ["Sold", (f) => formatCount(f.sold)],
  [MEASURES.posted_acceptance.name, (f) => formatRate(f.posted_acceptance)],
  ["Average price", (f) => formatCents(f.average_price_cents)],
  ["Revenue", (f) => formatCents(f.revenue_cents)],
  ["Pings", (f) => formatCount(f.pings)],
  ["Pings with an offer", (f) => formatCount(f.pings_offered)],
];

const CAPS = [
  ["hourly", "this hour"],
  ["daily", "today"],
  ["monthly", "this month"],
] as const;

/** "6 / 10", or "6 / no cap". */
const capText = ({ used, cap }: { used: number; cap: number | null }) =>
  `${formatCount(used)} / ${cap === null ? "no cap" : formatCount(cap)}`;

const centsOrNone = (cents: number | null | undefined) =>
  cents === null || cents === undefined ? "None" : formatCents(cents);

/** Each reason with its count today and this month, the month's most first. */
function reasonRows(posted: Spans): ReasonRow[] {
  const rows = new Map<string, ReasonRow>();
  const row = (reason: string) => rows.get(reason) ?? rows.set(reason, { reason, today: 0, month: 0 }).get(reason)!;
  for (const r of posted.month.rejections) row(r.reason).month = r.count;
  for (const r of posted.today.rejections) row(r.reason).today = r.count;
  return [...rows.values()];
}

export function PostedLeadsPanel(props: { publisher: PublisherSummary; caps: PostedCapsData; timeZone: string }) {
  const { publisher, caps, timeZone } = props;
  const titleId = useId();
  const figureColumns = useMemo<ColumnDef<FigureRow, unknown>[]>(
    () => [
      { header: "Figure", accessorKey: "figure", enableSorting: false },
      { header: `Today (${timeZone})`, accessorKey: "today", enableSorting: false, meta: { numeric: true } },
      { header: "This month", accessorKey: "month", enableSorting: false, meta: { numeric: true } },
    ],
    [timeZone],
  );
  const reasonColumns = useMemo<ColumnDef<ReasonRow, unknown>[]>(
    () => [
      { header: "Reason", accessorFn: (r) => rejectionReasonLabel(r.reason), meta: { csv: (r) => r.reason } },
      { header: "Today", accessorKey: "today", meta: { numeric: true } },
      { header: "This month", accessorKey: "month", meta: { numeric: true } },
    ],
    [],
  );
  const { posted } = publisher;
  const nothing = posted.month.posted === 0 && posted.month.pings === 0;
  const figures = FIGURES.map(([figure, of]) => ({ figure, today: of(posted.today), month: of(posted.month) }));
  return (
    <section aria-labelledby={titleId}>
      <Title order={2} size="h3" id={titleId} mt="xl" mb="xs">
        Posted leads
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        Leads {publisher.name} posts through the publisher API; test posts are left out.
      </Text>
      <Paper withBorder p="md" radius="md" mb="md">
        <Box component="dl" className="console-facts publisher-facts" m={0}>
          <dt>Minimum payout</dt>
          <dd>{centsOrNone(publisher.posted_min_payout_cents)}</dd>
          <dt>Loanpath&apos;s minimum margin</dt>
          <dd>{centsOrNone(publisher.posted_min_margin_cents)}</dd>
          {CAPS.map(([period, label]) => (
            <Fragment key={period}>
              <dt>Cap used {label}</dt>
              <dd>{capText(caps[period])}</dd>
            </Fragment>
          ))}
          <dt>Caps count in</dt>
          <dd>{caps.time_zone}</dd>
        </Box>
      </Paper>
      {nothing ? (
        <EmptyState
          title="No posted leads in this period."
          hint={
            <>
              Give the publisher an API key (below) and the integration guide,{" "}
              <code>docs/guides/publisher-integration.md</code>, to post its leads.
            </>
          }
        />
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <DataTable
            caption={`${publisher.name}'s posted leads, today and this month`}
            columns={figureColumns}
            rows={figures}
          />
          <DataTable
            caption="Rejected posted leads by reason"
            exportName={`posted-rejections-${publisher.id}`}
            columns={reasonColumns}
            rows={reasonRows(posted)}
            empty="No posted lead was rejected this month."
          />
        </SimpleGrid>
      )}
    </section>
  );
}
