import { z } from "zod";
import { dateOrTime } from "./console.ts";
import { qualityCheckRow } from "./console-quality.ts";
import { LEAD_STAGES } from "./console-reports.ts";
import { answerOf } from "./envelope.ts";
import { leadIdSchema } from "./lead.ts";
import { postedLeadAnswer } from "./publisher-api.ts";

// The console's Leads (issue 19): search, a lead's timeline with its personal data masked, and the reveal of
// that data with a stated reason (docs/decisions/0034-operator-console.md). A search row names no one.

/**
 * Where a lead stands: still answering (in_progress), its application sent (completed), and what the auction
 * decided (sold, rejected). As a filter, completed takes every sent application, sold and rejected included,
 * as the reports count them.
 */
export const LEAD_SEARCH_STATUSES = ["in_progress", "completed", "sold", "rejected"] as const;
export type LeadSearchStatus = (typeof LEAD_SEARCH_STATUSES)[number];

export const LEAD_QUERY_MESSAGE = "Enter a lead id, an e-mail address or a phone number of 10 digits.";

const filterValue = z.string().trim().min(1).max(200).optional();

/**
 * The search form's fields, and the Today report's figure links (leadsQueryOf in console-reports.ts): with a
 * `stage`, a link's leads are exactly the figure's.
 */
