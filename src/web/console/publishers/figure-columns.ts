import type { ColumnDef } from "../ui/data-table.tsx";
import { formatCents } from "../reports/report-format.ts";
import { csvDollars } from "../ui/csv.ts";

// The publishers' figure columns: right-aligned, each with its sum in the table's totals row.

/** A count column whose footer adds the rows up. */
export function countColumn<Row>(id: string, header: string, of: (row: Row) => number): ColumnDef<Row, unknown> {
  return {
    id,
    header,
    accessorFn: of,
    footer: ({ table }) => table.getCoreRowModel().rows.reduce((sum, row) => sum + of(row.original), 0),
    meta: { numeric: true },
  };
}

/** A money column in dollars whose footer adds the rows up. */
export function moneyColumn<Row>(id: string, header: string, of: (row: Row) => number): ColumnDef<Row, unknown> {
  return {
    ...countColumn(id, header, of),
    cell: ({ row }) => formatCents(of(row.original)),
    meta: { numeric: true, csv: (row) => csvDollars(of(row)) },
    footer: ({ table }) => formatCents(table.getCoreRowModel().rows.reduce((sum, row) => sum + of(row.original), 0)),
  };
}
