import { useMemo } from "react";
import { Link } from "react-router";
import { buyerListAnswer, type BuyerSummary } from "#domain/contracts/console-buyers.ts";
import { consoleTitle } from "../console-nav.ts";
import { useConsole } from "../console-session.tsx";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { formatCents, formatRate } from "../reports/report-format.ts";
import { useConsoleData } from "../use-console-data.ts";
import { buyerStatus, sourceLabel } from "./buyer-labels.ts";

export function meta() {
  return [{ title: consoleTitle("Buyers") }];
}

const ms = (value: number | null) => (value === null ? "–" : `${value} ms`);

function capsText(caps: BuyerSummary["caps"]): string {
  const parts = (["hourly", "daily", "monthly"] as const).flatMap((period) => {
    const cap = caps[period];
    return cap ? [`${cap.used} of ${cap.cap} ${period}`] : [];
  });
  return parts.length ? parts.join(", ") : "No caps";
}

// Every buyer with today's figures (the operator's day): volume, caps used, revenue, accept rate, response times.
export default function BuyersRoute() {
  const { timeZone, can } = useConsole();
  const list = useConsoleData("/buyers", buyerListAnswer, { time_zone: timeZone });
  const columns = useMemo<ColumnDef<BuyerSummary, unknown>[]>(
    () => [
      {
        header: "Buyer",
        accessorKey: "name",
        cell: ({ row }) => (
          <Link to={`/console/buyers/${encodeURIComponent(row.original.id)}`}>{row.original.name}</Link>
        ),
      },
      { header: "Id", accessorKey: "id" },
      { header: "Status", accessorFn: buyerStatus },
      { header: "Source", accessorFn: sourceLabel },
      { header: "Tier", accessorKey: "tier" },
      { header: "Pings", accessorFn: (r) => r.today.pings },
      { header: "Bids", accessorFn: (r) => r.today.bids },
      { header: "Sold", accessorFn: (r) => r.today.sold },
      {
        id: "revenue",
        header: "Revenue",
        accessorFn: (r) => r.today.revenue_cents,
        cell: ({ row }) => formatCents(row.original.today.revenue_cents),
      },
      {
        id: "accept",
        header: "Accept rate",
        accessorFn: (r) => r.today.accept_rate ?? -1,
        cell: ({ row }) => formatRate(row.original.today.accept_rate),
      },
      {
        id: "p50",
        header: "Response p50",
        accessorFn: (r) => r.today.p50_ms ?? -1,
        cell: ({ row }) => ms(row.original.today.p50_ms),
      },
      {
        id: "p90",
        header: "Response p90",
        accessorFn: (r) => r.today.p90_ms ?? -1,
        cell: ({ row }) => ms(row.original.today.p90_ms),
      },
      { header: "Caps used", enableSorting: false, accessorFn: (r) => capsText(r.caps) },
    ],
    [],
  );
  return (
    <>
      <h1>Buyers</h1>
      {can("buyers:write") ? (
        <p className="console-actions">
          <Link className="console-button console-button--primary" to="/console/buyers/new">
            Add a buyer
          </Link>
        </p>
      ) : null}
      {list.state === "failed" ? <p role="alert">{list.message}</p> : null}
      {list.data ? (
        <DataTable
          caption={`Buyers, with today's figures (${timeZone})`}
          columns={columns}
          rows={list.data.buyers}
          columnChoice
          empty="No buyers yet."
        />
      ) : (
        <p aria-busy="true">Loading…</p>
      )}
    </>
  );
}