export const leadSearchQuery = z.object({
  q: z.string().trim().max(254).optional(),
  /**
   * At or after. Without a stage: the lead's creation; with one, the stage's own date (the report's:
   * started by creation, the others by the final submission).
   */
  from: dateOrTime.optional(),
  /**
   * Without a stage: created before the end of this day (or up to this moment). With one: before this
   * moment (a day: its start), the report's open end.
   */
  to: dateOrTime.optional(),
  status: z.enum(LEAD_SEARCH_STATUSES).optional(),
  /** A report figure's leads, test leads left out as the report leaves them. */
  stage: z.enum(LEAD_STAGES).optional(),
  /** The buyer that bought it (the auction's buyer id). */
  buyer: z.string().trim().max(100).optional(),
  /** The report's filters and breakdown keys ("(none)" for not given): source is the submission's
   * utm_source, else the lead's; aff_id, sub_id and brand as the report's by_source and by_brand; reason a
   * rejection's. */
  source: filterValue,
  aff_id: filterValue,
  sub_id: filterValue,
  brand: filterValue,
  reason: filterValue,
  /** The buyer's own reference id for the lead (any ping or post of it that answered one). */
  buyer_ref: filterValue,
  /** The next page's start, as the previous page answered it. */
  cursor: z.string().max(200).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const leadSearchRow = z.object({
  id: z.string(),
  created_at: z.string(),
  status: z.enum(LEAD_SEARCH_STATUSES),
  amount: z.number().int().nullable(),
  state: z.string().nullable(),
  buyer: z.string().nullable(),
  price_cents: z.number().int().nullable(),
  source: z.string().nullable(),
  /** The auction's rejection reason (or a sale's note), as stored. */
  reason: z.string().nullable(),
  /** The publisher credited with the lead, by docs/product/partners.md#publishers (its aff_id then, made before). */
  publisher_id: z.string().nullable(),
  publisher_name: z.string().nullable(),
  /** The buying buyer's own id for the lead, from its accepted post. */
  buyer_ref: z.string().nullable(),
});
export type LeadSearchRow = z.infer<typeof leadSearchRow>;

/** Counting stops here: a larger result answers this number with `total_capped`, shown as "10,000+". */
export const LEAD_COUNT_CAP = 10_000;

export const leadSearchAnswer = answerOf(
  z.object({
    leads: z.array(leadSearchRow),
    next_cursor: z.string().nullable(),
    /** How many leads the filters give, up to LEAD_COUNT_CAP; counted for the first page only (null after). */
    total: z.number().int().nullable(),
    total_capped: z.boolean(),
  }),
);

/** The CSV export takes the search's filters, and gives every row they match rather than a page. */
export const leadExportQuery = leadSearchQuery.omit({ cursor: true, limit: true });

/** The CSV's columns, in order: the search row's fields, nothing more (so no personal data, as in the search). */
export const LEAD_CSV_COLUMNS = [
  "id",
  "created_at",
  "status",
  "amount",
  "state",
  "buyer",
  "buyer_ref",
  "price_cents",
  "source",
  "publisher_id",
  "publisher_name",
  "reason",
] as const satisfies readonly (keyof LeadSearchRow)[];

/** The values the buyer and source filters can take: every buyer configured, every source the reports have seen. */
export const leadFilterValuesAnswer = answerOf(
  z.object({
    buyers: z.array(z.object({ id: z.string(), name: z.string() })),
    sources: z.array(z.string()),
  }),
);

export const leadIdParams = z.object({ id: leadIdSchema });

/** A value as the console shows it: personal ones masked ("j•••@example.com"), the rest as stored. */
const shownValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);

const at = z.string();
const stepEvent = z.object({
  kind: z.literal("step"),
  at,
  step: z.number().int().nullable(),
  slug: z.string().nullable(),
  /** The fields this save changed, by server name. */
  fields: z.array(z.string()),
  values: z.record(z.string(), z.unknown()),
});
const consentEvent = z.object({
  kind: z.literal("consent"),
  at,
  consent_kind: z.string(),
  text_version: z.string(),
  button: z.string(),
  page_url: z.string(),
  certificate_url: z.string(),
});
const submissionEvent = z.object({
  kind: z.literal("submission"),
  at,
  test_mode: z.boolean(),
  attribution: z.record(z.string(), z.string()),
  submission: z.record(z.string(), z.unknown()),
});
const callEvent = z.object({
  kind: z.enum(["ping", "post"]),
  at,
  buyer: z.string(),
  state: z.string(),
  latency_ms: z.number().int().nullable(),
  price_cents: z.number().int().nullable(),
  reason: z.string().nullable(),
  http_status: z.number().int().nullable(),
  /** The request's body as sent (JSON, form or XML text), personal values masked by the auction. */
  request: z.string().nullable(),
  /** The buyer's answer as it came, cut and masked the same way. */
  response: z.string().nullable(),
  /** The bodies were blanked this many days after the call (BUYER_CALL_BODY_DAYS); null while they are kept. */
  bodies_cleared_after_days: z.number().int().nullable(),
});
/** The gate's record (docs/product/screening.md#the-quality-record), at the moment it was written. */
const qualityEvent = z.object({
  kind: z.literal("quality"),
  at,
  /** Every check that ran, in the order the checks are named. */
  checks: z.array(qualityCheckRow),
  /** The reason code of the rule that refused the lead; null when it went on to the buyers. */
  refused_reason: z.string().nullable(),
  /** How long the gate took. */
  ms: z.number().int(),
});
const decisionEvent = z.object({
  kind: z.literal("decision"),
  at,
  status: z.string(),
  reason: z.string().nullable(),
  buyer: z.string().nullable(),
  price_cents: z.number().int().nullable(),
});
const redirectEvent = z.object({ kind: z.literal("redirect"), at, buyer: z.string().nullable() });
// A posted lead's publisher side (docs/decisions/0050-publisher-post-api.md, 0051-publisher-ping-post.md): its ping,
// its post and what the publisher was answered, each naming the publisher.
const publisher = { publisher_id: z.string(), publisher_name: z.string() };
const publisherPingEvent = z.object({
  kind: z.literal("publisher_ping"),
  at,
  ...publisher,
  ping_id: z.string(),
  test: z.boolean(),
  /** The ping's fields as sent: ping-class fields only, so nothing personal. */
  fields: z.record(z.string(), shownValue),
  /** What the publisher was offered; null when no buyer bid. */
  payout_cents: z.number().int().nullable(),
  expires_at: z.string(),
  /** The buyers' bids, in the order the post went to them. */
  offers: z.array(z.object({ buyer: z.string(), price_cents: z.number().int() })),
});
const publisherPostEvent = z.object({
  kind: z.literal("publisher_post"),
  at,
  ...publisher,
  test: z.boolean(),
  /** The ping the post named, if any. */
  ping_id: z.string().nullable(),
  /** The publisher's sub ids and click id, as the lead keeps them (aff_sub1..5, clickid). */
  tracking: z.record(z.string(), z.string()),
  /** The consent evidence the post carried; its IP masked as the console masks personal values. */
  consent: z
    .object({
      text_version: z.string(),
      text_hash: z.string(),
      at: z.string(),
      page_url: z.string(),
      ip: z.string().nullable(),
      trusted_form_cert_url: z.string().nullable(),
      jornaya_leadid: z.string().nullable(),
    })
    .nullable(),
});
const publisherAnswerEvent = z.object({
  kind: z.literal("publisher_answer"),
  at,
  ...publisher,
  /** The answer for the auction as it stands (decided, or pending), under the publisher's payout rule now. */
  answer: postedLeadAnswer,
});
const privacyEvent = z.object({
  kind: z.literal("privacy_request"),
  at,
  reference: z.string(),
  request_kind: z.string(),
  request_type: z.string().nullable(),
  status: z.string(),
  due_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
const marketingEvent = z.object({
  kind: z.literal("marketing"),
  at,
  list_key: z.string(),
  status: z.string(),
  attempts: z.number().int(),
  done_at: z.string().nullable(),
});
const mailEvent = z.object({
  kind: z.literal("mail"),
  at,
  purpose: z.string(),
  status: z.string(),
  subject: z.string(),
  sent_at: z.string().nullable(),
});

const leadTimelineEvent = z.discriminatedUnion("kind", [
  stepEvent,
  consentEvent,
  submissionEvent,
  callEvent,
  qualityEvent,
  decisionEvent,
  redirectEvent,
  publisherPingEvent,
  publisherPostEvent,
  publisherAnswerEvent,
  privacyEvent,
  marketingEvent,
  mailEvent,
]);
export type LeadTimelineEvent = z.infer<typeof leadTimelineEvent>;

/**
 * A buyer's outcome in the lead's auction (src/domain/buyers/buyer-outcomes.ts): its code (shown by outcomeText),
 * the detail, the price it offered and the price it paid, and when it came to it.
 */
export const buyerOutcomeRow = z.object({
  buyer: z.string(),
  outcome: z.string(),
  detail: z.string().nullable(),
  offered_cents: z.number().int().nullable(),
  paid_cents: z.number().int().nullable(),
  at,
});
export type BuyerOutcomeRow = z.infer<typeof buyerOutcomeRow>;

export const leadTimelineAnswer = answerOf(
  z.object({
    lead: z.object({
      id: z.string(),
      created_at: z.string(),
      updated_at: z.string(),
      /** The lead row's own: in_progress, erased, purged. */
      record_status: z.string(),
      status: z.enum(LEAD_SEARCH_STATUSES),
      do_not_sell_at: z.string().nullable(),
      /** Every field by server name; personal ones masked. */
      fields: z.record(z.string(), shownValue),
      /** The fields a reveal may unmask. */
      personal_fields: z.array(z.string()),
    }),
    events: z.array(leadTimelineEvent),
    /** Every buyer's outcome in its auction, the buyer that paid first, then by the price offered, highest first. */
    outcomes: z.array(buyerOutcomeRow),
  }),
);
export type LeadTimeline = z.infer<typeof leadTimelineAnswer>["data"];

export const REVEAL_REASON_MESSAGE = "Say why you need this person's data (at least 10 characters).";

export const revealRequest = z.object({
  reason: z
    .string({ error: REVEAL_REASON_MESSAGE })
    .trim()
    .min(10, REVEAL_REASON_MESSAGE)
    .max(500, "Keep the reason under 500 characters."),
  /** Server names of personal fields; all of them when absent. */
  fields: z.array(z.string().max(60)).max(60).optional(),
});

export const revealAnswer = answerOf(z.object({ fields: z.record(z.string(), shownValue) }));
