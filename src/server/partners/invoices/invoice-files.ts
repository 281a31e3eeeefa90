import { invoiceNumberText, type Invoice, type InvoiceFormat } from "../../../domain/buyers/invoices.ts";
import type { FastifyReply } from "fastify";
import type { Db } from "../../platform/db/database.ts";
import { invoiceCsv } from "./invoice-csv.ts";
import { invoicePdf } from "./invoice-pdf.ts";
import { invoiceLines } from "./invoice-store.ts";

// An invoice's downloads (docs/product/buyer-money.md#invoices), one function for the console and the buyer portal:
// the file's name, type and bytes.

export type InvoiceFile = { filename: string; contentType: string; body: Buffer };

export async function invoiceFile(
  db: Db,
  invoice: Invoice,
  format: InvoiceFormat,
  buyer: { id: string; name: string },
): Promise<InvoiceFile> {
  const name = invoice.number === 0 ? `draft-${invoice.period_end}` : invoiceNumberText(invoice.number);
  const filename = `invoice-${name}.${format}`;
  if (format === "pdf") return { filename, contentType: "application/pdf", body: await invoicePdf(invoice, buyer) };
  const csv = invoiceCsv(invoice, await invoiceLines(db, invoice));
  return { filename, contentType: "text/csv; charset=utf-8", body: Buffer.from(csv, "utf8") };
}

/** Sends an invoice's file as a download, never cached; the console and the portal answer alike. */
export function sendInvoiceFile(reply: FastifyReply, file: InvoiceFile): FastifyReply {
  return reply
    .type(file.contentType)
    .header("content-disposition", `attachment; filename="${file.filename}"`)
    .header("cache-control", "no-store")
    .send(file.body);
}
