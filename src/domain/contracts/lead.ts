import { z } from "zod";
import { CONSENT_TEXTS, type ConsentKey } from "../consent.ts";
import {
  LEAD_FIELDS,
  SERVER_FIELDS,
  WRITABLE_FIELDS,
  type RuleContext,
  type WritableField,
} from "../fields/lead-fields.ts";
import { MESSAGES } from "../messages.ts";
import { isSecondPayDateOf } from "../pay-dates.ts";
import { email, fieldsValid } from "../schemas/field-rules.ts";
import { loanReason } from "../schemas/quick-start.ts";
import { STEP_NUMBERS, stepBodySchemas } from "../steps/step-bodies.ts";
import { answerOf } from "./envelope.ts";
import { HONEYPOT_FIELD } from "./honeypot.ts";

// The lead service's contract (docs/product/server-calls.md): create, update, read and the e-mail-link
// entry, in server field names. Every field's rule comes from the registry (fields/lead-fields.ts).

const placeholderValue = z.string().trim().min(1).max(100);

/**
 * What the browser sends beside a form that carries consent text (docs/decisions/0008): which text, and
 * the values the page filled into its placeholders (docs/decisions/0014-forms.md).
 */
const consentEvidenceSchema = z.object({
  key: z.enum(Object.keys(CONSENT_TEXTS) as [ConsentKey, ...ConsentKey[]]),
  version: z.string().max(32),
  page_url: z.string().max(2048),
  placeholders: z.object({ brand: placeholderValue, shortCode: placeholderValue }).partial().optional(),
});
export type ConsentEvidence = z.infer<typeof consentEvidenceSchema>;

const leadId = z
  .string({ message: MESSAGES.leadIdRequired })
  .min(1, { message: MESSAGES.leadIdRequired })
  .max(64, { message: MESSAGES.leadIdRequired });
export const leadIdSchema = leadId;

/** Every writable field's rule, for `ctx`. */
export function leadFieldRules(ctx: RuleContext) {
  return Object.fromEntries(
    WRITABLE_FIELDS.map((f) => [f, (LEAD_FIELDS[f] as { rule: (c: RuleContext) => z.ZodType }).rule(ctx)]),
  ) as Record<WritableField, z.ZodType>;
}

const optionalAll = (rules: Record<string, z.ZodType>) =>
  Object.fromEntries(Object.entries(rules).map(([k, v]) => [k, v.optional()]));

type PairFields = { income_next_date_1?: unknown; income_next_date_2?: unknown };

/**
 * The pay dates travel together, as on their step: the second one pay period after the first
 * (docs/product/behaviour.md).
 */
export function payDatesTogether(v: object, ctx: z.RefinementCtx) {
  const { income_next_date_1: first, income_next_date_2: second } = v as PairFields;
  if ((first === undefined) !== (second === undefined)) {
    const missing = first === undefined ? "income_next_date_1" : "income_next_date_2";
    ctx.addIssue({ code: "custom", path: [missing], message: MESSAGES.chooseAnswer });
  } else if (typeof first === "string" && typeof second === "string" && !isSecondPayDateOf(first, second)) {
    ctx.addIssue({ code: "custom", path: ["income_next_date_2"], message: MESSAGES.payDateSecond });
  }
}

/** The lead fields of a write, as the server stores them (and as a browser may send them). */
export type LeadWrite = Partial<Record<WritableField, string | number | boolean | null>>;

/** What the browser sends to create a lead: at least the quick start's answers and the e-mail. */
export type CreateLeadBody = LeadWrite & {
  email: string;
  loan_amount: number | string;
  loan_reason: string;
  zip: string;
  consent?: ConsentEvidence;
  [HONEYPOT_FIELD]?: string;
};

/** The e-mail-link entry's body. */
export type EmailLinkBody = z.input<typeof emailLinkRequest>;

/** Create: the quick start data plus the e-mail step, or a complete contact; with the quick start's consent. */
export function createLeadRequest(ctx: RuleContext) {
  const rules = leadFieldRules(ctx);
  return z
    .object({
      ...optionalAll(rules),
      email: rules.email,
      loan_amount: rules.loan_amount,
      loan_reason: rules.loan_reason,
      zip: rules.zip,
      consent: consentEvidenceSchema.optional(),
      [HONEYPOT_FIELD]: z.string().max(200).optional(),
    })
    .superRefine(payDatesTogether, fieldsValid) as unknown as z.ZodType<
    LeadWrite & { consent?: ConsentEvidence; [HONEYPOT_FIELD]?: string },
    Record<string, unknown>
  >;
}

/** Update: any changed fields of the lead named by lead_id. */
export function updateLeadRequest(ctx: RuleContext) {
  return z
    .object({ lead_id: leadId, ...optionalAll(leadFieldRules(ctx)) })
    .superRefine(payDatesTogether, fieldsValid) as unknown as z.ZodType<
    LeadWrite & { lead_id: string },
    Record<string, unknown>
  >;
}

/** The e-mail-link entry (docs/product/behaviour.md, resume logic; docs/decisions/0008). */
export const emailLinkRequest = z.object({
  email: email(),
  loan_reason: loanReason,
  resume_token: z.string().max(2048).optional(),
  user_agent: z.string().max(512).optional(),
  /** The campaign the visitor came from (docs/product/lead-fields.md, storage keys). */
  utm_source: LEAD_FIELDS.utm_source.rule(),
  [HONEYPOT_FIELD]: z.unknown().optional(),
});

const ANSWER_KIND = {
  text: z.string().nullable(),
  integer: z.number().int().nullable(),
  number: z.number().nullable(),
  boolean: z.boolean(),
} as const;

/**
 * A lead as every answer shows it: server names, sensitive values as their masks. The schema is the
 * whole of what an answer may say: a field it does not name never leaves the server.
 */
const leadContactSchema = z.object({
  lead_id: z.string(),
  ...Object.fromEntries(SERVER_FIELDS.map((f) => [f, ANSWER_KIND[LEAD_FIELDS[f].kind]])),
}) as unknown as z.ZodType<LeadContact>;
export type LeadContact = { lead_id: string } & Record<
  (typeof SERVER_FIELDS)[number],
  string | number | boolean | null
>;

export const contactAnswer = answerOf(z.object({ contact: leadContactSchema }));
export const emailLinkAnswer = answerOf(z.object({ contact: leadContactSchema, resume_path: z.string() }));
export type ContactAnswer = { contact: LeadContact };
export type EmailLinkAnswer = ContactAnswer & { resume_path: string };

/**
 * The step update's body: { step, lead_id, consent?, ...that step's fields }, told apart by `step`. An
 * unknown step number is answered "Unknown step" on `step`.
 */
export function stepUpdateRequest(ctx: RuleContext) {
  const bodies = stepBodySchemas(ctx);
  const members = STEP_NUMBERS.map((n) =>
    (bodies[n] as z.ZodObject).extend({
      step: z.literal(n),
      lead_id: leadId,
      consent: consentEvidenceSchema.optional(),
    }),
  );
  return z.discriminatedUnion("step", members as unknown as [z.ZodObject, ...z.ZodObject[]], {
    error: (issue) => (issue.code === "invalid_union" ? MESSAGES.stepUnknown : undefined),
  }) as unknown as z.ZodType<
    { step: number; lead_id: string; consent?: ConsentEvidence } & Record<string, unknown>,
    Record<string, unknown>
  >;
}
