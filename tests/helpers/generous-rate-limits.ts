// Every rate limit set out of reach, for the servers tests start: only a test about rate limiting (which sets its
// own) ever meets one, and end-to-end files running side by side all come from one address.
export const GENEROUS_RATE_LIMITS = {
  RATE_LIMIT_LEADS_PER_MINUTE: "10000",
  RATE_LIMIT_STEPS_PER_MINUTE: "10000",
  RATE_LIMIT_LOOKUPS_PER_MINUTE: "10000",
  RATE_LIMIT_FORMS_PER_MINUTE: "10000",
  RATE_LIMIT_LOGS_PER_MINUTE: "10000",
  RATE_LIMIT_ADMIN_PER_MINUTE: "10000",
  RATE_LIMIT_PARTNER_PER_MINUTE: "10000",
} as const;
