import { useMemo } from "react";
import { Form, Link, useSearchParams } from "react-router";
import {
  LEAD_SEARCH_STATUSES,
  leadSearchAnswer,
  leadSearchQuery,
  type LeadSearchRow,
} from "#domain/contracts/console-leads.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { formatDateTime } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { AppliedFilters } from "./applied-filters.tsx";

export function meta() {
  return [{ title: consoleTitle("Leads") }];
}

// /console/leads: search by id, e-mail or phone and filter; every criterion lives in the address, so a Today
// figure links to exactly its leads (/console/leads?stage=sold&from=...&to=...&source=google, built by
// leadsQueryOf in src/domain/contracts/console-reports.ts, answered by the same search).

/** The address parameters the search takes: the contract's, so a new filter needs no change here. */
const SEARCH_KEYS = Object.keys(leadSearchQuery.shape) as (keyof typeof leadSearchQuery.shape)[];
/** A report figure's own parameters, kept as they are when the form refines the search. */
const REPORT_KEYS = ["stage", "aff_id", "sub_id", "brand", "reason"] as const;
const PAGE = 50;

const money = (cents: number | null) => (cents === null ? "" : `$${(cents / 100).toFixed(2)}`);

export default function LeadsPage() {
  const { timeZone } = useConsole();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => {
    const picked: Record<string, string> = { limit: String(PAGE) };
    for (const key of SEARCH_KEYS) {
      const value = params.get(key);
      if (value) picked[key] = value;
    }
    return picked;
  }, [params]);
  const search = useConsoleData("/leads", leadSearchAnswer, query);
  // Only this search's leads: an earlier search's rows would not match the filters said above them.
  const found = search.state === "loading" ? undefined : search.data;

  const columns = useMemo<ColumnDef<LeadSearchRow, unknown>[]>(
    () => [
      {
        header: "Lead",
        accessorKey: "id",
        cell: ({ row }) => <Link to={`/console/leads/${row.original.id}`}>{row.original.id}</Link>,
      },
      {
        header: "Created",
        accessorKey: "created_at",
        cell: ({ row }) => (
          <time dateTime={row.original.created_at}>{formatDateTime(row.original.created_at, timeZone)}</time>
        ),
      },
      { header: "Status", accessorKey: "status", cell: ({ row }) => row.original.status.replace("_", " ") },
      {
        header: "Amount",
        accessorKey: "amount",
        cell: ({ row }) => (row.original.amount === null ? "" : `$${row.original.amount}`),
      },
      { header: "State", accessorKey: "state" },
      { header: "Buyer", accessorKey: "buyer" },
      { header: "Price", accessorKey: "price_cents", cell: ({ row }) => money(row.original.price_cents) },
      { header: "Source", accessorKey: "source" },
    ],
    [timeZone],
  );

  const error = (field: string) => (search.state === "failed" ? search.errors[field] : undefined);
  const fromReport = params.get("stage") !== null;
  const next = found?.next_cursor ?? null;
  const page = (cursor: string | null) => {
    const moved = new URLSearchParams(params);
    if (cursor) moved.set("cursor", cursor);
    else moved.delete("cursor");
    setParams(moved);
  };

  return (
    <>
      <h1>Leads</h1>
      <Form method="get" role="search" aria-label="Search leads">
        {REPORT_KEYS.map((k) =>
          params.get(k) ? <input key={k} type="hidden" name={k} value={params.get(k) ?? ""} /> : null,
        )}
        <label>
          Lead id, e-mail or phone
          <input
            name="q"
            defaultValue={params.get("q") ?? ""}
            aria-invalid={error("q") ? true : undefined}
            aria-describedby={error("q") ? "q-error" : undefined}
          />
        </label>
        {error("q") && <p id="q-error">{error("q")}</p>}
        {fromReport ? (
          // A figure's period is two instants, not days: kept as the report gave them.
          (["from", "to"] as const).map((k) =>
            params.get(k) ? <input key={k} type="hidden" name={k} value={params.get(k) ?? ""} /> : null,
          )
        ) : (
          <>
            <label>
              From <input type="date" name="from" defaultValue={params.get("from") ?? ""} />
            </label>
            <label>
              To <input type="date" name="to" defaultValue={params.get("to") ?? ""} />
            </label>
          </>
        )}
        <label>
          Status
          <select name="status" defaultValue={params.get("status") ?? ""}>
            <option value="">Any</option>
            {LEAD_SEARCH_STATUSES.map((status) => (
              <option key={status} value={status}>
                {status.replace("_", " ")}
              </option>
            ))}
          </select>
        </label>
        <label>
          Buyer <input name="buyer" defaultValue={params.get("buyer") ?? ""} />
        </label>
        <label>
          Source <input name="source" defaultValue={params.get("source") ?? ""} />
        </label>
        <button type="submit">Search</button>
      </Form>
      <AppliedFilters params={params} keys={SEARCH_KEYS} timeZone={timeZone} />
      {/* The search box's own mistake is said at the box; any other failure, here. */}
      {error("q") ? null : <LoadState load={search} what="the leads" showing={found !== undefined} />}
      {found ? (
        <DataTable
          caption={params.get("cursor") ? "Leads, newest first (a later page)" : "Leads, newest first"}
          columns={columns}
          rows={found.leads}
          pageSize={PAGE}
          empty="No leads match."
        />
      ) : null}
      {params.get("cursor") || next ? (
        <nav aria-label="Pages of leads">
          {params.get("cursor") ? (
            <button type="button" onClick={() => page(null)}>
              First page
            </button>
          ) : null}
          {next ? (
            <button type="button" onClick={() => page(next)}>
              Next page
            </button>
          ) : null}
        </nav>
      ) : null}
    </>
  );
}
