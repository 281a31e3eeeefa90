import { z } from "zod";
import { MESSAGES } from "../messages.ts";
import { answerOf } from "./envelope.ts";

// The lookups the browser makes (docs/product: server calls): query schemas and answers.

const ONCE = "must be given once, as text";

// --- GET /api/personal_loan/zipcode ---------------------------------------------------------------------

// A repeated query parameter arrives as an array and is refused; the zip gets the quick start's messages.
export const zipQuery = z.object({
  zip: z
    .string({ error: (issue) => (issue.input === undefined ? MESSAGES.zipRequired : ONCE) })
    .trim()
    .min(1, MESSAGES.zipRequired)
    .regex(/^\d{5}$/, MESSAGES.zipLength),
  // Sent by the browser to tie the lookup to a lead; not needed to answer.
  lead_id: z.string({ error: ONCE }).max(64, "lead_id must be at most 64 characters.").optional(),
});

const zipPlace = z.object({ city: z.string(), state: z.string(), lat: z.number(), long: z.number() });
export const zipAnswer = answerOf(zipPlace);
export type ZipPlace = z.infer<typeof zipPlace>;

// --- GET /api/your-ip -------------------------------------------------------------------------------------

// The browser's first reading takes a top-level `ip`; every answer also carries it in `data`. Both are sent.
export const yourIpAnswer = answerOf(z.object({ ip: z.string() })).extend({ ip: z.string() });
