import { invoiceNumberText, type Invoice } from "../../../domain/buyers/invoices.ts";
import { csvLine } from "../../platform/csv/csv-stream.ts";
import { dollars } from "../statements/statements-csv.ts";
import type { InvoiceLine } from "./invoice-store.ts";

// An invoice's lines as CSV (docs/product/buyer-money.md#invoices): one line per ledger row it sums, each amount as it
// moves what the buyer owes (a sale +, a return -, a payment -), in dollars with two decimals, and a total line that
// is their sum: the net sales less the payments.

/** A line's amount as it moves what the buyer owes: the ledger's sign, but a payment lowers it. */
const owedCents = (line: Pick<InvoiceLine, "kind" | "amount_cents">) =>
  line.kind === "payment" ? -line.amount_cents : line.amount_cents;

export function invoiceCsv(invoice: Invoice, lines: InvoiceLine[]): string {
  const out = [["invoice", "at (UTC)", "kind", "lead or payment id", "amount (USD)"]];
  const number = invoice.number === 0 ? "draft" : invoiceNumberText(invoice.number);
  for (const line of lines) out.push([number, line.at, line.kind, line.lead_id, dollars(owedCents(line))]);
  const total = lines.reduce((sum, line) => sum + owedCents(line), 0);
  out.push([number, "", "total", `${lines.length} ${lines.length === 1 ? "line" : "lines"}`, dollars(total)]);
  return out.map(csvLine).join("");
}
