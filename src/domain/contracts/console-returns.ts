import { z } from "zod";
import { RETURN_REASONS } from "../partners/publisher.ts";
import { qualityCheckRow } from "./console-quality.ts";
import { answerOf } from "./envelope.ts";
import { noteForOther, RETURN_STATES, returnReasonFields } from "./partner-api.ts";

// The console's returns (docs/product/partners.md#returns): the queue with the evidence beside each reason, filing
// a return on a buyer's behalf, approving or rejecting one, and the return rates per buyer and per publisher.

export const returnsQueueQuery = z.object({ state: z.enum(RETURN_STATES).optional() });

const evidence = z.object({
  sale: z.object({ buyer_id: z.string(), price_cents: z.number().int(), sold_at: z.string() }).nullable(),
  /** Earlier submissions of the same person within the buyer's duplicate window: how many and when, never what. */
  duplicates: z.object({
    window_days: z.number().int(),
    matches: z.array(
      z.object({ field: z.enum(["email", "phone", "ssn"]), count: z.number().int(), dates: z.array(z.string()) }),
    ),
  }),
  phone: z.object({ kept: z.boolean(), callable: z.boolean().nullable(), summary: z.string() }),
  /** The gate's record of the lead (docs/product/screening.md#the-quality-record); null for a lead sent before it. */
  quality: z
    .object({
      checked_at: z.string(),
      refused_reason: z.string().nullable(),
      /** Every answer, those that bear on the return's reason first (`bears`): a wrong number's, the phone's. */
      checks: z.array(qualityCheckRow.extend({ bears: z.boolean() })),
    })
    .nullable(),
  certificate_url: z.string().nullable(),
});

const consoleReturn = z.object({
  id: z.string(),
  lead_id: z.string(),
  buyer_id: z.string(),
  reason: z.enum(RETURN_REASONS),
  note: z.string().nullable(),
  state: z.enum(RETURN_STATES),
  source: z.enum(["api", "console", "portal"]),
  requested_at: z.string(),
  decided_at: z.string().nullable(),
  /** The deciding operator's e-mail. */
  decided_by: z.string().nullable(),
  decision_note: z.string().nullable(),
  evidence,
});
export type ConsoleReturn = z.infer<typeof consoleReturn>;

export const returnsQueueAnswer = answerOf(z.object({ returns: z.array(consoleReturn) }));

export const returnParams = z.object({ id: z.string().min(1).max(40) });

export const returnDecisionRequest = z.object({
  note: z
    .string()
    .trim()
    .min(1, "Say why, for the buyer and the audit log.")
    .max(500, "Keep the note under 500 characters."),
});

export const returnDecidedAnswer = answerOf(
  z.object({
    id: z.string(),
    state: z.enum(RETURN_STATES),
    /** The buyer's refund and the publisher's payout reversed, in (negative) cents; null when none. */
    refund_cents: z.number().int().nullable(),
    payout_reversed_cents: z.number().int().nullable(),
  }),
);

/** A return an operator files on a buyer's behalf: the buyer API's rules apply. */
export const consoleReturnRequest = z
  .object({
    buyer_id: z.string().trim().min(1, "Enter the buyer's id.").max(63),
    lead_id: z.string().trim().min(1, "Enter the lead's id.").max(100),
    ...returnReasonFields,
  })
  .superRefine(noteForOther);

export const consoleReturnFiledAnswer = answerOf(
  z.object({ id: z.string(), lead_id: z.string(), state: z.literal("pending"), requested_at: z.string() }),
);

const rate = z.object({
  id: z.string(),
  month: z.string(),
  sold: z.number().int(),
  returned: z.number().int(),
  /** Returned over sold; null with none sold. */
  rate: z.number().nullable(),
});
export type ReturnRate = z.infer<typeof rate>;

export const returnRatesAnswer = answerOf(
  z.object({
    /** This month and the last (YYYY-MM, UTC). */
    months: z.array(z.string()),
    buyers: z.array(rate),
    publishers: z.array(rate),
  }),
);
