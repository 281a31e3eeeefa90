import { z } from "zod";
import { POST_MESSAGES } from "./publisher-api.ts";
import { answerOf } from "./envelope.ts";

// A publisher's consent texts in the console (docs/decisions/0050-publisher-post-api.md#consent): the words its pages
// show, registered under a version its posts may name (consent_version) instead of carrying the text each time, and
// the texts its posts carried, each kept once.

const CONSENT_VERSION_MESSAGE = "Name the version in 1 to 64 letters, digits, spaces and . _ - characters.";

export const consentTextRegistration = z.object({
  version: z
    .string({ message: CONSENT_VERSION_MESSAGE })
    .trim()
    .regex(/^[\w .-]{1,64}$/, CONSENT_VERSION_MESSAGE),
  text: z
    .string({ message: POST_MESSAGES.consentTextLength })
    .trim()
    .min(20, POST_MESSAGES.consentTextLength)
    .max(10_000, POST_MESSAGES.consentTextLength),
});
export type ConsentTextRegistration = z.infer<typeof consentTextRegistration>;

const consentText = z.object({
  version: z.string().nullable(),
  hash: z.string(),
  text: z.string(),
  created_at: z.string(),
});
export type ConsentTextRow = z.infer<typeof consentText>;

export const consentTextsAnswer = answerOf(z.object({ consent_texts: z.array(consentText) }));
export const consentTextSavedAnswer = answerOf(z.object({ consent_text: consentText }));
