import { isTimeZone } from "./console-reports.ts";
import { z } from "zod";
import { OPERATOR_ROLES, PERMISSIONS } from "../console/roles.ts";
import { answerOf } from "./envelope.ts";

// The operator console's API (docs/decisions/0034-operator-console.md): every path under /api/console. Each
// state-changing request carries the session's CSRF token in the X-CSRF-Token header.

export const CSRF_HEADER = "x-csrf-token";

export const signInRequest = z.object({
  email: z.string().trim().min(1, "Enter your e-mail address.").max(254),
  password: z.string().min(1, "Enter your password.").max(200),
  /** Six digits from the authenticator app, or one of the recovery codes. */
  code: z
    .string()
    .trim()
    .min(1, "Enter the code from your authenticator app, or a recovery code.")
    .max(20, "Enter the code from your authenticator app, or a recovery code."),
});

export const SIGN_IN_REFUSED_MESSAGE = "That e-mail, password and code do not match an account.";

/**
 * Any other 429 of the console's API (its rate limit, docs/decisions/0010-proxy-and-rate-limits.md), with the wait
 * its Retry-After header gives. It ends no session: the operator stays signed in and tries again.
 */
export const slowDownMessage = (seconds: number) => `Too many requests — slow down and try again in ${seconds} s.`;

/** Too many failed sign-ins from one address: when to try again (also in the Retry-After header). */
export const signInThrottledAnswer = z.object({
  status: z.number().int(),
  message: z.string(),
  retryAfterSeconds: z.number().int(),
});

const role = z.enum(OPERATOR_ROLES);

const consoleSession = z.object({
  operator: z.object({ id: z.string(), email: z.string(), name: z.string(), role }),
  permissions: z.array(z.enum(PERMISSIONS)),
  csrf_token: z.string(),
  /** Minutes of inactivity after which the server ends the session. */
  idle_minutes: z.number().int(),
  /** Whether the operator has fewer than three recovery codes left. */
  recovery_codes_low: z.boolean(),
  /** The time zone kept on the account (an IANA name), or null until the operator picks one. */
  time_zone: z.string().nullable(),
});

/** PUT /api/console/session/time-zone: the zone the operator reads the console in, kept on the account. */
export const timeZoneRequest = z.object({
  time_zone: z.string().max(64).refine(isTimeZone, "Unknown time zone."),
});
export type ConsoleSession = z.infer<typeof consoleSession>;

/** POST /api/console/session: the session just opened. */
export const consoleSessionAnswer = answerOf(consoleSession);
/** GET /api/console/session: the browser's session, or null when it has none (the sign-in form shows). */
export const consoleSessionProbeAnswer = answerOf(consoleSession.nullable());

export const newOperatorRequest = z
  .object({
    email: z.email("Enter an e-mail address.").max(254),
    name: z.string().trim().min(1, "Enter the person's name.").max(100),
    role,
    /** The publisher a `publisher` account sees (docs/product/partners.md#a-publishers-own-view); no other role has one. */
    publisher_id: z.string().trim().max(40).optional(),
    /** The buyer a `buyer` account sees (docs/product/buyer-money.md#the-buyer-portal); no other role has one. */
    buyer_id: z.string().trim().max(63).optional(),
  })
  .superRefine((o, ctx) => {
    if (o.role === "buyer" && !o.buyer_id)
      ctx.addIssue({ code: "custom", path: ["buyer_id"], message: "Choose the buyer this account sees." });
    if (o.role !== "buyer" && o.buyer_id)
      ctx.addIssue({ code: "custom", path: ["buyer_id"], message: "Only a buyer account is bound to a buyer." });
    if (o.role === "publisher" && !o.publisher_id)
      ctx.addIssue({ code: "custom", path: ["publisher_id"], message: "Choose the publisher this account sees." });
    if (o.role !== "publisher" && o.publisher_id)
      ctx.addIssue({
        code: "custom",
        path: ["publisher_id"],
        message: "Only a publisher account is bound to a publisher.",
      });
  });

export const operatorChangeRequest = z.object({
  role: role.optional(),
  disabled: z.boolean().optional(),
});

const operatorRow = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  role,
  publisher_id: z.string().nullable(),
  buyer_id: z.string().nullable(),
  disabled: z.boolean(),
  created_at: z.string(),
  recovery_codes_left: z.number().int(),
});
export type OperatorRow = z.infer<typeof operatorRow>;

const sessionRow = z.object({
  id: z.string(),
  operator_id: z.string(),
  email: z.string(),
  ip: z.string().nullable(),
  user_agent: z.string().nullable(),
  created_at: z.string(),
  last_seen_at: z.string(),
});
export type SessionListRow = z.infer<typeof sessionRow>;

/** PATCH /api/console/operators/:id: the account as it now is. */
export const operatorChangedAnswer = answerOf(operatorRow);

export const operatorsAnswer = answerOf(z.object({ operators: z.array(operatorRow), sessions: z.array(sessionRow) }));

/** A new account: its password, TOTP enrolment and recovery codes, shown once. */
export const enrolmentAnswer = answerOf(
  z.object({
    operator: operatorRow,
    password: z.string(),
    totp_uri: z.string(),
    totp_secret: z.string(),
    recovery_codes: z.array(z.string()),
  }),
);
export type EnrolmentData = z.infer<typeof enrolmentAnswer>["data"];

/** A filter's date: a day (the whole UTC day) or a moment with its offset; the leads search takes the same. */
export const dateOrTime = z.union([z.iso.date(), z.iso.datetime({ offset: true })], {
  error: "Enter a date as YYYY-MM-DD.",
});

/** The audit log's filters, which combine; the CSV export takes them all but the page's. */
export const auditFilters = z.object({
  action: z.string().trim().max(60).optional(),
  target: z.string().trim().max(100).optional(),
  /** The person: an operator's id, or the e-mail the row names (any case). */
  operator: z.string().trim().max(254).optional(),
  /** At or after (a day: its start, UTC). */
  from: dateOrTime.optional(),
  /** Up to (a day: its end, UTC). */
  to: dateOrTime.optional(),
});

export const auditQuery = auditFilters.extend({
  before: z.coerce.number().int().positive().optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

/** The audit CSV's columns, in order: the row's fields, its details as JSON text. */
export const AUDIT_CSV_COLUMNS = ["id", "at", "operator_email", "action", "target", "reason", "details", "ip"] as const;

const auditRow = z.object({
  id: z.number().int(),
  at: z.string(),
  operator_email: z.string(),
  action: z.string(),
  target: z.string().nullable(),
  reason: z.string().nullable(),
  details: z.record(z.string(), z.unknown()),
  ip: z.string().nullable(),
});
export type AuditRow = z.infer<typeof auditRow>;
export const auditAnswer = answerOf(z.object({ entries: z.array(auditRow), next_before: z.number().int().nullable() }));

const privacyRequestRow = z.object({
  reference: z.string(),
  type: z.string().nullable(),
  status: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  details: z.record(z.string(), z.string()),
  received_at: z.string(),
  due_at: z.string().nullable(),
  days_overdue: z.number().int(),
});
export type PrivacyQueueRow = z.infer<typeof privacyRequestRow>;
export const privacyQueueAnswer = answerOf(z.object({ overdue: z.number().int(), open: z.array(privacyRequestRow) }));
