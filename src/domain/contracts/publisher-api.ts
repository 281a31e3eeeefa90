import { z } from "zod";
import { keptAttributionValue } from "../attribution.ts";
import { DEFAULT_TRUSTEDFORM_CERT_HOST, isJornayaToken, isTrustedFormCertUrl } from "../consent-vendors.ts";
import { REQUIRED_FOR_SALE } from "../fields/field-exposure.ts";
import { LEAD_FIELDS, WRITABLE_FIELDS, type RuleContext, type WritableField } from "../fields/lead-fields.ts";
import { fieldsValid } from "../schemas/field-rules.ts";
import { leadFieldRules, payDatesTogether, type LeadWrite } from "./lead.ts";

// The publisher API's direct post (docs/decisions/0050-publisher-post-api.md): a whole application posted server to
// server under the field registry's wire names and rules, with the publisher's tracking and the consent its visitor
// gave, and the answers it gets.

/**
 * Registry fields a publisher does not send: the test flag is the body's `test`, the source is the publisher's, the
 * position follows the zip, and the visitor's user agent is the consent's.
 */
const NOT_POSTED = ["test_mode", "utm_source", "tracking_id", "user_agent", "latitude", "longitude"] as const;
export const POSTED_FIELDS = WRITABLE_FIELDS.filter((f) => !(NOT_POSTED as readonly string[]).includes(f));

/** How long a publisher may wait for the decision (`timeout_ms`), in ms. */
export const POST_WAIT_MS = { min: 1_000, max: 30_000, default: 30_000 } as const;
/** How far back the visitor's consent may be, and how far ahead of our clock (clocks drift). */
const CONSENT_AGE_MS = 24 * 60 * 60 * 1000;
const CLOCK_SKEW_MS = 5 * 60 * 1000;

export const SUB_KEYS = ["sub1", "sub2", "sub3", "sub4", "sub5"] as const;

export const POST_MESSAGES = {
  tracking: "Use at most 100 letters, digits, spaces and _.:@+-/|~ characters.",
  consentText:
    "Send the consent text the visitor agreed to (consent_text) or the version you registered (consent_version).",
  consentTextLength: "The consent text must be 20 to 10,000 characters.",
  consentVersionUnknown: "No consent text is registered under this version.",
  consentAt: "Send when the visitor agreed, as an ISO 8601 time with its offset, within the last 24 hours.",
  consentIp: "Send the visitor's IP address (IPv4 or IPv6).",
  consentUserAgent: "Send the visitor's browser user agent (1 to 512 characters).",
  consentPage: "Send the https address of the page where the visitor agreed (at most 2,048 characters).",
  trustedForm: "Send the TrustedForm certificate address as TrustedForm issued it (https, its certificate host).",
  jornaya: "Send the Jornaya LeadiD token as issued (a UUID).",
  test: "Send true or false.",
  unknownField: "This field is not part of the publisher API.",
} as const;

export const tracking = z
  .string({ message: POST_MESSAGES.tracking })
  .refine((v) => keptAttributionValue("aff_sub1", v) !== undefined, { message: POST_MESSAGES.tracking })
  .optional();

const consentAt = (now: () => number) =>
  z.string({ message: POST_MESSAGES.consentAt }).refine(
    (v) => {
      if (!z.iso.datetime({ offset: true }).safeParse(v).success) return false;
      const at = Date.parse(v);
      return at <= now() + CLOCK_SKEW_MS && at >= now() - CONSENT_AGE_MS;
    },
    { message: POST_MESSAGES.consentAt },
  );

const pageUrl = z.string({ message: POST_MESSAGES.consentPage }).refine(
  (v) => {
    if (v.length > 2048) return false;
    try {
      return new URL(v).protocol === "https:";
    } catch {
      return false;
    }
  },
  { message: POST_MESSAGES.consentPage },
);

export const testFlag = z.boolean({ message: POST_MESSAGES.test }).optional();

/** A publisher's `timeout_ms` within `range`. */
export function waitOf(range: { min: number; max: number }) {
  const message = `Send a whole number of milliseconds from ${range.min} to ${range.max}.`;
  return z.number({ message }).int({ message }).min(range.min, { message }).max(range.max, { message }).optional();
}

/** Read a form's text as the field's kind wants it: digits for a number field, true or false for a flag. */
export function byFieldKind(body: Record<string, unknown>): Record<string, unknown> {
  const read: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(body)) {
    const kind = (LEAD_FIELDS as Record<string, { kind: string } | undefined>)[key]?.kind;
    const numeric = kind === "integer" || kind === "number" || key === "timeout_ms";
    if (typeof value === "string" && numeric && /^-?\d+(\.\d+)?$/.test(value.trim())) read[key] = Number(value);
    else if (typeof value === "string" && key === "test" && /^(true|false)$/.test(value)) read[key] = value === "true";
    else read[key] = value;
  }
  return read;
}

