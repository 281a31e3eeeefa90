import type { Measure } from "#domain/console/measures.ts";
import type { ColumnDef } from "../ui/data-table.tsx";
import { formatCents } from "../reports/report-format.ts";
import { csvDollars, type CsvCell } from "../ui/csv.ts";

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

/**
 * A ratio's column (a rate, an average price): each row's own value, and in the totals row the ratio of the column
 * sums, never a sum or a mean of the rows' ratios. `parts` is a row's numerator and denominator.
 */
export function ratioColumn<Row>(
  id: string,
  header: string,
  column: {
    value: (row: Row) => number | null;
    parts: (row: Row) => [number, number];
    format: (value: number | null) => string;
    csv: (value: number | null) => CsvCell;
    measure?: Measure;
  },
): ColumnDef<Row, unknown> {
  return {
    id,
    header,
    // A row with no value sorts below every row with one.
    accessorFn: (row) => column.value(row) ?? -1,
    cell: ({ row }) => column.format(column.value(row.original)),
    footer: ({ table }) => {
      const [part, whole] = table
        .getCoreRowModel()
        .rows.map((row) => column.parts(row.original))
        .reduce(([p, w], [rowPart, rowWhole]) => [p + rowPart, w + rowWhole], [0, 0]);
      return column.format(whole === 0 ? null : part / whole);
    },
    meta: {
      numeric: true,
      csv: (row) => column.csv(column.value(row)),
      ...(column.measure ? { measure: column.measure } : {}),
    },
  };
}
