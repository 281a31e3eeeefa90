import { useMemo, useState } from "react";
import { auditAnswer, type AuditRow } from "#domain/contracts/console.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { formatDateTime } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { ExportButton } from "../ui/export-button.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { LoadState } from "../load-state.tsx";
import { useConsoleData } from "../use-console-data.ts";

export function meta() {
  return [{ title: consoleTitle("Audit log") }];
}

const PAGE = 100;

// Every operator action and every reveal of personal data, newest first; it can only grow.
export default function AuditRoute() {
  const { timeZone } = useConsole();
  const [before, setBefore] = useState<number[]>([]);
  const log = useConsoleData("/audit", auditAnswer, { limit: PAGE, before: before.at(-1) });
  const columns = useMemo<ColumnDef<AuditRow, unknown>[]>(
    () => [
      { header: "When", accessorKey: "at", cell: ({ row }) => formatDateTime(row.original.at, timeZone) },
      { header: "Who", accessorKey: "operator_email" },
      { header: "Action", accessorKey: "action" },
      { header: "Target", accessorFn: (r) => r.target ?? "" },
      { header: "Reason", accessorFn: (r) => r.reason ?? "" },
      { header: "Details", enableSorting: false, accessorFn: (r) => JSON.stringify(r.details) },
      { header: "Address", accessorFn: (r) => r.ip ?? "" },
    ],
    [timeZone],
  );
  const next = log.data?.next_before ?? null;
  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every operator action and every reveal of personal data, newest first."
        actions={<ExportButton path="/audit/export" query={{}} />}
      />
      <LoadState load={log} what="the audit log" />
      {log.data ? (
        <DataTable
          caption="Audit log entries, newest first"
          columns={columns}
          rows={log.data.entries}
          pageSize={PAGE}
          columnChoice
          empty={
            <EmptyState
              title="No audit entries yet"
              hint="Every sign-in, change and reveal of personal data is written here as it happens."
            />
          }
        />
      ) : null}
      <p className="console-actions">
        {before.length > 0 ? (
          <button type="button" className="console-button" onClick={() => setBefore(before.slice(0, -1))}>
            Newer entries
          </button>
        ) : null}
        {next !== null ? (
          <button type="button" className="console-button" onClick={() => setBefore([...before, next])}>
            Older entries
          </button>
        ) : null}
      </p>
    </>
  );
}
