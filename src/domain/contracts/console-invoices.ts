import { z } from "zod";
import { INVOICE_PERIODS } from "../buyers/billing.ts";
import { INVOICE_FORMATS, invoiceTotalsSchema } from "../buyers/invoices.ts";
import { answerOf } from "./envelope.ts";

// The console's invoices (docs/product/buyer-money.md#invoices): the list, newest first, of all buyers or one, and each
// invoice's PDF and CSV. Amounts are integer cents.

export const invoicesQuery = z.object({
  buyer: z.string().min(1).max(100).optional(),
  /** The page after one that ended at this number. */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(500).default(100),
});
export const invoiceFileParams = z.object({
  number: z.coerce.number().int().positive(),
  format: z.enum(INVOICE_FORMATS),
});

const invoice = z.object({
  number: z.number().int(),
  buyer_id: z.string(),
  /** The buyer's name as configured now. */
  name: z.string(),
  period: z.enum(INVOICE_PERIODS),
  period_start: z.string(),
  period_end: z.string(),
  closed_at: z.string(),
  totals: invoiceTotalsSchema,
});

export const invoicesAnswer = answerOf(z.object({ invoices: z.array(invoice) }));