/**
 * The direct post's body, checked with the registry's rules for `ctx`; `now` dates the consent, and `certHost` is
 * TrustedForm's certificate host (the server's setting).
 */
export function postedLeadRequest(
  ctx: RuleContext,
  {
    now = Date.now,
    certHost = DEFAULT_TRUSTEDFORM_CERT_HOST,
    extra = {},
  }: { now?: () => number; certHost?: string; extra?: z.ZodRawShape } = {},
) {
  const rules = leadFieldRules(ctx);
  const required = new Set<string>(Object.keys(REQUIRED_FOR_SALE));
  const fields = Object.fromEntries(
    POSTED_FIELDS.map((f) => [f, required.has(f) ? rules[f] : rules[f].optional()]),
  ) as Record<WritableField, z.ZodType>;
  return (
    z
      .strictObject(
        {
          ...fields,
          ...Object.fromEntries(SUB_KEYS.map((k) => [k, tracking])),
          click_id: tracking,
          consent_text: z
            .string({ message: POST_MESSAGES.consentTextLength })
            .trim()
            .min(20, { message: POST_MESSAGES.consentTextLength })
            .max(10_000, { message: POST_MESSAGES.consentTextLength })
            .optional(),
          consent_version: z.string({ message: POST_MESSAGES.consentText }).trim().min(1).max(64).optional(),
          consent_at: consentAt(now),
          consent_ip: z.union([z.ipv4(), z.ipv6()], { message: POST_MESSAGES.consentIp }),
          consent_user_agent: z
            .string({ message: POST_MESSAGES.consentUserAgent })
            .trim()
            .min(1, { message: POST_MESSAGES.consentUserAgent })
            .max(512, { message: POST_MESSAGES.consentUserAgent }),
          consent_page_url: pageUrl,
          trusted_form_cert_url: z
            .string({ message: POST_MESSAGES.trustedForm })
            .refine((v) => isTrustedFormCertUrl(v, certHost), { message: POST_MESSAGES.trustedForm })
            .optional(),
          jornaya_leadid: z
            .string({ message: POST_MESSAGES.jornaya })
            .refine(isJornayaToken, { message: POST_MESSAGES.jornaya })
            .optional(),
          test: testFlag,
          timeout_ms: waitOf(POST_WAIT_MS),
          ...extra,
        },
        { error: () => POST_MESSAGES.unknownField },
      )
      // Run even when other fields failed, so one answer names every missing piece of the consent.
      .superRefine(
        (v, issue) => {
          if (typeof v !== "object" || v === null) return;
          if (v.consent_text === undefined && v.consent_version === undefined) {
            issue.addIssue({ code: "custom", path: ["consent_text"], message: POST_MESSAGES.consentText });
          }
        },
        { when: () => true },
      )
      .superRefine(payDatesTogether, fieldsValid) as unknown as z.ZodType<PostedLead, Record<string, unknown>>
  );
}

/** A checked post: the lead's fields as the funnel writes them, and the publisher's own. */
export type PostedLead = LeadWrite &
  Partial<Record<(typeof SUB_KEYS)[number] | "click_id", string>> & {
    consent_text?: string;
    consent_version?: string;
    consent_at: string;
    consent_ip: string;
    consent_user_agent: string;
    consent_page_url: string;
    trusted_form_cert_url?: string;
    jornaya_leadid?: string;
    test?: boolean;
    timeout_ms?: number;
  };

/** The codes of a rejected post, from the auction's reasons. */
const POST_REJECT_CODES = [
  "duplicate",
  "no_buyer",
  "do_not_sell",
  "suppressed",
  "time_budget",
  "screened",
  "other",
] as const;

export const postedLeadAnswer = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("sold"),
    lead_id: z.string(),
    payout_cents: z.number().int().nullable(),
    redirect_url: z.string(),
    test: z.boolean(),
  }),
  z.object({
    status: z.literal("rejected"),
    lead_id: z.string(),
    reason: z.enum(POST_REJECT_CODES),
    /** With `screened`: the operator's code for the gate's refusal (litigator, do_not_call, velocity...). */
    screened_for: z.string().optional(),
    test: z.boolean(),
  }),
  z.object({ status: z.literal("pending"), lead_id: z.string(), status_url: z.string(), test: z.boolean() }),
]);
export type PostedLeadAnswer = z.infer<typeof postedLeadAnswer>;

export const postedLeadParams = z.object({ id: z.string().min(1).max(64) });
