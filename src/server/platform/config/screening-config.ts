import { z } from "zod";

// The gate's settings (docs/product/screening.md#settings): its budget, and each outside service, off until its
// credentials are set. The offline checks (number plan, disposable and role e-mails, velocity, lists, address) need
// nothing and are always on.

const optional = z
  .string()
  .trim()
  .optional()
  .transform((v) => v || undefined);
const url = z.string().refine((v) => {
  try {
    return ["http:", "https:"].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}, "must be an http:// or https:// URL");
const ms = (min: number, max: number, fallback: number) =>
  z.coerce
    .number({ message: "must be a number" })
    .int("must be a whole number")
    .min(min, `must be between ${min} and ${max}`)
    .max(max, `must be between ${min} and ${max}`)
    .default(fallback);

export const SCREENING_ENV = {
  SCREENING_BUDGET_MS: ms(50, 5_000, 400),
  SCREENING_SERVICE_TIMEOUT_MS: ms(50, 5_000, 300),
  TWILIO_ACCOUNT_SID: optional,
  TWILIO_AUTH_TOKEN: optional,
  TWILIO_LOOKUP_URL: url.default("https://lookups.twilio.com"),
  EMAIL_MX_CHECK: z.enum(["on", "off"], { message: "must be on or off" }).default("off"),
  /** Comma-separated DNS servers (host or host:port) the MX check asks; unset: the system's. */
  EMAIL_DNS_SERVERS: optional,
  LITIGATOR_SCRUB_URL: optional.pipe(url.optional()),
  LITIGATOR_SCRUB_API_KEY: optional,
  TRUSTEDFORM_API_KEY: optional,
  TRUSTEDFORM_API_URL: url.default("https://cert.trustedform.com"),
  JORNAYA_API_KEY: optional,
  JORNAYA_ACCOUNT_CODE: optional,
  JORNAYA_API_URL: url.default("https://api.leadid.com"),
};

type ScreeningEnv = z.infer<z.ZodObject<typeof SCREENING_ENV>>;

export type ScreeningConfig = {
  budgetMs: number;
  /** Each outside service's own limit, within the budget. */
  serviceTimeoutMs: number;
  twilio: { url: string; accountSid: string; authToken: string } | undefined;
  mx: { servers: string[] | undefined } | undefined;
  litigatorScrub: { url: string; apiKey: string } | undefined;
  trustedForm: { url: string; apiKey: string } | undefined;
  jornaya: { url: string; accountCode: string; apiKey: string } | undefined;
};

/** The section of the config, or the name of a setting that needs another. */
export function screeningConfig(e: ScreeningEnv): ScreeningConfig | string {
  if (Boolean(e.TWILIO_ACCOUNT_SID) !== Boolean(e.TWILIO_AUTH_TOKEN)) {
    return "TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN: set both, or neither";
  }
  if (Boolean(e.LITIGATOR_SCRUB_URL) !== Boolean(e.LITIGATOR_SCRUB_API_KEY)) {
    return "LITIGATOR_SCRUB_URL and LITIGATOR_SCRUB_API_KEY: set both, or neither";
  }
  if (Boolean(e.JORNAYA_API_KEY) !== Boolean(e.JORNAYA_ACCOUNT_CODE)) {
    return "JORNAYA_API_KEY and JORNAYA_ACCOUNT_CODE: set both, or neither";
  }
  return {
    budgetMs: e.SCREENING_BUDGET_MS,
    serviceTimeoutMs: Math.min(e.SCREENING_SERVICE_TIMEOUT_MS, e.SCREENING_BUDGET_MS),
    twilio:
      e.TWILIO_ACCOUNT_SID && e.TWILIO_AUTH_TOKEN
        ? { url: e.TWILIO_LOOKUP_URL, accountSid: e.TWILIO_ACCOUNT_SID, authToken: e.TWILIO_AUTH_TOKEN }
        : undefined,
    mx:
      e.EMAIL_MX_CHECK === "on"
        ? {
            servers: e.EMAIL_DNS_SERVERS?.split(",")
              .map((s) => s.trim())
              .filter(Boolean),
          }
        : undefined,
    litigatorScrub:
      e.LITIGATOR_SCRUB_URL && e.LITIGATOR_SCRUB_API_KEY
        ? { url: e.LITIGATOR_SCRUB_URL, apiKey: e.LITIGATOR_SCRUB_API_KEY }
        : undefined,
    trustedForm: e.TRUSTEDFORM_API_KEY ? { url: e.TRUSTEDFORM_API_URL, apiKey: e.TRUSTEDFORM_API_KEY } : undefined,
    jornaya:
      e.JORNAYA_API_KEY && e.JORNAYA_ACCOUNT_CODE
        ? { url: e.JORNAYA_API_URL, accountCode: e.JORNAYA_ACCOUNT_CODE, apiKey: e.JORNAYA_API_KEY }
        : undefined,
  };
}
