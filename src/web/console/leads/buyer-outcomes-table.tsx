import { useMemo } from "react";
import { outcomeText } from "#domain/buyers/buyer-outcomes.ts";
import type { BuyerOutcomeRow } from "#domain/contracts/console-leads.ts";
import { formatDateTime } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { dollars } from "./money.ts";

// The lead page's first table (docs/product/lender-network.md#every-buyers-outcome): every buyer of the lead's
// auction, what it came to and why, the price it paid or offered, and when, in the order the server gives
// (the buyer that paid, then the offers, highest first).

/** The price a buyer paid, else the one it offered, saying which. */
function priceText(row: BuyerOutcomeRow): string {
  if (row.paid_cents !== null) return `${dollars(row.paid_cents)} paid`;
  return row.offered_cents === null ? "" : `${dollars(row.offered_cents)} offered`;
}

export function BuyerOutcomesTable({ outcomes, timeZone }: { outcomes: BuyerOutcomeRow[]; timeZone: string }) {
  const columns = useMemo<ColumnDef<BuyerOutcomeRow, unknown>[]>(
    () => [
      { header: "Buyer", accessorKey: "buyer" },
      { id: "outcome", header: "Outcome", accessorFn: (row) => outcomeText(row.outcome, row.detail) },
      {
        id: "price",
        header: "Price",
        accessorFn: (row) => row.paid_cents ?? row.offered_cents ?? -1,
        cell: ({ row }) => priceText(row.original),
        meta: { csv: (row) => priceText(row) || null },
      },
      { header: "Time", accessorKey: "at", cell: ({ row }) => formatDateTime(row.original.at, timeZone) },
    ],
    [timeZone],
  );
  return (
    <DataTable
      caption="Every buyer's outcome"
      exportName="buyer-outcomes"
      columns={columns}
      rows={outcomes}
      pageSize={100}
      empty="No buyer's outcome is recorded for this lead."
    />
  );
}
