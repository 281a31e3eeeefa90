import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type RowData,
  type SortingState,
  type VisibilityState,
} from "@tanstack/react-table";
import { useId, useState } from "react";
import type { Measure } from "#domain/console/measures.ts";
import { MeasureTip } from "./measure-tip.tsx";

// The console's one table (docs/decisions/0034-operator-console.md): TanStack Table for sorting, paging and
// column choice, rendered as a real <table> with a caption, header cells that sort by a button and say how
// (aria-sort), and a pager that says where it is.

export type { ColumnDef };

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the library's own signature, merged into
  interface ColumnMeta<TData extends RowData, TValue> {
    /** A rate's definition, shown in a tooltip beside its header (outside the sort button: no button in a button). */
    measure?: Measure;
  }
}

type Props<Row> = {
  caption: string;
  columns: ColumnDef<Row, unknown>[];
  rows: Row[];
  /** Rows per page; the pager shows when there are more. */
  pageSize?: number;
  /** Lets the reader hide and show columns. */
  columnChoice?: boolean;
  empty?: string;
  initialSorting?: SortingState;
};

export function DataTable<Row>({
  caption,
  columns,
  rows,
  pageSize = 25,
  columnChoice = false,
  empty = "Nothing to show.",
  initialSorting = [],
}: Props<Row>) {
  const [sorting, setSorting] = useState<SortingState>(initialSorting);
  const [visibility, setVisibility] = useState<VisibilityState>({});
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize });
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting, columnVisibility: visibility, pagination },
    onSortingChange: setSorting,
    onColumnVisibilityChange: setVisibility,
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });
  const choiceId = useId();
  const pages = table.getPageCount();
  return (
    <div className="data-table">
      {columnChoice ? (
        <details className="data-table__columns">
          <summary>Columns</summary>
          <fieldset aria-describedby={choiceId}>
            <legend id={choiceId}>Show columns of {caption}</legend>
            {table.getAllLeafColumns().map((column) => (
              <label key={column.id}>
                <input type="checkbox" checked={column.getIsVisible()} onChange={column.getToggleVisibilityHandler()} />{" "}
                {typeof column.columnDef.header === "string" ? column.columnDef.header : column.id}
              </label>
            ))}
          </fieldset>
        </details>
      ) : null}
      <div className="data-table__scroll" tabIndex={0} role="region" aria-label={caption}>
        <table>
          <caption>{caption}</caption>
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  return (
                    <th
                      key={header.id}
                      scope="col"
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <button
                          type="button"
                          className="data-table__sort"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {label}
                          <span aria-hidden="true">{sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : ""}</span>
                        </button>
                      ) : (
                        label
                      )}
                      {header.column.columnDef.meta?.measure ? (
                        <MeasureTip measure={header.column.columnDef.meta.measure} />
                      ) : null}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.length === 0 ? (
              <tr>
                <td colSpan={table.getVisibleLeafColumns().length}>{empty}</td>
              </tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <td key={cell.id}>{flexRender(cell.column.columnDef.cell, cell.getContext())}</td>
                  ))}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {pages > 1 ? (
        <nav className="data-table__pager" aria-label={`Pages of ${caption}`}>
          <button type="button" onClick={() => table.previousPage()} disabled={!table.getCanPreviousPage()}>
            Previous page
          </button>
          <span aria-live="polite">
            Page {table.getState().pagination.pageIndex + 1} of {pages}
          </span>
          <button type="button" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
            Next page
          </button>
        </nav>
      ) : null}
    </div>
  );
}
