import { amountDueCents, invoiceNumberText, type Invoice } from "../../../domain/buyers/invoices.ts";
import { formatCents } from "../../../domain/money.ts";
import type { NewMail } from "../../platform/mail/mail-outbox.ts";

// The mail of a closed invoice to the buyer's billing address (docs/product/buyer-money.md#invoices): its number,
// period and totals in plain text. Counts and amounts only: no consumer's data, not even a lead id.

export const INVOICE_MAIL_PURPOSE = "buyer_invoice";

/** The invoice's summary lines. */
function invoiceSummary(invoice: Invoice): [label: string, value: string][] {
  const t = invoice.totals;
  const due = amountDueCents(t);
  return [
    ["Balance brought forward", formatCents(t.opening_balance_cents)],
    [`Leads sold (${t.leads_sold})`, formatCents(t.sold_cents)],
    [`Returns approved (${t.returns})`, formatCents(t.returned_cents)],
    ["Net sales", formatCents(t.net_cents)],
    [`Payments received (${t.payments})`, formatCents(t.paid_cents)],
    ["Balance at the period's end", formatCents(t.balance_cents)],
    due > 0 ? ["Amount due", formatCents(due)] : ["Credit in your favour", formatCents(t.balance_cents)],
  ];
}

export function invoiceMail(buyer: { id: string; name: string }, to: string, invoice: Invoice): NewMail {
  const number = invoiceNumberText(invoice.number);
  const period = `${invoice.period_start} to ${invoice.period_end}`;
  const width = Math.max(...invoiceSummary(invoice).map(([label]) => label.length)) + 2;
  return {
    purpose: INVOICE_MAIL_PURPOSE,
    to: to.trim(),
    subject: `Loanpath invoice ${number}: ${buyer.name}, ${period}`,
    body: [
      `Invoice ${number} for ${buyer.name} (${buyer.id})`,
      `Period: ${period} (UTC, both days included, ${invoice.period})`,
      `Issued: ${invoice.closed_at.slice(0, 10)}`,
      "",
      ...invoiceSummary(invoice).map(([label, value]) => `${`${label}:`.padEnd(width)}${value}`),
      "",
      "A negative balance is owed to Loanpath. The invoice as PDF, and each of its lines as CSV, are in the buyer",
      "portal, or ask your Loanpath contact.",
      "",
    ].join("\n"),
  };
}
