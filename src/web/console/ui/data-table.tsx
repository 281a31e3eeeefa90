import { Box, Button, Checkbox, Group, Popover, Stack, Table, Text, UnstyledButton } from "@mantine/core";
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
import { useState, type ReactNode } from "react";
import type { Measure } from "#domain/console/measures.ts";
import { downloadCsv, toCsv, type CsvCell } from "./csv.ts";
import { MeasureTip } from "./measure-tip.tsx";

// The console's one table (docs/decisions/0049-console-components.md): TanStack Table for sorting, paging and
// column choice, drawn as Mantine's dense table: a real <table> with a caption, header cells that sort by a button
// and say how (aria-sort), figures right-aligned in tabular digits, a totals row in <tfoot> (a column's `footer`),
// and a pager that says where it is. Wide tables scroll inside their own box, which the keyboard can reach.

export type { ColumnDef };

declare module "@tanstack/react-table" {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars -- the library's own signature, merged into
  interface ColumnMeta<TData extends RowData, TValue> {
    /** A rate's definition, shown in a tooltip beside its header (outside the sort button: no button in a button). */
    measure?: Measure;
    /** A figure: right-aligned, in digits of one width, so a column of numbers reads down. */
    numeric?: boolean;
    /** The cell as the CSV export writes it, where the column's value is not what a reader wants (cents, a code). */
    csv?: (row: TData) => CsvCell;
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
  /** What an empty table says: a sentence, or an EmptyState with what to do next. */
  empty?: ReactNode;
  initialSorting?: SortingState;
  /**
   * Offers "Export CSV": every row (all pages, in the table's order) of the columns shown, each cell its column's
   * `meta.csv` or its value; the file is named this, with ".csv".
   */
  exportName?: string;
  /** Sorting kept by the screen (in its address, say) instead of inside the table. */
  sorting?: SortingState;
  onSortingChange?: (sorting: SortingState) => void;
};

export function DataTable<Row>({
  caption,
  columns,
  rows,
  pageSize = 25,
  columnChoice = false,
  empty = "Nothing to show.",
  initialSorting = [],
  sorting: keptSorting,
  onSortingChange,
  exportName,
}: Props<Row>) {
  const [ownSorting, setOwnSorting] = useState<SortingState>(initialSorting);
  const sorting = keptSorting ?? ownSorting;
  const [visibility, setVisibility] = useState<VisibilityState>({});
  const [pagination, setPagination] = useState({ pageIndex: 0, pageSize });
  const table = useReactTable({
    data: rows,
    columns,
    state: { sorting, columnVisibility: visibility, pagination },
    onSortingChange: (update) => {
      const next = typeof update === "function" ? update(sorting) : update;
      if (onSortingChange) onSortingChange(next);
      else setOwnSorting(next);
    },
    onColumnVisibilityChange: setVisibility,
    onPaginationChange: setPagination,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: getSortedRowModel(),
    getPaginationRowModel: getPaginationRowModel(),
  });
  const pages = table.getPageCount();
  const hasFooter =
    rows.length > 0 && table.getAllLeafColumns().some((column) => column.columnDef.footer !== undefined);
  const align = (numeric: boolean | undefined) => (numeric ? ("right" as const) : undefined);
  const exportRows = () => {
    const columns = table.getVisibleLeafColumns();
    const header = columns.map((c) => (typeof c.columnDef.header === "string" ? c.columnDef.header : c.id));
    const body = table.getSortedRowModel().rows.map((row) =>
      columns.map((c): CsvCell => {
        if (c.columnDef.meta?.csv) return c.columnDef.meta.csv(row.original);
        const value = row.getValue(c.id);
        if (value === null || value === undefined) return null;
        return typeof value === "number" || typeof value === "string" ? value : String(value);
      }),
    );
    downloadCsv(`${exportName}.csv`, toCsv([header, ...body]));
  };
  return (
    <Box className="data-table" my="md">
      {columnChoice || exportName ? (
        <Group justify="flex-end" mb="xs" gap="xs">
          {exportName ? (
            <Button
              variant="default"
              size="xs"
              aria-label={`Export CSV: ${caption}`}
              disabled={rows.length === 0}
              onClick={exportRows}
            >
              Export CSV
            </Button>
          ) : null}
          {columnChoice ? (
            <Popover position="bottom-end" shadow="md" trapFocus>
              <Popover.Target>
                <Button variant="default" size="xs">
                  Columns
                </Button>
              </Popover.Target>
              <Popover.Dropdown>
                <Stack gap={6} component="fieldset" style={{ border: 0, margin: 0, padding: 0 }}>
                  <Text component="legend" size="sm" fw={600} mb={4}>
                    Show columns of {caption}
                  </Text>
                  {table.getAllLeafColumns().map((column) => (
                    <Checkbox
                      key={column.id}
                      size="xs"
                      label={typeof column.columnDef.header === "string" ? column.columnDef.header : column.id}
                      checked={column.getIsVisible()}
                      onChange={column.getToggleVisibilityHandler()}
                    />
                  ))}
                </Stack>
              </Popover.Dropdown>
            </Popover>
          ) : null}
        </Group>
      ) : null}
      <Box
        className="data-table__scroll"
        tabIndex={0}
        role="region"
        aria-label={caption}
        style={{
          overflowX: "auto",
          border: "1px solid var(--mantine-color-default-border)",
          borderRadius: "var(--mantine-radius-sm)",
        }}
      >
        <Table striped highlightOnHover stickyHeader captionSide="top">
          <Table.Caption
            style={{
              textAlign: "left",
              fontWeight: 600,
              margin: 0,
              padding: "var(--mantine-spacing-xs) var(--mantine-spacing-sm)",
            }}
          >
            {caption}
          </Table.Caption>
          <Table.Thead>
            {table.getHeaderGroups().map((group) => (
              <Table.Tr key={group.id}>
                {group.headers.map((header) => {
                  const sorted = header.column.getIsSorted();
                  const label = flexRender(header.column.columnDef.header, header.getContext());
                  const meta = header.column.columnDef.meta;
                  return (
                    <Table.Th
                      key={header.id}
                      scope="col"
                      ta={align(meta?.numeric)}
                      style={{ whiteSpace: "nowrap" }}
                      aria-sort={sorted === "asc" ? "ascending" : sorted === "desc" ? "descending" : undefined}
                    >
                      {header.column.getCanSort() ? (
                        <UnstyledButton
                          className="data-table__sort"
                          fw={600}
                          fz="sm"
                          onClick={header.column.getToggleSortingHandler()}
                        >
                          {label}
                          <span aria-hidden="true">{sorted === "asc" ? " ▲" : sorted === "desc" ? " ▼" : ""}</span>
                        </UnstyledButton>
                      ) : (
                        label
                      )}
                      {meta?.measure ? <MeasureTip measure={meta.measure} /> : null}
                    </Table.Th>
                  );
                })}
              </Table.Tr>
            ))}
          </Table.Thead>
          <Table.Tbody>
            {table.getRowModel().rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={table.getVisibleLeafColumns().length}>{empty}</Table.Td>
              </Table.Tr>
            ) : (
              table.getRowModel().rows.map((row) => (
                <Table.Tr key={row.id}>
                  {row.getVisibleCells().map((cell) => (
                    <Table.Td
                      key={cell.id}
                      ta={align(cell.column.columnDef.meta?.numeric)}
                      className={cell.column.columnDef.meta?.numeric ? "data-table__figure" : undefined}
                    >
                      {flexRender(cell.column.columnDef.cell, cell.getContext())}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
          {hasFooter ? (
            <Table.Tfoot>
              {table
                .getFooterGroups()
                .slice(0, 1)
                .map((group) => (
                  <Table.Tr key={group.id} className="data-table__totals">
                    {group.headers.map((header) => (
                      <Table.Td
                        key={header.id}
                        fw={700}
                        ta={align(header.column.columnDef.meta?.numeric)}
                        className={header.column.columnDef.meta?.numeric ? "data-table__figure" : undefined}
                      >
                        {flexRender(header.column.columnDef.footer, header.getContext())}
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
            </Table.Tfoot>
          ) : null}
        </Table>
      </Box>
      {pages > 1 ? (
        <Group component="nav" className="data-table__pager" aria-label={`Pages of ${caption}`} gap="sm" mt="xs">
          <Button
            variant="default"
            size="xs"
            onClick={() => table.previousPage()}
            disabled={!table.getCanPreviousPage()}
          >
            Previous page
          </Button>
          <Text size="sm" aria-live="polite">
            Page {table.getState().pagination.pageIndex + 1} of {pages}
          </Text>
          <Button variant="default" size="xs" onClick={() => table.nextPage()} disabled={!table.getCanNextPage()}>
            Next page
          </Button>
        </Group>
      ) : null}
    </Box>
  );
}
