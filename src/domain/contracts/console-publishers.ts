import { z } from "zod";
import { publisherSettingsSchema } from "../partners/publisher.ts";
import { isTimeZone } from "./console-reports.ts";
import { answerOf } from "./envelope.ts";

// The console's publishers (docs/product/partners.md#publishers): the list with today's and the month's figures,
// one publisher with its recent postbacks and partner API keys, and every change. A postback secret and an API
// key are in an answer once, when made; never again.

const publisherFigures = z.object({
  clicks: z.number().int(),
  completed: z.number().int(),
  sold: z.number().int(),
  earned_cents: z.number().int(),
  pending_cents: z.number().int(),
  final_cents: z.number().int(),
  reversed_cents: z.number().int(),
  returns: z.number().int(),
});
export type PublisherFiguresData = z.infer<typeof publisherFigures>;

/**
 * A publisher's posted leads over a span (docs/product/partners.md#posted-leads-in-the-console): live posts by when
 * they came, the sold ones and their prices, the rejected ones by the auction's reason, and its live pings.
 */
const postedFigures = z.object({
  posted: z.number().int(),
  sold: z.number().int(),
  /** sold ÷ posted (MEASURES.posted_acceptance); null with nothing posted. */
  posted_acceptance: z.number().nullable(),
  average_price_cents: z.number().int().nullable(),
  revenue_cents: z.number().int(),
  /** The auction's reasons (docs/product/lender-network.md), most first. */
  rejections: z.array(z.object({ reason: z.string(), count: z.number().int() })),
  pings: z.number().int(),
  /** Pings a buyer bid on. */
  pings_offered: z.number().int(),
});
export type PostedFiguresData = z.infer<typeof postedFigures>;

/** A posted cap now: the live posts in the publisher's current hour, day or month, and the cap (null: none). */
const capUse = z.object({ used: z.number().int(), cap: z.number().int().nullable() });
const postedCaps = z.object({ time_zone: z.string(), hourly: capUse, daily: capUse, monthly: capUse });
export type PostedCapsData = z.infer<typeof postedCaps>;

/** The reader's time zone (the console's setting): "today" and "this month" are its days. */
const tz = z.string().max(64).refine(isTimeZone, "Unknown time zone.").default("UTC");
export const publisherFiguresQuery = z.object({ tz });

const publisher = publisherSettingsSchema.safeExtend({ created_at: z.string(), updated_at: z.string() });

const publisherSummary = publisher.safeExtend({
  today: publisherFigures,
  month: publisherFigures,
  posted: z.object({ today: postedFigures, month: postedFigures }),
});
export type PublisherSummary = z.infer<typeof publisherSummary>;

export const publisherListAnswer = answerOf(z.object({ publishers: z.array(publisherSummary) }));

const postbackRow = z.object({
  id: z.number().int(),
  lead_id: z.string(),
  /** `ledger_head`: the daily signed head (docs/product/partners.md#signed-heads); its lead_id names the day. */
  event: z.enum(["completed", "sold", "rejected", "returned", "ledger_head"]),
  status: z.enum(["pending", "sent", "failed"]),
  attempts: z.number().int(),
  answer_status: z.number().int().nullable(),
  latency_ms: z.number().int().nullable(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  done_at: z.string().nullable(),
});
export type PostbackRowData = z.infer<typeof postbackRow>;

const apiKeyRow = z.object({
  id: z.string(),
  label: z.string(),
  prefix: z.string(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
  revoked_at: z.string().nullable(),
});
export type ApiKeyRow = z.infer<typeof apiKeyRow>;

/** A publisher's tracking link, whole: the site's public address (PUBLIC_BASE_URL) and `/r/{id}`. */
const trackingLink = z.string();

export const publisherDetailAnswer = answerOf(
  z.object({
    publisher: publisherSummary,
    tracking_link: trackingLink,
    posted_caps: postedCaps,
    postbacks: z.array(postbackRow),
    api_keys: z.array(apiKeyRow),
  }),
);

/** A new publisher, or a new postback secret: the secret this once. */
export const publisherSecretAnswer = answerOf(z.object({ publisher: publisher, postback_secret: z.string() }));
export const publisherSavedAnswer = answerOf(z.object({ publisher: publisher }));

export const apiKeyListAnswer = answerOf(z.object({ api_keys: z.array(apiKeyRow) }));
export const apiKeyIssueRequest = z.object({
  label: z
    .string()
    .trim()
    .min(1, "Name the key, e.g. where it is used.")
    .max(100, "Keep the label under 100 characters."),
});
/** The key itself, this once. */
export const apiKeyIssuedAnswer = answerOf(z.object({ id: z.string(), prefix: z.string(), key: z.string() }));

// A publisher operator's own view (docs/product/partners.md#a-publishers-own-view): its figures for one month,
// by day and by sub id, and the same as CSV.

export const myTrafficQuery = z.object({
  month: z
    .string()
    .regex(/^\d{4}-(0[1-9]|1[0-2])$/, "Choose a month as YYYY-MM.")
    .optional(),
  /** The month and its days are this zone's. */
  tz,
});

const figuresRow = publisherFigures.extend({ key: z.string() });
export type FiguresRow = z.infer<typeof figuresRow>;

export const myTrafficAnswer = answerOf(
  z.object({
    publisher: z.object({ id: z.string(), name: z.string() }),
    tracking_link: trackingLink,
    month: z.string(),
    totals: publisherFigures,
    by_day: z.array(figuresRow),
    by_sub1: z.array(figuresRow),
  }),
);
export type MyTraffic = z.infer<typeof myTrafficAnswer>["data"];
