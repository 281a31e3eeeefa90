import { z } from "zod";
import { dateOrTime } from "./console.ts";
import { answerOf } from "./envelope.ts";
import { buyerLeadParams, RETURN_STATES } from "./partner-api.ts";

// The buyer portal's leads (docs/product/buyer-money.md#the-buyer-portal): the leads sold to the account's buyer,
// newest first, naming no one; and one of them with the personal data the buyer bought, each view recorded.

/** Leads per page of the list. */
export const PORTAL_LEADS_PAGE = 50;

export const portalLeadsQuery = z.object({
  /** Sold at or after (a day: its start, UTC). */
  from: dateOrTime.optional(),
  /** Sold up to (a day: its end, UTC). */
  to: dateOrTime.optional(),
  /** The page, from 1. */
  page: z.coerce.number().int().min(1, "Pages count from 1.").max(100_000).default(1),
});

const soldLead = z.object({
  lead_id: z.string(),
  sold_at: z.string(),
  price_cents: z.number().int().nullable(),
  /** The applicant's US state and the amount asked for: what the list says of a lead. */
  state: z.string().nullable(),
  loan_amount: z.number().int().nullable(),
  /** A test lead, which nobody pays for. */
  test: z.boolean(),
  /** Its latest return's state, if it was returned. */
  return_state: z.enum(RETURN_STATES).nullable(),
});
export type PortalSoldLead = z.infer<typeof soldLead>;

export const portalLeadsAnswer = answerOf(
  z.object({
    leads: z.array(soldLead),
    page: z.number().int(),
    page_size: z.number().int(),
    /** Every lead the period holds, all pages. */
    total: z.number().int(),
  }),
);

export const portalLeadParams = buyerLeadParams;

const fieldValue = z.union([z.string(), z.number(), z.boolean()]);

export const portalLeadAnswer = answerOf(
  z.object({
    lead: soldLead,
    /** The fields its post mapping sends, as the sale's post could carry them, in the mapping's order; none empty. */
    fields: z.array(z.object({ field: z.string(), value: fieldValue })),
  }),
);
export type PortalLead = z.infer<typeof portalLeadAnswer>["data"];
