import { Anchor, Badge, Stack, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { portalReturnsAnswer, type PortalReturns } from "#domain/contracts/portal-returns.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { REASON_LABELS, RETURN_STATE_LABELS } from "../returns/return-labels.ts";
import { formatDateTime } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { portalLeadPath } from "./portal-leads-route.tsx";
import { PortalReturnsForm } from "./portal-returns-form.tsx";

export function meta() {
  return [{ title: consoleTitle("Returns") }];
}

type Return = PortalReturns["returns"][number];

const columnsFor = (timeZone: string): ColumnDef<Return, unknown>[] => [
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
    header: "Reason",
    accessorKey: "reason",
    cell: ({ row }) => (
      <Stack gap={2}>
        <Text size="sm">{REASON_LABELS[row.original.reason]}</Text>
        {row.original.note ? <Text size="sm">“{row.original.note}”</Text> : null}
      </Stack>
    ),
  },
  {
    header: "Filed",
    accessorKey: "requested_at",
    cell: ({ row }) => formatDateTime(row.original.requested_at, timeZone),
  },
  {
    header: "State",
    accessorKey: "state",
    cell: ({ row }) => {
      const r = row.original;
      const state = RETURN_STATE_LABELS[r.state];
      return (
        <Stack gap={2} align="flex-start">
          <Badge miw="max-content" color={state.color} variant="dot" tt="none">
            {state.label}
          </Badge>
          {r.decided_at ? (
            <Text size="xs" c="dimmed">
              {formatDateTime(r.decided_at, timeZone)}
            </Text>
          ) : null}
          {r.decision_note ? <Text size="sm">“{r.decision_note}”</Text> : null}
        </Stack>
      );
    },
  },
];

/** The terms in words: "within 7 days of its sale; at most 10% of the leads you buy in a month". */
function termsText({ window_days, cap_percent }: PortalReturns["terms"]): string {
  if (window_days === 0 || cap_percent === 0) return "Your terms take no returns.";
  return `A lead is returned within ${window_days} days of its sale; at most ${cap_percent}% of the leads you buy in a month (at least one). An operator approves or rejects each return.`;
}

// The buyer portal's returns (docs/product/buyer-money.md#the-buyer-portal): the buyer's returns, newest first, with
// their state and the operator's note, and a form to file one by the buyer API's rules. A lead's page links here with
// its id filled in (?lead=).
export default function PortalReturnsRoute() {
  const { timeZone } = useConsole();
  const [params] = useSearchParams();
  const load = useConsoleData("/portal/returns", portalReturnsAnswer);
  const [status, setStatus] = useState<string>();
  const columns = useMemo(() => columnsFor(timeZone), [timeZone]);
  const data = load.data;
  const filed = (message: string) => {
    setStatus(message);
    load.reload();
  };
  return (
    <>
      <PageHeader
        title="Returns"
        description={data ? termsText(data.terms) : "The leads you sent back, and what became of them."}
      />
      <PortalReturnsForm leadId={params.get("lead") ?? ""} onFiled={filed} />
      <Text role="status" size="sm" mih="1.25rem">
        {status ?? ""}
      </Text>
      <LoadState load={load} what="your returns" rows={4} />
      {data ? (
        <DataTable
          caption="Your returns, newest first"
          columns={columns}
          rows={data.returns}
          empty={<EmptyState title="No returns yet." hint="A lead you return shows here until an operator decides." />}
        />
      ) : null}
    </>
  );
}
