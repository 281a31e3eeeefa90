import { Autocomplete, Button, Group, Paper, TextInput } from "@mantine/core";
import { useMemo, type FormEvent } from "react";
import { useLocation, useSearchParams } from "react-router";
import { auditAnswer, auditFilters, type AuditRow } from "#domain/contracts/console.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { formatDateTime } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { ExportButton } from "../ui/export-button.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { DayRangeInput } from "../leads/day-range-input.tsx";
import { AuditDetails } from "./audit-details.tsx";

export function meta() {
  return [{ title: consoleTitle("Audit log") }];
}

// Every operator action and every reveal of personal data, newest first; it can only grow. Its filters (person,
// action, target, a period of days) and its page live in the address, so a view can be shared and reloaded; the
// export takes the same filters (docs/decisions/0048-console-exports.md).

const PAGE = 100;
/** The filters the API takes: the contract's, so a new one needs no change here. */
const FILTER_KEYS = Object.keys(auditFilters.shape) as (keyof typeof auditFilters.shape)[];

/** The pages newer than this one, kept in the history entry so "Newer entries" goes back one page at a time. */
const newerOf = (state: unknown): string[] =>
  state && typeof state === "object" && "newer" in state && Array.isArray(state.newer) ? (state.newer as string[]) : [];

const distinct = (values: string[]) => [...new Set(values)].sort();

export default function AuditRoute() {
  const { timeZone } = useConsole();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const filters = useMemo(() => {
    const picked: Record<string, string> = {};
    for (const key of FILTER_KEYS) {
      const value = params.get(key);
      if (value) picked[key] = value;
    }
    return picked;
  }, [params]);
  const before = params.get("before");
  const log = useConsoleData("/audit", auditAnswer, { ...filters, before, limit: PAGE });
  const rows = log.state === "loading" ? undefined : log.data?.entries;
  const failed = log.state === "failed" ? log.errors : {};

  const set = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(changes)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    next.delete("before");
    setParams(next);
  };
  function apply(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    set(Object.fromEntries(["operator", "action", "target"].map((key) => [key, String(form.get(key) ?? "").trim()])));
  }
  const page = (to: string | null, newer: string[]) => {
    const next = new URLSearchParams(params);
    if (to) next.set("before", to);
    else next.delete("before");
    setParams(next, { state: { newer } });
  };
  const newer = newerOf(location.state);
  const older = log.state === "ready" ? log.data.next_before : null;

  const columns = useMemo<ColumnDef<AuditRow, unknown>[]>(
    () => [
      {
        header: "When",
        accessorKey: "at",
        cell: ({ row }) => (
          <time dateTime={row.original.at} style={{ whiteSpace: "nowrap" }}>
            {formatDateTime(row.original.at, timeZone)}
          </time>
        ),
      },
      { header: "Who", accessorKey: "operator_email" },
      { header: "Action", accessorKey: "action" },
      { header: "Target", accessorFn: (r) => r.target ?? "" },
      { header: "Reason", accessorFn: (r) => r.reason ?? "" },
      {
        id: "details",
        header: "Details",
        enableSorting: false,
        accessorFn: (r) => JSON.stringify(r.details),
        cell: ({ row }) => <AuditDetails details={row.original.details} />,
      },
      { header: "Address", accessorFn: (r) => r.ip ?? "" },
    ],
    [timeZone],
  );
  // What the rows seen name, offered as the person and action boxes are typed in (no list of actions is kept).
  const people = distinct((log.data?.entries ?? []).map((r) => r.operator_email).concat(filters.operator ?? []));
  const actions = distinct((log.data?.entries ?? []).map((r) => r.action).concat(filters.action ?? []));
  const filtered = Object.keys(filters).length > 0;

  return (
    <>
      <PageHeader
        title="Audit log"
        description="Every operator action and every reveal of personal data, newest first."
        actions={<ExportButton path="/audit/export" query={filters} />}
      />
      <Paper withBorder p="md" radius="md">
        {/* A new address (a shared link, "Clear filters") puts its own text in the boxes. */}
        <form role="search" aria-label="Filter the audit log" onSubmit={apply} key={params.toString()}>
          <Group align="flex-end" gap="md" wrap="wrap">
            <Autocomplete
              name="operator"
              label="Person"
              description="An operator's e-mail or id"
              defaultValue={filters.operator ?? ""}
              data={people}
              error={failed.operator}
              style={{ flex: "2 1 14rem" }}
            />
            <Autocomplete
              name="action"
              label="Action"
              description="lead.reveal, buyer.update…"
              defaultValue={filters.action ?? ""}
              data={actions}
              error={failed.action}
              style={{ flex: "1 1 10rem" }}
            />
            <TextInput
              name="target"
              label="Target"
              description="A lead, buyer or operator id"
              defaultValue={filters.target ?? ""}
              error={failed.target}
              style={{ flex: "1 1 10rem" }}
            />
            <DayRangeInput
              label="Period"
              description="Whole days, UTC"
              from={params.get("from")}
              to={params.get("to")}
              onChange={(from, to) => set({ from, to })}
              style={{ flex: "1 1 14rem" }}
            />
            <Button type="submit">Apply filters</Button>
            {filtered ? (
              <Button variant="subtle" onClick={() => setParams(new URLSearchParams())}>
                Clear filters
              </Button>
            ) : null}
          </Group>
        </form>
      </Paper>
      <LoadState load={log} what="the audit log" showing={rows !== undefined} rows={8} />
      {rows ? (
        <DataTable
          caption={before ? "Audit log entries, newest first (an older page)" : "Audit log entries, newest first"}
          columns={columns}
          rows={rows}
          pageSize={PAGE}
          columnChoice
          empty={
            filtered ? (
              <EmptyState title="No entries match these filters" hint="Widen the period or clear a filter." />
            ) : (
              <EmptyState
                title="No audit entries yet"
                hint="Every sign-in, change and reveal of personal data is written here as it happens."
              />
            )
          }
        />
      ) : null}
      {before || older !== null ? (
        <Group component="nav" aria-label="Pages of the audit log" gap="sm">
          {before ? (
            <Button variant="default" onClick={() => page(newer.at(-1) ?? null, newer.slice(0, -1))}>
              Newer entries
            </Button>
          ) : null}
          {older !== null ? (
            <Button variant="default" onClick={() => page(String(older), [...newer, before ?? ""])}>
              Older entries
            </Button>
          ) : null}
        </Group>
      ) : null}
    </>
  );
}
