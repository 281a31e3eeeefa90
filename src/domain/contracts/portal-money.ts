import { z } from "zod";
import { buyerAccountAnswer } from "./buyer-payments.ts";
import { answerOf } from "./envelope.ts";

// The buyer portal's money (docs/product/buyer-money.md#balance-and-invoices): the signed-in buyer's account, its
// room and what moved it, newest first, a page at a time; a top-up takes the console's top-up request and answers its
// page. Which buyer is never asked: the server knows it from the session. Amounts are integer cents.

/** The movements a page lists by default, and the most one may ask. */
const MOVEMENTS_PAGE = 50;
export const MOST_MOVEMENTS = 200;

/** What moves a buyer's balance: its sales, its returns approved and its payments (the ledger's kinds). */
export const MOVEMENT_KINDS = ["sold", "returned", "payment"] as const;

export const portalAccountQuery = z.object({
  /** The page after one that ended at this movement (its `seq`). */
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(MOST_MOVEMENTS).default(MOVEMENTS_PAGE),
});

const movement = z.object({
  /** The ledger row's number: movements are newest first by it, and a page goes on `before` the last one. */
  seq: z.number().int(),
  at: z.string(),
  kind: z.enum(MOVEMENT_KINDS),
  /** As it moves the buyer's balance: a payment or a return +, a sale −. */
  amount_cents: z.number().int(),
  /** The lead sold or returned; null for a payment. */
  lead_id: z.string().nullable(),
  /** A payment's own record; null for a sale or a return. */
  payment: z
    .object({
      id: z.string(),
      reference: z.string(),
      /** The day the money arrived, YYYY-MM-DD. */
      paid_on: z.string(),
      source: z.enum(["operator", "stripe"]),
    })
    .nullable(),
});
export type Movement = z.infer<typeof movement>;

const account = buyerAccountAnswer.shape.data.shape.account.extend({
  /** On credit, the most it may owe; null otherwise. */
  credit_limit_cents: z.number().int().nullable(),
});
export type PortalAccount = z.infer<typeof account>;

export const portalAccountAnswer = answerOf(
  z.object({
    buyer: z.object({ id: z.string(), name: z.string() }),
    account,
    /** Whether the buyer may top up here (a payment provider is configured). */
    top_up_offered: z.boolean(),
    movements: z.array(movement),
    /** Where the next (older) page starts, or null when this one is the last. */
    next_before: z.number().int().nullable(),
  }),
);
