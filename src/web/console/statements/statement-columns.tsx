import type {
  BuyerStatementTotals,
  ConsoleStatement,
  PublisherStatementTotals,
} from "#domain/contracts/console-statements.ts";
import { formatCents } from "../reports/report-format.ts";
import type { ColumnDef } from "../ui/data-table.tsx";

// The statements' columns: each figure right-aligned with its sum in the totals row, so a month's statement adds up
// on screen and on paper.

export type BuyerStatement = Extract<ConsoleStatement, { partner_kind: "buyer" }>;
export type PublisherStatement = Extract<ConsoleStatement, { partner_kind: "publisher" }>;

type WithTotals<T> = { totals: T };

const sumOf = <T,>(rows: readonly { original: WithTotals<T> }[], key: keyof T) =>
  rows.reduce((sum, row) => sum + (row.original.totals[key] as number), 0);

const money = <T,>(header: string, key: keyof T & string): ColumnDef<WithTotals<T>, unknown> => ({
  id: key,
  header,
  accessorFn: (r) => r.totals[key],
  cell: ({ row }) => formatCents(row.original.totals[key] as number),
  footer: ({ table }) => formatCents(sumOf(table.getCoreRowModel().rows, key)),
  meta: { numeric: true },
});

const count = <T,>(header: string, key: keyof T & string): ColumnDef<WithTotals<T>, unknown> => ({
  id: key,
  header,
  accessorFn: (r) => r.totals[key],
  footer: ({ table }) => sumOf(table.getCoreRowModel().rows, key),
  meta: { numeric: true },
});

const partner = <R extends ConsoleStatement>(): ColumnDef<R, unknown>[] => [
  { header: "Name", accessorKey: "name", footer: "Total" },
  { header: "Id", accessorKey: "partner_id", footer: "" },
];

export const BUYER_COLUMNS = [
  ...partner<BuyerStatement>(),
  count<BuyerStatementTotals>("Leads sold", "leads_sold"),
  money<BuyerStatementTotals>("Sold", "sold_cents"),
  count<BuyerStatementTotals>("Returns", "returns"),
  money<BuyerStatementTotals>("Returned", "returned_cents"),
  money<BuyerStatementTotals>("Net", "net_cents"),
] as ColumnDef<BuyerStatement, unknown>[];

export const PUBLISHER_COLUMNS = [
  ...partner<PublisherStatement>(),
  count<PublisherStatementTotals>("Payouts earned", "payouts_earned"),
  money<PublisherStatementTotals>("Earned", "earned_cents"),
  count<PublisherStatementTotals>("Reversed", "payouts_reversed"),
  money<PublisherStatementTotals>("Reversed amount", "reversed_cents"),
  count<PublisherStatementTotals>("Made final", "payouts_final"),
  money<PublisherStatementTotals>("Final amount", "final_cents"),
  money<PublisherStatementTotals>("Net", "net_cents"),
] as ColumnDef<PublisherStatement, unknown>[];
