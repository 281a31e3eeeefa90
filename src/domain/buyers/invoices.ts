import { z } from "zod";
import type { InvoicePeriod } from "./billing.ts";

// A billed buyer's invoice as the console and the buyer portal show it (docs/product/buyer-money.md#invoices).
// Amounts are integer cents; the ledger's signs: a sale +, a return -, a payment +.

const cents = z.number().int();
export const invoiceTotalsSchema = z.object({
  leads_sold: z.number().int(),
  sold_cents: cents,
  returns: z.number().int(),
  returned_cents: cents,
  payments: z.number().int(),
  paid_cents: cents,
  /** Sold plus returned: what the period's sales added to what the buyer owes. */
  net_cents: cents,
  /** The balance before the period: its payments less its net sales since its first invoice. */
  opening_balance_cents: cents,
  /** Opening plus paid less net: positive is in the buyer's favour, negative is owed. */
  balance_cents: cents,
});
export type InvoiceTotals = z.infer<typeof invoiceTotalsSchema>;

export type Invoice = {
  number: number;
  buyer_id: string;
  period: InvoicePeriod;
  /** The period's first and last UTC days (YYYY-MM-DD), both included. */
  period_start: string;
  period_end: string;
  closed_at: string;
  totals: InvoiceTotals;
};

/** What an invoice is downloaded as. */
export const INVOICE_FORMATS = ["pdf", "csv"] as const;
export type InvoiceFormat = (typeof INVOICE_FORMATS)[number];

/** The number as printed and in file names: at least six digits ("000123"). */
export const invoiceNumberText = (n: number) => String(n).padStart(6, "0");

/** What the buyer has to pay after the period: what its balance is short of zero (0 when in its favour). */
export const amountDueCents = (totals: Pick<InvoiceTotals, "balance_cents">) => Math.max(0, -totals.balance_cents);
