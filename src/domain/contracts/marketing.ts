import { z } from "zod";
import { INTERSTITIAL_LIST_IDS } from "../interstitial-questions.ts";
import { answerOf } from "./envelope.ts";

// The marketing-list calls (docs/product/server-calls.md, brevo calls; docs/product/marketing.md). The browser
// names only its lead and, for an interstitial yes, the lists: the server takes the e-mail, names and loan
// reason from the lead the request's cookie opens, so nobody can put another person's address on a list.

/** The list every applicant joins (docs/product/constants.md). */
export const SIGNUP_LIST_ID = 47;

const leadId = z.string().min(1).max(64);

export const marketingSignupRequest = z.object({ lead_id: leadId });

export const mappingStepRequest = z.object({
  lead_id: leadId,
  listIds: z
    .array(z.number().int())
    .min(1)
    .max(INTERSTITIAL_LIST_IDS.length)
    .refine((ids) => ids.every((id) => INTERSTITIAL_LIST_IDS.includes(id)), "unknown list")
    .refine((ids) => new Set(ids).size === ids.length, "a list twice"),
});

export const marketingAnswer = answerOf(z.object({ queued: z.boolean() }));
