import { z } from "zod";
import { answerOf } from "./envelope.ts";

// The console's monthly statements (docs/product/partners.md#statements): a month's statements per buyer and per
// publisher, one statement, and each kind's CSV. Amounts are integer cents.

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const statementMonth = z.string().regex(MONTH, "Give the month as YYYY-MM.");
const STATEMENT_KINDS = ["buyer", "publisher"] as const;

export const statementsQuery = z.object({ month: statementMonth.optional() });
export const statementParams = z.object({ kind: z.enum(STATEMENT_KINDS), partnerId: z.string().min(1).max(100) });
export const statementsCsvQuery = z.object({ month: statementMonth, kind: z.enum(STATEMENT_KINDS) });

const buyerTotals = z.object({
  leads_sold: z.number().int(),
  sold_cents: z.number().int(),
  returns: z.number().int(),
  returned_cents: z.number().int(),
  net_cents: z.number().int(),
});
export type BuyerStatementTotals = z.infer<typeof buyerTotals>;

const publisherTotals = z.object({
  payouts_earned: z.number().int(),
  earned_cents: z.number().int(),
  payouts_reversed: z.number().int(),
  reversed_cents: z.number().int(),
  payouts_final: z.number().int(),
  final_cents: z.number().int(),
  net_cents: z.number().int(),
});
export type PublisherStatementTotals = z.infer<typeof publisherTotals>;

const statement = z.discriminatedUnion("partner_kind", [
  z.object({
    partner_kind: z.literal("buyer"),
    partner_id: z.string(),
    name: z.string(),
    month: z.string(),
    totals: buyerTotals,
  }),
  z.object({
    partner_kind: z.literal("publisher"),
    partner_id: z.string(),
    name: z.string(),
    month: z.string(),
    totals: publisherTotals,
  }),
]);
export type ConsoleStatement = z.infer<typeof statement>;

const statementHead = z.object({
  head: z.object({ seq: z.number().int(), hash: z.string(), issued_at: z.string() }),
  key_id: z.string(),
  signature: z.string(),
});
export type StatementHead = z.infer<typeof statementHead>;
/**
 * Where a month stands (docs/product/partners.md#statements): `not_started` (after the current month), `open` (the
 * current month, summed live), `closed` (ended, its statements as written at the close, forever) or `no_activity`
 * (ended with no ledger row: no sale, return or payout, so no statement to close).
 */
const STATEMENT_MONTH_STATES = ["not_started", "open", "closed", "no_activity"] as const;
export type StatementMonthState = (typeof STATEMENT_MONTH_STATES)[number];

const month = z.object({
  month: z.string(),
  state: z.enum(STATEMENT_MONTH_STATES),
  /** When its statements were written; null unless closed. */
  closed_at: z.string().nullable(),
  /**
   * The ledger's head at the close, signed as the publisher API signs heads (docs/product/partners.md#signed-heads);
   * null while open, and for months closed before statements carried it.
   */
  head: statementHead.nullable(),
});

export const statementsAnswer = answerOf(month.extend({ statements: z.array(statement) }));
export const statementAnswer = answerOf(month.extend({ statement }));
