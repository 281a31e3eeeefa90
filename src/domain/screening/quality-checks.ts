import { z } from "zod";

// The gate every lead passes before any buyer (docs/product/screening.md): each check's name and the answers it may
// give, written once here for the server that runs them, the buyer filters that read them and the console that shows
// them. "unknown" is every check's answer when it could not tell: a service off, slow or failing.

export const CHECK_ANSWERS = {
  /** The number plan, offline: an area code and exchange in service, not premium, toll-free or fictional. */
  phone_number: ["valid", "invalid", "unknown"],
  /** What kind of line the phone is, from a carrier lookup. */
  phone_line_type: ["mobile", "landline", "voip", "toll_free", "other", "unknown"],
  /** The e-mail's domain against the lists of disposable and throwaway mail services. */
  email_domain: ["ok", "disposable", "unknown"],
  /** A mailbox of a role (info@, admin@), not of a person. */
  email_role: ["personal", "role", "unknown"],
  /** Whether the e-mail's domain can receive mail (its MX record, or an A record). */
  email_mx: ["deliverable", "undeliverable", "unknown"],
  /** Too many applications from one device, IP, phone or e-mail in a window. */
  velocity: ["ok", "flagged", "unknown"],
  /** The phone on one of the operator's do-not-call lists. */
  do_not_call: ["clear", "listed", "unknown"],
  /** The phone of a known TCPA litigator: on an uploaded list or by a scrub service. */
  litigator: ["clear", "listed", "unknown"],
  /** The lead's TrustedForm certificate or Jornaya LeadiD: real (verified), not (invalid), claimed once sold. */
  consent_certificate: ["verified", "invalid", "none", "unknown", "claimed", "claim_failed"],
  /** The zip, city and state agree. */
  address: ["match", "mismatch", "unknown"],
} as const;

export type CheckName = keyof typeof CHECK_ANSWERS;

/** Each check as the console names it. */
export const CHECK_LABELS: Record<CheckName, string> = {
  phone_number: "Phone number",
  phone_line_type: "Line type",
  email_domain: "E-mail domain",
  email_role: "Role mailbox",
  email_mx: "Mail server",
  velocity: "Velocity",
  do_not_call: "Do-not-call lists",
  litigator: "Litigator lists",
  consent_certificate: "Consent certificate",
  address: "Address",
};
export const CHECK_NAMES = Object.keys(CHECK_ANSWERS) as CheckName[];
export type CheckAnswer<C extends CheckName = CheckName> = (typeof CHECK_ANSWERS)[C][number];

/** One check's answer for one lead: what it said, what said it (offline, or the adapter's name), when and why. */
export type CheckResult<C extends CheckName = CheckName> = {
  answer: CheckAnswer<C>;
  /** "offline", "lists", or the adapter ("twilio", "dns", "trustedform", ...). */
  source: string;
  /** ISO time of the answer. */
  at: string;
  /** A short reason a person reads: "premium rate (900)", "timeout", "list: Operator DNC", a carrier's name. */
  detail?: string;
};

export type QualityChecks = { [C in CheckName]?: CheckResult<C> };

// What a buyer may filter on and be sent (docs/product/screening.md#what-buyers-see): each answer as a ping field
// named quality_<check>, since none identifies the person. The lists' answers never travel: a match is never sold.
const BUYER_VISIBLE_CHECKS = [
  "phone_number",
  "phone_line_type",
  "email_domain",
  "email_role",
  "email_mx",
  "velocity",
  "address",
  "consent_certificate",
] as const satisfies readonly CheckName[];
type VisibleCheck = (typeof BUYER_VISIBLE_CHECKS)[number];
export type QualityField = `quality_${VisibleCheck}`;
export const QUALITY_FIELDS = BUYER_VISIBLE_CHECKS.map((c) => `quality_${c}` as QualityField);

/** The quality fields of a lead's record, as a buyer's document carries them. */
export function qualityFieldsOf(checks: QualityChecks): Record<QualityField, string> {
  return Object.fromEntries(
    BUYER_VISIBLE_CHECKS.map((c) => [`quality_${c}`, checks[c]?.answer ?? "unknown"]),
  ) as Record<QualityField, string>;
}

export const LINE_TYPES = CHECK_ANSWERS.phone_line_type.filter((t) => t !== "unknown");

/**
 * A buyer's demands on the gate's answers (buyer-schema.ts `filters.quality`): each unset demand is no demand; a lead
 * whose answer is unknown passes unless `unknownPasses` is false.
 */
export const qualityFilterSchema = z.object({
  /** Only these line types (mobile only, say). */
  phoneLineTypes: z
    .array(z.enum(LINE_TYPES as [string, ...string[]]))
    .min(1, "choose at least one line type")
    .optional(),
  /** Only e-mails whose domain receives mail. */
  emailDeliverable: z.boolean().optional(),
  /** No disposable or throwaway e-mail domains. */
  noDisposableEmail: z.boolean().optional(),
  /** No role mailboxes (info@, admin@). */
  noRoleEmail: z.boolean().optional(),
  /** No lead the velocity check flagged. */
  noVelocityFlag: z.boolean().optional(),
  /** Only leads whose zip, city and state agree. */
  addressMatch: z.boolean().optional(),
  /** Only leads with a verified consent certificate. */
  certificateVerified: z.boolean().optional(),
  /** Whether a lead whose answer is unknown passes a demand. */
  unknownPasses: z.boolean().default(true),
});
export type QualityFilter = z.infer<typeof qualityFilterSchema>;

