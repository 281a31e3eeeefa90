import { Anchor, Badge, Button, Group, Text } from "@mantine/core";
import { useMemo } from "react";
import { Link, useSearchParams } from "react-router";
import { portalLeadsAnswer, type PortalSoldLead } from "#domain/contracts/portal-leads.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { DayRangeInput, dayOf } from "../leads/day-range-input.tsx";
import { LoadState } from "../load-state.tsx";
import { formatCents } from "../reports/report-format.ts";
import { RETURN_STATE_LABELS } from "../returns/return-labels.ts";
import { formatDateTime } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { useConsoleData } from "../use-console-data.ts";

export function meta() {
  return [{ title: consoleTitle("Leads") }];
}

/** The address of a sold lead's own page. */
export const portalLeadPath = (leadId: string) => `/console/portal/leads/${encodeURIComponent(leadId)}`;

const columnsFor = (timeZone: string): ColumnDef<PortalSoldLead, unknown>[] => [
  {
    header: "Lead",
    accessorKey: "lead_id",
    cell: ({ row }) => (
      <Anchor component={Link} to={portalLeadPath(row.original.lead_id)} size="sm">
        {row.original.lead_id}
      </Anchor>
    ),
  },
  {
    header: "Sold",
    accessorKey: "sold_at",
    cell: ({ row }) => (
      <time dateTime={row.original.sold_at} style={{ whiteSpace: "nowrap" }}>
        {formatDateTime(row.original.sold_at, timeZone)}
      </time>
    ),
  },
  {
    header: "Price",
    accessorKey: "price_cents",
    meta: { numeric: true },
    cell: ({ row }) => (
      <>
        {formatCents(row.original.price_cents)}
        {row.original.test ? (
          <Badge ml="xs" variant="outline" color="gray" tt="none">
            Test
          </Badge>
        ) : null}
      </>
    ),
  },
  { header: "State", accessorKey: "state", cell: ({ row }) => row.original.state ?? "–" },
  {
    header: "Amount",
    accessorKey: "loan_amount",
    meta: { numeric: true },
    cell: ({ row }) =>
      row.original.loan_amount === null ? "–" : `$${row.original.loan_amount.toLocaleString("en-US")}`,
  },
  {
    header: "Return",
    accessorKey: "return_state",
    cell: ({ row }) => {
      const state = row.original.return_state;
      if (!state) return "–";
      return (
        <Badge variant="dot" color={RETURN_STATE_LABELS[state].color} tt="none">
          {RETURN_STATE_LABELS[state].label}
        </Badge>
      );
    },
  },
];

// The buyer portal's leads (docs/product/buyer-money.md#the-buyer-portal): the leads sold to the account's buyer,
// newest first, a page at a time, naming no one; each opens its own page, where the bought details are shown on
// request. The period (whole UTC days, as the console's other day filters) and the page are in the address.
export default function PortalLeadsRoute() {
  const { timeZone } = useConsole();
  const [params, setParams] = useSearchParams();
  const from = dayOf(params.get("from"));
  const to = dayOf(params.get("to"));
  const page = Math.max(1, Number(params.get("page")) || 1);
  const load = useConsoleData("/portal/leads", portalLeadsAnswer, { from, to, page: page > 1 ? page : null });
  // Only this query's page: another period's rows would not match the period said above them.
  const found = load.state === "loading" ? undefined : load.data;
  const columns = useMemo(() => columnsFor(timeZone), [timeZone]);
  const pages = found ? Math.max(1, Math.ceil(found.total / found.page_size)) : 1;

  const go = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  return (
    <>
      <PageHeader
        title="Leads"
        description="The leads sold to you, newest first. Open one to see the details you bought."
        actions={
          <DayRangeInput
            label="Sold (UTC days)"
            from={from}
            to={to}
            onChange={(start, end) => go({ from: start, to: end, page: null })}
          />
        }
      />
      <Text size="sm" role="status" aria-live="polite" mb="sm">
        {found
          ? found.total === 0
            ? "No lead sold in this period."
            : `${found.total.toLocaleString("en-US")} leads sold${from || to ? " in this period" : ""}; page ${page} of ${pages}.`
          : ""}
      </Text>
      <LoadState load={load} what="your leads" showing={found !== undefined} rows={8} />
      {found ? (
        <DataTable
          caption={`Leads sold to you, newest first (page ${page} of ${pages})`}
          columns={columns}
          rows={found.leads}
          pageSize={found.page_size}
          empty={
            <EmptyState
              title="No leads here."
              hint={
                from || to || page > 1
                  ? "Widen the period or go back to the first page."
                  : "Leads sold to you show here."
              }
            />
          }
        />
      ) : null}
      {found && (page > 1 || page < pages) ? (
        <Group component="nav" aria-label="Pages of leads" gap="sm" mt="sm">
          {page > 1 ? (
            <Button variant="default" onClick={() => go({ page: page > 2 ? String(page - 1) : null })}>
              Previous page
            </Button>
          ) : null}
          {page < pages ? (
            <Button variant="default" onClick={() => go({ page: String(page + 1) })}>
              Next page
            </Button>
          ) : null}
        </Group>
      ) : null}
    </>
  );
}
