import { useMemo, useState } from "react";
import { privacyQueueAnswer, type PrivacyQueueRow } from "#domain/contracts/console.ts";
import { consoleApi } from "../console-api.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { formatDate } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
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
      { header: "Reference", accessorKey: "reference" },
      { header: "Type", accessorFn: (r) => r.type ?? "" },
      { header: "Status", accessorKey: "status" },
      {
        header: "Contact",
        accessorFn: (r) => `${r.email ?? ""} ${r.phone ?? ""}`,
        cell: ({ row }) => (
          <>
            {row.original.email}
            <br />
            {row.original.phone}
          </>
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
        cell: ({ row }) =>
          row.original.days_overdue > 0 ? <strong>{deadline(row.original)}</strong> : deadline(row.original),
      },
      {
        header: "Action",
        enableSorting: false,
        cell: ({ row }) => (
          <button
            type="button"
            className="console-button"
            aria-label={`Mark done: ${row.original.reference}`}
            onClick={async () => {
              const res = await consoleApi.send("POST", `/privacy-requests/${row.original.reference}/complete`, {});
              setStatus(res.ok ? `${row.original.reference} is marked done.` : res.message);
              reload();
            }}
          >
            Mark done
          </button>
        ),
      },
    ],
    [timeZone, reload],
  );
  return (
    <>
      <h1>Privacy requests</h1>
      <p role="status">{status ?? ""}</p>
      <LoadState load={queue} what="the privacy requests" />
      {queue.data ? (
        <>
          <p>
            {queue.data.open.length} open, {queue.data.overdue} overdue. Opt-outs are carried out when they arrive; know
            and delete requests complete when the person opens the link we mailed; a correction is marked done here once
            made.
          </p>
          <DataTable
            caption="Open privacy requests"
            columns={columns}
            rows={queue.data.open}
            empty="No open requests."
          />
        </>
      ) : null}
    </>
  );
}
