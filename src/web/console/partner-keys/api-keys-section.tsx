import { useMemo, useState } from "react";
import { apiKeyIssuedAnswer, apiKeyListAnswer, type ApiKeyRow } from "#domain/contracts/console-publishers.ts";
import { consoleApi } from "../console-api.ts";
import { useConsole } from "../console-session.tsx";
import { formatDateTime } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { LoadState } from "../load-state.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { ShownOnce } from "./shown-once.tsx";

// A partner's API keys (docs/product/partners.md#the-partner-api): the list, a new key shown once, revoking one.
export function ApiKeysSection({ path, partnerName, writer }: { path: string; partnerName: string; writer: boolean }) {
  const { timeZone } = useConsole();
  const keys = useConsoleData(`${path}/api-keys`, apiKeyListAnswer);
  const [label, setLabel] = useState("");
  const [issued, setIssued] = useState<string>();
  const [status, setStatus] = useState("");
  const reload = keys.reload;

  const columns = useMemo<ColumnDef<ApiKeyRow, unknown>[]>(
    () => [
      { header: "Label", accessorKey: "label" },
      { header: "Starts with", accessorKey: "prefix" },
      { header: "Issued", accessorFn: (r) => formatDateTime(r.created_at, timeZone) },
      { header: "Last used", accessorFn: (r) => (r.last_used_at ? formatDateTime(r.last_used_at, timeZone) : "Never") },
      {
        header: "Status",
        enableSorting: false,
        cell: ({ row }) =>
          row.original.revoked_at ? (
            `Revoked ${formatDateTime(row.original.revoked_at, timeZone)}`
          ) : writer ? (
            <button
              type="button"
              className="console-button"
              onClick={async () => {
                const res = await consoleApi.send("DELETE", `${path}/api-keys/${row.original.id}`, undefined);
                setStatus(res.message);
                reload();
              }}
            >
              Revoke {row.original.label}
            </button>
          ) : (
            "Live"
          ),
      },
    ],
    [timeZone, writer, path, reload],
  );

  const issue = async () => {
    const res = await consoleApi.send("POST", `${path}/api-keys`, { label }, apiKeyIssuedAnswer);
    setStatus(res.ok ? res.message : (res.errors.label ?? res.message));
    if (res.ok) {
      setIssued(res.data.key);
      setLabel("");
    }
    reload();
  };

  return (
    <section aria-labelledby="api-keys-title">
      <h2 id="api-keys-title">API keys</h2>
      <LoadState load={keys} what={`the API keys of ${partnerName}`} />
      {keys.data ? (
        <DataTable
          caption={`API keys of ${partnerName}`}
          columns={columns}
          rows={keys.data.api_keys}
          empty="No keys yet."
        />
      ) : null}
      {writer ? (
        <form
          className="console-form"
          onSubmit={(event) => {
            event.preventDefault();
            void issue();
          }}
        >
          <div className="form-field">
            <label htmlFor="api-key-label">Label of a new key</label>
            <input id="api-key-label" value={label} onChange={(e) => setLabel(e.target.value)} autoComplete="off" />
          </div>
          <button type="submit" className="console-button">
            Issue a key
          </button>
        </form>
      ) : null}
      <p role="status">{status}</p>
      {issued ? <ShownOnce title="The new API key" value={issued} /> : null}
    </section>
  );
}
