import { Anchor } from "@mantine/core";
import { Link } from "react-router";
import { buyerStateLabel } from "#domain/buyers/buyer-state.ts";
import { MEASURES } from "#domain/console/measures.ts";
import type { BuyerSummary } from "#domain/contracts/console-buyers.ts";
import type { ColumnDef } from "../ui/data-table.tsx";
import { formatCents, formatRate } from "../reports/report-format.ts";
import { csvDollars } from "../ui/csv.ts";
import { capsText, moneyText, sourceLabel } from "./buyer-labels.ts";
import { BuyerStateBadge } from "./buyer-state-badge.tsx";

const ms = (value: number | null) => (value === null ? "–" : `${value} ms`);

/** The list's columns: how each buyer stands now, then today's figures (the operator's day). */
export function buyerColumns(): ColumnDef<BuyerSummary, unknown>[] {
  return [
    {
      header: "Buyer",
      accessorKey: "name",
      cell: ({ row }) => (
        <Anchor component={Link} to={`/console/buyers/${encodeURIComponent(row.original.id)}`} size="sm">
          {row.original.name}
        </Anchor>
      ),
    },
    { header: "Id", accessorKey: "id" },
    { header: "Status", accessorFn: buyerStateLabel, cell: ({ row }) => <BuyerStateBadge buyer={row.original} /> },
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
      meta: { csv: (r) => csvDollars(r.today.revenue_cents) },
    },
    {
      id: "post_acceptance",
      header: MEASURES.post_acceptance.name,
      accessorFn: (r) => r.today.post_acceptance ?? -1,
      cell: ({ row }) => formatRate(row.original.today.post_acceptance),
      meta: { measure: MEASURES.post_acceptance, csv: (r) => r.today.post_acceptance },
    },
    { id: "timeouts", header: "Timeouts", accessorFn: (r) => r.today.timeouts },
    { id: "connection_failures", header: "Connection failures", accessorFn: (r) => r.today.connection_failures },
    {
      id: "p50",
      header: "Response p50",
      accessorFn: (r) => r.today.p50_ms ?? -1,
      cell: ({ row }) => ms(row.original.today.p50_ms),
      meta: { csv: (r) => r.today.p50_ms },
    },
    {
      id: "p90",
      header: "Response p90",
      accessorFn: (r) => r.today.p90_ms ?? -1,
      cell: ({ row }) => ms(row.original.today.p90_ms),
      meta: { csv: (r) => r.today.p90_ms },
    },
    { header: "Caps used", enableSorting: false, accessorFn: capsText },
    {
      id: "money",
      header: "Money",
      // Sorted by room, the least first; an unbilled buyer has no limit, so it sorts last.
      accessorFn: (r) => r.account?.room_cents ?? Number.MAX_SAFE_INTEGER,
      cell: ({ row }) => moneyText(row.original),
      meta: { csv: moneyText },
    },
  ];
}