/** Each demand: the check it reads and the answers that pass it. */
const DEMANDS: {
  [K in Exclude<keyof QualityFilter, "unknownPasses">]: {
    check: VisibleCheck;
    passes: (f: QualityFilter) => readonly string[];
  };
} = {
  phoneLineTypes: { check: "phone_line_type", passes: (f) => f.phoneLineTypes ?? [] },
  emailDeliverable: { check: "email_mx", passes: () => ["deliverable"] },
  noDisposableEmail: { check: "email_domain", passes: () => ["ok"] },
  noRoleEmail: { check: "email_role", passes: () => ["personal"] },
  noVelocityFlag: { check: "velocity", passes: () => ["ok"] },
  addressMatch: { check: "address", passes: () => ["match"] },
  certificateVerified: { check: "consent_certificate", passes: () => ["verified", "claimed"] },
};

/**
 * The first demand of the filter the lead's answers fail, as "<check>: <answer>" (the buyer's outcome detail), or
 * undefined when it passes them all. `answerOf` reads a check's answer (a lead's document carries them as quality
 * fields); a check that never ran counts as unknown.
 */
export function qualityRefusal(
  filter: QualityFilter | undefined,
  answerOf: (check: VisibleCheck) => unknown,
): string | undefined {
  if (!filter) return undefined;
  for (const [key, demand] of Object.entries(DEMANDS) as [
    keyof typeof DEMANDS,
    (typeof DEMANDS)[keyof typeof DEMANDS],
  ][]) {
    const wanted = filter[key];
    if (wanted === undefined || wanted === false) continue;
    const given = answerOf(demand.check);
    const answer = typeof given === "string" ? given : "unknown";
    if (answer === "unknown" || answer === "none") {
      if (filter.unknownPasses && answer === "unknown") continue;
      return `${demand.check}: ${answer}`;
    }
    if (!demand.passes(filter).includes(answer)) return `${demand.check}: ${answer}`;
  }
  return undefined;
}

// What the operator refuses outright (docs/product/screening.md#refusals): a rule names a check, the answers it
// refuses and the reason code the lead is refused with. A list match is always refused (the lists' rules cannot be
// removed, only renamed), and the gate refuses by the first rule that matches, in order.

const REASON_CODE = /^[a-z][a-z0-9_]{1,39}$/;

const refusalRuleSchema = z.object({
  check: z.enum(CHECK_NAMES as [CheckName, ...CheckName[]]),
  answers: z.array(z.string()).min(1, "choose at least one answer"),
  reason: z.string().regex(REASON_CODE, "must be 2 to 40 lower-case letters, digits or _, starting with a letter"),
});
export type RefusalRule = z.infer<typeof refusalRuleSchema>;

/** The rules that always stand: a phone on a do-not-call or litigator list is never sold. */
export const LIST_RULES: readonly RefusalRule[] = [
  { check: "litigator", answers: ["listed"], reason: "litigator" },
  { check: "do_not_call", answers: ["listed"], reason: "do_not_call" },
];

const LIMIT_MESSAGE = "must be a whole number from 1 to 100,000";
const WINDOW_MESSAGE = "must be a whole number of minutes from 1 to 44,640 (31 days)";
/** Velocity limits: at most `limit` applications in `windowMinutes` per device, IP, phone and e-mail. */
const velocityLimit = z.object({
  limit: z.number(LIMIT_MESSAGE).int(LIMIT_MESSAGE).min(1, LIMIT_MESSAGE).max(100_000, LIMIT_MESSAGE),
  windowMinutes: z
    .number(WINDOW_MESSAGE)
    .int(WINDOW_MESSAGE)
    .min(1, WINDOW_MESSAGE)
    .max(60 * 24 * 31, WINDOW_MESSAGE),
});
export const VELOCITY_KEYS = ["device", "ip", "phone", "email"] as const;
export type VelocityKey = (typeof VELOCITY_KEYS)[number];

export const screeningSettingsSchema = z
  .object({
    rules: z.array(refusalRuleSchema).max(50, "at most 50 rules"),
    velocity: z.object(
      Object.fromEntries(VELOCITY_KEYS.map((k) => [k, velocityLimit])) as Record<VelocityKey, typeof velocityLimit>,
    ),
  })
  .superRefine((settings, ctx) => {
    settings.rules.forEach((rule, i) => {
      const known: readonly string[] = CHECK_ANSWERS[rule.check];
      rule.answers.forEach((answer, j) => {
        if (!known.includes(answer)) {
          ctx.addIssue({
            code: "custom",
            path: ["rules", i, "answers", j],
            message: `${rule.check} answers ${known.join(", ")}`,
          });
        }
      });
    });
    for (const must of LIST_RULES) {
      if (!settings.rules.some((r) => r.check === must.check && r.answers.includes("listed"))) {
        ctx.addIssue({
          code: "custom",
          path: ["rules"],
          message: `a ${must.check.replaceAll("_", "-")} list match is always refused: keep its rule`,
        });
      }
    }
  });
export type ScreeningSettings = z.infer<typeof screeningSettingsSchema>;

/** The gate as it comes: the lists refused, the twenty-first application from one device in an hour held. */
export const DEFAULT_SCREENING_SETTINGS: ScreeningSettings = {
  rules: [...LIST_RULES, { check: "velocity", answers: ["flagged"], reason: "velocity" }],
  velocity: {
    device: { limit: 20, windowMinutes: 60 },
    ip: { limit: 50, windowMinutes: 60 },
    phone: { limit: 5, windowMinutes: 24 * 60 },
    email: { limit: 5, windowMinutes: 24 * 60 },
  },
};

/** The first rule the answers meet, or undefined: the lead goes on to the buyers. */
export function refusingRule(rules: readonly RefusalRule[], checks: QualityChecks): RefusalRule | undefined {
  return rules.find((rule) => {
    const answer = checks[rule.check]?.answer;
    return answer !== undefined && rule.answers.includes(answer);
  });
}
