import { Badge, Button, Group, Stack, Text } from "@mantine/core";
import { useMemo, useState } from "react";
import { privacyQueueAnswer, type PrivacyQueueRow } from "#domain/contracts/console.ts";
import { consoleApi } from "../console-api.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { formatDate } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { LoadState } from "../load-state.tsx";
import { useConsoleData } from "../use-console-data.ts";

export function meta() {
  return [{ title: consoleTitle("Privacy requests") }];
}

const deadline = (r: PrivacyQueueRow) =>
  r.days_overdue > 0 ? `Overdue by ${r.days_overdue} day${r.days_overdue === 1 ? "" : "s"}` : "On time";

// The privacy request queue (docs/product/privacy-requests.md#operator): every open request, soonest due first.
// Opt-outs are carried out when they arrive; know and delete requests complete when the person opens the link
// we mailed; a correction is marked done here once it is made.
export default function PrivacyQueueRoute() {
  const { timeZone } = useConsole();
  const queue = useConsoleData("/privacy-requests", privacyQueueAnswer);
  const [status, setStatus] = useState<string>();
  const reload = queue.reload;
  const columns = useMemo<ColumnDef<PrivacyQueueRow, unknown>[]>(
    () => [
      { header: "Reference", accessorKey: "reference", cell: ({ row }) => <code>{row.original.reference}</code> },
      { header: "Type", accessorFn: (r) => r.type ?? "" },
      {
        header: "Status",
        accessorKey: "status",
        cell: ({ row }) => (
          <Badge miw="max-content" color="blue" variant="dot">
            {row.original.status}
          </Badge>
        ),
      },
      {
        header: "Contact",
        accessorFn: (r) => `${r.email ?? ""} ${r.phone ?? ""}`,
        cell: ({ row }) => (
          <Stack gap={0}>
            {row.original.email ? <Text size="sm">{row.original.email}</Text> : null}
            {row.original.phone ? <Text size="sm">{row.original.phone}</Text> : null}
          </Stack>
        ),
      },
      {
        header: "Details",
        enableSorting: false,
        accessorFn: (r) =>
          Object.entries(r.details)
            .map(([k, v]) => `${k}: ${v}`)
            .join("; "),
      },
      {
        header: "Received",
        accessorKey: "received_at",
        cell: ({ row }) => formatDate(row.original.received_at, timeZone),
      },
      {
        header: "Due",
        accessorFn: (r) => r.due_at ?? "",
        cell: ({ row }) => (row.original.due_at ? formatDate(row.original.due_at, timeZone) : ""),
      },
      {
        header: "Deadline",
        accessorKey: "days_overdue",
        cell: ({ row }) => (
          <Badge miw="max-content" color={row.original.days_overdue > 0 ? "red" : "green"} variant="dot">
            {deadline(row.original)}
          </Badge>
        ),
      },
      {
        header: "Action",
        enableSorting: false,
        cell: ({ row }) => (
          <Button
            size="xs"
            variant="default"
            aria-label={`Mark done: ${row.original.reference}`}
            onClick={async () => {
              const res = await consoleApi.send("POST", `/privacy-requests/${row.original.reference}/complete`, {});
              setStatus(res.ok ? `${row.original.reference} is marked done.` : res.message);
              reload();
            }}
          >
            Mark done
          </Button>
        ),
      },
    ],
    [timeZone, reload],
  );
  return (
    <>
      <PageHeader
        title="Privacy requests"
        description="Opt-outs are carried out when they arrive; know and delete requests complete when the person opens the link we mailed; a correction is marked done here once made."
      />
      <Text role="status" size="sm" mih="1.25rem">
        {status ?? ""}
      </Text>
      <LoadState load={queue} what="the privacy requests" rows={6} />
      {queue.data ? (
        <>
          <Group gap="sm">
            <Badge miw="max-content" color="blue" variant="dot" size="lg">
              {queue.data.open.length} open
            </Badge>
            <Badge miw="max-content" color={queue.data.overdue > 0 ? "red" : "gray"} variant="dot" size="lg">
              {queue.data.overdue} overdue
            </Badge>
          </Group>
          <DataTable
            caption="Open privacy requests"
            columns={columns}
            rows={queue.data.open}
            empty={
              <EmptyState
                title="No open requests."
                hint="Requests people send from the privacy pages wait here, soonest due first, until they are done."
              />
            }
          />
        </>
      ) : null}
    </>
  );
}
