import { z } from "zod";
import { RETURN_REASONS } from "../partners/publisher.ts";
import { answerOf } from "./envelope.ts";

// The buyer API (docs/product/partners.md#the-buyer-api): return a lead it bought, read the status of such a lead and
// its returns. Called with a buyer's key (Authorization: Bearer lpb_...); amounts in cents, times in ISO 8601 UTC.

export const RETURN_STATES = ["pending", "approved", "rejected"] as const;
export type ReturnState = (typeof RETURN_STATES)[number];

const leadId = z.string().trim().min(1, "Send the lead's id.").max(100, "That is not a lead id.");

/** A return's reason and note, as a buyer (or an operator on its behalf) files it. */
export const returnReasonFields = {
  reason: z.enum(RETURN_REASONS, { message: `Use one of ${RETURN_REASONS.join(", ")}.` }),
  note: z.string().trim().max(500, "Keep the note under 500 characters.").optional(),
};

/** `other` needs a note: the operator has nothing else to judge it by. */
export const noteForOther = (r: { reason: string; note?: string | undefined }, ctx: z.RefinementCtx) => {
  if (r.reason === "other" && !r.note)
    ctx.addIssue({ code: "custom", path: ["note"], message: "Say why in a note when the reason is other." });
};

export const returnRequest = z.object({ lead_id: leadId, ...returnReasonFields }).superRefine(noteForOther);

const returnFiled = z.object({
  id: z.string(),
  lead_id: z.string(),
  state: z.literal("pending"),
  requested_at: z.string(),
});
export const returnFiledAnswer = answerOf(returnFiled);

const buyerReturn = z.object({
  id: z.string(),
  lead_id: z.string(),
  reason: z.enum(RETURN_REASONS),
  note: z.string().nullable(),
  state: z.enum(RETURN_STATES),
  requested_at: z.string(),
  decided_at: z.string().nullable(),
  /** The operator's note on its decision. */
  decision_note: z.string().nullable(),
});
export type BuyerReturn = z.infer<typeof buyerReturn>;

export const buyerLeadParams = z.object({ id: leadId });

/** A lead the buyer bought: when, for how much, and its latest return if any. */
export const buyerLeadStatusAnswer = answerOf(
  z.object({
    lead_id: z.string(),
    sold_at: z.string(),
    price_cents: z.number().int(),
    /** The last day a return is taken (sold_at plus the buyer's window). */
    return_until: z.string(),
    return: buyerReturn.nullable(),
  }),
);

export const buyerReturnsQuery = z.object({ state: z.enum(RETURN_STATES).optional() });
export const buyerReturnsAnswer = answerOf(z.object({ returns: z.array(buyerReturn) }));
