import { Anchor, Group } from "@mantine/core";
import type { ReactNode } from "react";
import type { z } from "zod";
import { amountDueCents, INVOICE_FORMATS, invoiceNumberText, type InvoiceFormat } from "#domain/buyers/invoices.ts";
import { invoicesQuery, type invoicesAnswer } from "#domain/contracts/console-invoices.ts";
import { formatCents } from "#domain/money.ts";
import { formatDate } from "../time.ts";
import { DataTable, type ColumnDef } from "../ui/data-table.tsx";

// Invoices as the console and the buyer portal list them (docs/product/buyer-money.md#invoices): newest first, each
// with its period, issue day, totals and what is due, and its PDF and CSV. Where a file is fetched from is the
// screen's: the console's invoices for an operator, the portal's for a buyer.

/** The most invoices one answer holds: the query's own limit. */
const MOST_INVOICES = invoicesQuery.shape.limit.unwrap().maxValue ?? 500;

/** Invoices a page shows; the next page goes on before the last one's number. */
export const INVOICES_PAGE = 50;

export type ListedInvoice = z.infer<typeof invoicesAnswer>["data"]["invoices"][number];

/** The address of an invoice's file. */
export type InvoiceFileHref = (number: number, format: InvoiceFormat) => string;

export const consoleInvoiceHref: InvoiceFileHref = (number, format) => `/api/console/invoices/${number}/${format}`;

const FORMAT_LABELS: Record<InvoiceFormat, string> = { pdf: "PDF", csv: "CSV" };

/** Its two files, each link named with the invoice's number for a screen reader's list of links. */
function InvoiceFiles({ invoice, href }: { invoice: ListedInvoice; href: InvoiceFileHref }) {
  const number = invoiceNumberText(invoice.number);
  return (
    <Group gap="sm" wrap="nowrap">
      {INVOICE_FORMATS.map((format) => (
        <Anchor
          key={format}
          href={href(invoice.number, format)}
          download
          size="sm"
          aria-label={`Invoice ${number} as ${FORMAT_LABELS[format]}`}
        >
          {FORMAT_LABELS[format]}
        </Anchor>
      ))}
    </Group>
  );
}

const money = (id: string, header: string, of: (i: ListedInvoice) => number): ColumnDef<ListedInvoice, unknown> => ({
  id,
  header,
  accessorFn: of,
  cell: ({ row }) => formatCents(of(row.original)),
  meta: { numeric: true },
});

function columnsOf(href: InvoiceFileHref, timeZone: string, withBuyer: boolean): ColumnDef<ListedInvoice, unknown>[] {
  return [
    { id: "number", header: "Number", accessorFn: (i) => invoiceNumberText(i.number) },
    ...(withBuyer
      ? [
          {
            id: "buyer",
            header: "Buyer",
            accessorFn: (i: ListedInvoice) => i.name,
            cell: ({ row }: { row: { original: ListedInvoice } }) =>
              row.original.name === row.original.buyer_id
                ? row.original.name
                : `${row.original.name} (${row.original.buyer_id})`,
          },
        ]
      : []),
    { id: "period", header: "Period", accessorFn: (i) => `${i.period_start} to ${i.period_end}` },
    {
      id: "issued",
      header: "Issued",
      accessorFn: (i) => i.closed_at,
      cell: (c) => formatDate(c.row.original.closed_at, timeZone),
    },
    money("net", "Net sales", (i) => i.totals.net_cents),
    money("paid", "Paid", (i) => i.totals.paid_cents),
    money("balance", "Balance", (i) => i.totals.balance_cents),
    money("due", "Amount due", (i) => amountDueCents(i.totals)),
    {
      id: "files",
      header: "Files",
      enableSorting: false,
      cell: ({ row }) => <InvoiceFiles invoice={row.original} href={href} />,
    },
  ];
}

export function InvoiceTable(props: {
  caption: string;
  invoices: ListedInvoice[];
  href: InvoiceFileHref;
  timeZone: string;
  /** The buyer's column, on a list of every buyer's. */
  withBuyer?: boolean;
  empty: ReactNode;
}) {
  const columns = columnsOf(props.href, props.timeZone, props.withBuyer ?? false);
  return (
    <DataTable
      caption={props.caption}
      columns={columns}
      rows={props.invoices}
      // The server pages the list (newest first); the table shows each page whole.
      pageSize={MOST_INVOICES}
      empty={props.empty}
    />
  );
}
