import { z } from "zod";

// How the publisher API refuses a request (docs/decisions/0050-publisher-post-api.md#the-answer): one machine-readable
// code per reason, the HTTP status it comes with, and a plain sentence a developer can act on. A refused request
// writes nothing, so the same request may be sent again once the cause is fixed.

const PUBLISHER_API_CODES = [
  "invalid_fields",
  "unparseable_body",
  "body_too_large",
  "unsupported_content_type",
  "missing_key",
  "invalid_key",
  "publisher_disabled",
  "idempotency_key_reused",
  "invalid_idempotency_key",
  "rate_limited",
  "not_found",
  "unavailable",
  "ping_unknown",
  "ping_expired",
  "ping_used",
  "ping_fields_changed",
  "cap_reached",
] as const;
export type PublisherApiCode = (typeof PUBLISHER_API_CODES)[number];

/** Each code's status and message: the one table the scope, the routes and docs/product/partners.md agree on. */
const PUBLISHER_API_PROBLEMS: Record<PublisherApiCode, { status: number; message: string }> = {
  invalid_fields: { status: 400, message: "Some fields are missing or invalid: errors names each one and why." },
  unparseable_body: {
    status: 400,
    message: "Send the lead as one JSON object or as a form (application/x-www-form-urlencoded), each field once.",
  },
  body_too_large: { status: 413, message: "The body is over 32 KiB: send only the lead's fields." },
  unsupported_content_type: {
    status: 415,
    message: "Send Content-Type: application/json or application/x-www-form-urlencoded.",
  },
  missing_key: { status: 401, message: "Send your publisher API key: Authorization: Bearer <key>." },
  invalid_key: {
    status: 401,
    message: "That API key is not a live publisher key: check it, or ask your account manager for a new one.",
  },
  publisher_disabled: {
    status: 403,
    message: "Your publisher account is paused: ask your account manager before sending more leads.",
  },
  idempotency_key_reused: {
    status: 422,
    message: "This Idempotency-Key was already used with a different body: use a new key for a new lead.",
  },
  invalid_idempotency_key: {
    status: 400,
    message: "An Idempotency-Key must be 1 to 100 visible ASCII characters, without spaces.",
  },
  rate_limited: { status: 429, message: "Too many requests with this key: wait for Retry-After seconds, then retry." },
  not_found: { status: 404, message: "There is no such publisher API call: check the method and the path." },
  ping_unknown: { status: 404, message: "No ping of yours has this ping_id: ping first, then post with its ping_id." },
  ping_expired: {
    status: 410,
    message: "This ping's offer has expired: ping again, and post within the time its answer gives (expires_at).",
  },
  ping_used: { status: 409, message: "A lead was already posted with this ping_id: ping again for a new lead." },
  ping_fields_changed: {
    status: 409,
    message: "Some fields differ from the ping: errors names each one. Post the lead as pinged, or ping again.",
  },
  cap_reached: {
    status: 429,
    message: "Your cap of posted leads for this hour, day or month is reached: post again after Retry-After seconds.",
  },
  unavailable: {
    status: 503,
    message: "The server is restarting: post the same lead again after Retry-After seconds (with its Idempotency-Key).",
  },
};

export const publisherApiProblem = z.object({
  status: z.number().int(),
  code: z.enum(PUBLISHER_API_CODES),
  message: z.string(),
  /** For `invalid_fields`: each refused field's wire name and the product's message for it. */
  errors: z.record(z.string(), z.string()).optional(),
});
export type PublisherApiProblem = z.infer<typeof publisherApiProblem>;

/** A code's answer, with a more specific message or the fields' errors when there are. */
export function problemOf(
  code: PublisherApiCode,
  detail: { message?: string; errors?: Record<string, string> } = {},
): PublisherApiProblem {
  const { status, message } = PUBLISHER_API_PROBLEMS[code];
  return { status, code, message: detail.message ?? message, ...(detail.errors ? { errors: detail.errors } : {}) };
}
