import { Button, Group, Text } from "@mantine/core";
import { useMemo } from "react";
import { useLocation, useSearchParams } from "react-router";
import { leadFilterValuesAnswer, leadSearchAnswer } from "#domain/contracts/console-leads.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { LoadState } from "../load-state.tsx";
import { DataTable } from "../ui/data-table.tsx";
import { EmptyState } from "../ui/empty-state.tsx";
import { ExportButton } from "../ui/export-button.tsx";
import { PageHeader } from "../ui/page-header.tsx";
import { useConsoleData } from "../use-console-data.ts";
import { AppliedFilters } from "./applied-filters.tsx";
import { leadColumns } from "./leads-columns.tsx";
import { LeadsFilterBar } from "./leads-filter-bar.tsx";
import { countText, filtersOf, PAGE, withFilter } from "./leads-search-params.ts";

export function meta() {
  return [{ title: consoleTitle("Leads") }];
}

// /console/leads: search and filter the leads, every criterion in the address (leads-search-params.ts), so a Today
// figure links to exactly its leads (leadsQueryOf in src/domain/contracts/console-reports.ts), a view can be shared
// and reloaded, and going to a lead and back shows the same list. The count, the table and the export are of the
// same filters (docs/decisions/0048-console-exports.md).

/** The first page's count, carried in the history entry of a later page (whose answer has none). */
type Counted = { total: number; capped: boolean };
const countedOf = (state: unknown): Counted | undefined =>
  state && typeof state === "object" && "counted" in state ? (state as { counted: Counted }).counted : undefined;

export default function LeadsPage() {
  const { timeZone } = useConsole();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const filters = useMemo(() => filtersOf(params), [params]);
  const cursor = params.get("cursor");
  const search = useConsoleData("/leads", leadSearchAnswer, { ...filters, cursor, limit: PAGE });
  const values = useConsoleData("/leads/filters", leadFilterValuesAnswer);
  // Only this search's leads: an earlier search's rows would not match the filters said above them.
  const found = search.state === "loading" ? undefined : search.data;

  const counted: Counted | undefined =
    found && found.total !== null ? { total: found.total, capped: found.total_capped } : countedOf(location.state);
  const columns = useMemo(() => leadColumns(timeZone, location.search), [timeZone, location.search]);

  const failed = search.state === "failed" ? search.errors : {};
  // The search box's mistake is said at the box; any other failure, as the page's.
  const boxError = failed.q ?? failed.buyer_ref;
  const next = found?.next_cursor ?? null;
  const page = (to: string | null) => {
    const moved = new URLSearchParams(params);
    if (to) moved.set("cursor", to);
    else moved.delete("cursor");
    setParams(moved, { state: to && counted ? { counted } : null });
  };

  return (
    <>
      <PageHeader
        title="Leads"
        description={
          <Text component="span" size="sm" role="status" aria-live="polite">
            {!found
              ? "Counting…"
              : counted
                ? `${countText(counted.total, counted.capped)}${cursor ? ", a later page of them" : ""}`
                : "A later page of the search"}
          </Text>
        }
        actions={<ExportButton path="/leads/export" query={filters} />}
      />
      <LeadsFilterBar
        params={params}
        apply={setParams}
        values={values.state === "ready" ? values.data : undefined}
        boxError={boxError}
      />
      {values.state === "failed" ? <LoadState load={values} what="the buyers and sources to pick from" /> : null}
      <AppliedFilters
        params={params}
        timeZone={timeZone}
        onRemove={(key) => setParams(withFilter(params, { [key]: null }))}
      />
      {boxError ? null : <LoadState load={search} what="the leads" showing={found !== undefined} rows={8} />}
      {found ? (
        <DataTable
          caption={cursor ? "Leads, newest first (a later page)" : "Leads, newest first"}
          columns={columns}
          rows={found.leads}
          pageSize={PAGE}
          columnChoice
          empty={
            <EmptyState
              title="No leads match"
              hint={
                Object.keys(filters).length > 0
                  ? "Widen the period or clear a filter to see more."
                  : "No lead has started an application yet."
              }
            />
          }
        />
      ) : null}
      {cursor || next ? (
        <Group component="nav" aria-label="Pages of leads" gap="sm">
          {cursor ? (
            <Button variant="default" onClick={() => page(null)}>
              First page
            </Button>
          ) : null}
          {next ? (
            <Button variant="default" onClick={() => page(next)}>
              Next page
            </Button>
          ) : null}
        </Group>
      ) : null}
    </>
  );
}
