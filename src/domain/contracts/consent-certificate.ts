import { z } from "zod";
import { answerOf } from "./envelope.ts";

// The consent certificate of a lead (docs/product/security-and-privacy.md#consent-certificate): what a buyer,
// an auditor or a court may check about each consent given, and nothing else about the person.

const consentGiven = z.object({
  /** The consent text exactly as the page showed it, the brand's values filled in. */
  text: z.string(),
  text_version: z.string(),
  /** sha256 of the text's template, as recorded when the consent was given. */
  text_hash: z.string(),
  /** The template with that hash is on file, so `text` is the recorded wording. */
  text_verified: z.boolean(),
  /** What the consent covers: tcpa, email, terms_privacy, fcra. */
  kinds: z.array(z.string()),
  button: z.string(),
  page_url: z.string(),
  given_at: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
});
export type ConsentGiven = z.infer<typeof consentGiven>;

export const consentCertificateAnswer = answerOf(
  z.object({
    lead_id: z.string(),
    consents: z.array(consentGiven),
    /** The TrustedForm certificate and Jornaya LeadiD token sent with the application, when it had either. */
    vendor_evidence: z
      .object({ trustedFormURL: z.string().optional(), jornayaLeadId: z.string().optional() })
      .optional(),
  }),
);
export type ConsentCertificate = z.infer<typeof consentCertificateAnswer>["data"];
