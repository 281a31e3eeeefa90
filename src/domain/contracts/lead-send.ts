import { z } from "zod";
import { ATTRIBUTION_KEYS, keptAttributionValue, type AttributionKey } from "../attribution.ts";
import { SUBMISSION_NAMES, type SubmissionName } from "../fields/field-exposure.ts";
import { answerOf } from "./envelope.ts";

// The lender network's calls (docs/product/server-calls.md, docs/product/lender-network.md): the final
// submission (POST /api/personal_loan/lead/send/v2), the wait for its result (GET /api/ping/v2), the
// redirect acknowledgement and client logs. Shared by the browser and the server.

const text = (max: number) => z.string().trim().max(max);
// Application answers travel as text or numbers; the server checks them against the saved lead, whose
// values win (docs/product/lender-network.md#final-submission), so here they are only bounded.
const answer = z
  .union([text(200), z.number().finite()])
  .nullable()
  .optional();

/** The tracking fields of the final submission, stored with the lead and passed to buyers that map them. */
export const TRACKING_FIELDS = [
  "source",
  "webSiteUrl",
  // Where the visitor came from, as the browser keeps it (src/domain/attribution.ts).
  ...ATTRIBUTION_KEYS,
  "trustedFormURL",
  "jornayaLeadId",
] as const;
type TrackingField = (typeof TRACKING_FIELDS)[number];

/**
 * The application answers the final submission carries (docs/product/server-calls.md#final-submission-payload):
 * each field's names from the registry, and `confirm_pii`, which is no lead field (it is kept with the sale).
 */
const APPLICATION_FIELDS = [...SUBMISSION_NAMES, "confirm_pii"] as const;
type ApplicationField = SubmissionName | "confirm_pii";

const urlText = text(2048);

/**
 * A traffic-source field (src/domain/attribution.ts) as the server keeps it: by the browser's own rule, and a
 * value that fails it is dropped like the browser drops it, never a reason to refuse the application
 * (docs/product/lender-network.md#final-submission). Only a value that is not text at all is refused.
 */
const attributionField = (key: AttributionKey) =>
  z
    .string()
    .optional()
    .transform((value) => keptAttributionValue(key, value));

export const leadSendRequest = z.object({
  lead_id: z.string().min(1).max(64),
  productId: z.coerce.number().pipe(z.literal(19)),
  price: z.coerce.number().pipe(z.literal(0)),
  closeConnection: z.coerce.number().pipe(z.literal(1)),
  consentEmailSms: z.literal("YES"),
  consentToFcra: z.literal("YES"),
  ...Object.fromEntries(APPLICATION_FIELDS.map((f) => [f, answer])),
  ...Object.fromEntries(TRACKING_FIELDS.map((f) => [f, text(200).optional()])),
  ...Object.fromEntries(ATTRIBUTION_KEYS.map((f) => [f, attributionField(f)])),
  webSiteUrl: urlText.optional(),
  trustedFormURL: urlText.optional(),
  testMode: z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(["0", "1", "true", "false"])]).optional(),
  testSold: z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(["0", "1", "true", "false"])]).optional(),
}) as unknown as z.ZodType<LeadSendBody, Record<string, unknown>>;

export type LeadSendBody = {
  lead_id: string;
  productId: 19;
  price: 0;
  closeConnection: 1;
  consentEmailSms: "YES";
  consentToFcra: "YES";
  testMode?: boolean | 0 | 1 | "0" | "1" | "true" | "false";
  testSold?: boolean | 0 | 1 | "0" | "1" | "true" | "false";
} & Partial<Record<ApplicationField, string | number | null>> &
  Partial<Record<TrackingField, string>>;

/** True for the submission's truthy spellings of a flag (testMode: true, 1, "1", "true"). */
export function flagSet(value: LeadSendBody["testMode"]): boolean {
  return value === true || value === 1 || value === "1" || value === "true";
}

/** Lead statuses of send and ping answers (docs/product/server-calls.md#server-contract). */
export const LEAD_STATUS = { accepted: 1, rejected: 2, pending: 3 } as const;

const statusData = z.object({
  status: z.union([z.literal(1), z.literal(2), z.literal(3)]),
  lead_id: z.string(),
  redirect_url: z.string().optional(),
  rejectUrl: z.string().optional(),
});
export type LeadStatusData = z.infer<typeof statusData>;

export const leadSendAnswer = answerOf(statusData);

export const pingQuery = z.object({
  lead_id: z.string().min(1).max(64),
  checkKey: text(200).optional(),
  utm_source: text(200).optional(),
});
export const pingAnswer = answerOf(statusData);

/** The redirect pages report that the browser is leaving for the buyer's offer. */
export const redirectedRequest = z.object({ lead_id: z.string().min(1).max(64) });
export const redirectedAnswer = answerOf(z.object({ lead_id: z.string(), recorded: z.boolean() }));

/** One client log event: what happened (submission, ping answer, error) and a small bounded detail. */
export const clientLogRequest = z.object({
  level: z.enum(["debug", "info", "warn", "error"]).default("info"),
  event: text(100).min(1),
  lead_id: z.string().max(64).optional(),
  data: z
    .record(z.string().max(64), z.union([text(500), z.number().finite(), z.boolean(), z.null()]))
    .refine((r) => Object.keys(r).length <= 30, "at most 30 entries")
    .optional(),
});
export type ClientLogEvent = z.input<typeof clientLogRequest>;
export const clientLogAnswer = answerOf(z.object({ stored: z.boolean() }));
