import { Button, Group } from "@mantine/core";
import type { SortingState } from "@tanstack/react-table";
import { useMemo, type ReactNode } from "react";
import { useSearchParams } from "react-router";
import type { LeadsQuery } from "#domain/contracts/console-reports.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";
import { changeOf } from "./change.ts";
import { ChangeNote } from "./change-note.tsx";
import { downloadCsv, toCsv, type CsvCell } from "../ui/csv.ts";
import { FigureLink } from "./figure-link.tsx";
import { csvFigure, csvHeader, formatFigure } from "./report-format.ts";
import { REPORT_MEASURES, type MeasureKey } from "./report-measures.ts";
import { readSort, writeSort } from "./report-sort.ts";

// A report's table, from one list of columns (a row's words, then its figures by the measures' table) that draws the
// table, its totals row and its CSV file alike, so the file holds exactly what the table shows. Sorting lives in the
// screen's address (report-sort.ts); with the period before, a figure can show its change.

export type TextColumn<Row> = {
  id: string;
  header: string;
  text: (row: Row) => string;
  /** How the cell shows the text, when not as it is (a badge, say). */
  cell?: (row: Row) => ReactNode;
};
export type FigureColumn<Row, F> = {
  id: string;
  measure: MeasureKey;
  value: (figures: F) => number | null;
  /** The leads behind the row's figure, for an operator who may read leads. */
  leads?: (row: Row) => LeadsQuery | undefined;
  /** Shows the change against the period before, when asked for. */
  compared?: boolean;
};

type Columns<Row, F> = { text: TextColumn<Row>[]; figures: FigureColumn<Row, F>[]; figuresOf: (row: Row) => F };

const headerOf = ({ measure }: { measure: MeasureKey }) =>
  REPORT_MEASURES[measure].short ?? REPORT_MEASURES[measure].name;

/** A sort value for a cell: a missing figure sorts below every figure. */
const sortValue = (value: number | null) => value ?? Number.NEGATIVE_INFINITY;

/** The rows as the table orders them: by its sorting, else as the answer gave them. */
function sortedRows<Row, F>(columns: Columns<Row, F>, rows: Row[], sorting: SortingState): Row[] {
  const first = sorting[0];
  if (!first) return rows;
  const text = columns.text.find((c) => c.id === first.id);
  const figure = columns.figures.find((c) => c.id === first.id);
  const compare = (a: Row, b: Row) =>
    text
      ? text.text(a).localeCompare(text.text(b))
      : figure
        ? sortValue(figure.value(columns.figuresOf(a))) - sortValue(figure.value(columns.figuresOf(b)))
        : 0;
  return [...rows].sort((a, b) => (first.desc ? -compare(a, b) : compare(a, b)));
}

/** The table as CSV rows: the headers (figures with their unit), each row, and the totals row. */
function tableCsv<Row, F>(columns: Columns<Row, F>, rows: Row[], totals: F | null): CsvCell[][] {
  const kindOf = (column: FigureColumn<Row, F>) => REPORT_MEASURES[column.measure].kind;
  const figuresOf = (figures: F) => columns.figures.map((c) => csvFigure(kindOf(c), c.value(figures)));
  const header = [
    ...columns.text.map((c) => c.header),
    ...columns.figures.map((c) => csvHeader(headerOf(c), kindOf(c))),
  ];
  const body = rows.map((row) => [...columns.text.map((c) => c.text(row)), ...figuresOf(columns.figuresOf(row))]);
  const totalsRow =
    totals === null ? [] : [[...columns.text.map((_, i) => (i === 0 ? "Total" : "")), ...figuresOf(totals)]];
  return [header, ...body, ...totalsRow];
}

export function ReportTable<Row, F>({
  name,
  caption,
  columns,
  rows,
  totals,
  previousOf,
  previousTotals,
  canSeeLeads = false,
  empty,
  fileName,
  columnChoice = false,
}: {
  /** The table's id in the address's `sort` (by_source, buyers): no dot. */
  name: string;
  caption: string;
  columns: Columns<Row, F>;
  rows: Row[];
  /** The totals row (the answer's), or null for none. */
  totals: F | null;
  /** The row's figures in the period before, when compared. */
  previousOf?: ((row: Row) => F | undefined) | undefined;
  previousTotals?: F | undefined;
  canSeeLeads?: boolean;
  empty: ReactNode;
  /** The CSV file's name, without ".csv". */
  fileName: string;
  columnChoice?: boolean;
}) {
  const [params, setParams] = useSearchParams();
  // A column the address names but the table lacks (an old link) sorts nothing.
  const sorting = readSort(params, name).filter(
    ({ id }) => columns.text.some((c) => c.id === id) || columns.figures.some((c) => c.id === id),
  );
  const compared = previousOf !== undefined;
  const defs = useMemo<ColumnDef<Row, unknown>[]>(() => {
    const changeIn = (column: FigureColumn<Row, F>, now: F, before: F | undefined) =>
      compared && column.compared && before !== undefined
        ? changeOf(column.measure, column.value(now), column.value(before))
        : undefined;
    return [
      ...columns.text.map((column, i): ColumnDef<Row, unknown> => ({
        id: column.id,
        header: column.header,
        accessorFn: column.text,
        // A name on one line: the table scrolls in its own box rather than stack words.
        cell: ({ row }) => (
          <span style={{ whiteSpace: "nowrap" }}>
            {column.cell ? column.cell(row.original) : column.text(row.original)}
          </span>
        ),
        ...(totals !== null ? { footer: i === 0 ? "Total" : "" } : {}),
      })),
      ...columns.figures.map((column): ColumnDef<Row, unknown> => {
        const measure = REPORT_MEASURES[column.measure];
        const format = (figures: F) => formatFigure(measure.kind, column.value(figures));
        return {
          id: column.id,
          header: headerOf(column),
          accessorFn: (row) => sortValue(column.value(columns.figuresOf(row))),
          cell: ({ row }) => {
            const figures = columns.figuresOf(row.original);
            const change = changeIn(column, figures, previousOf?.(row.original));
            return (
              <>
                <FigureLink query={column.leads?.(row.original)} canSeeLeads={canSeeLeads}>
                  {format(figures)}
                </FigureLink>
                {change ? <ChangeNote change={change} /> : null}
              </>
            );
          },
          ...(totals !== null
            ? {
                footer: () => {
                  const change = changeIn(column, totals, previousTotals);
                  return (
                    <>
                      {format(totals)}
                      {change ? <ChangeNote change={change} /> : null}
                    </>
                  );
                },
              }
            : {}),
          meta: { numeric: true, measure: measure.measure },
        };
      }),
    ];
  }, [columns, totals, previousOf, previousTotals, compared, canSeeLeads]);
  return (
    <>
      <Group justify="flex-end" mb={0} mt="lg">
        <Button
          variant="default"
          size="xs"
          aria-label={`Export CSV: ${caption}`}
          disabled={rows.length === 0}
          onClick={() =>
            downloadCsv(`${fileName}.csv`, toCsv(tableCsv(columns, sortedRows(columns, rows, sorting), totals)))
          }
        >
          Export CSV
        </Button>
      </Group>
      <DataTable
        caption={caption}
        columns={defs}
        rows={rows}
        empty={empty}
        columnChoice={columnChoice}
        pageSize={50}
        sorting={sorting}
        onSortingChange={(next) =>
          setParams((current) => writeSort(current, name, next), { replace: true, preventScrollReset: true })
        }
      />
    </>
  );
}
