import { z } from "zod";
import { answerOf } from "./envelope.ts";

// The console's reports (issue 19: Today and Funnel), GET /api/console/reports/*, permission reports:read.
// Figures only: no report names a person.

export const REPORT_PERIODS = ["today", "7d", "30d"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
/** Calendar days each period covers, today included, in the operator's time zone. */
export const PERIOD_DAYS: Record<ReportPeriod, number> = { today: 1, "7d": 7, "30d": 30 };

/** The value a breakdown and a filter use for "not given" (no utm_source, no brand recorded). */
export const NONE = "(none)";

/** An IANA zone name the runtime knows; "UTC" included. Offsets and abbreviations are refused. */
export function isTimeZone(value: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/.test(value)) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

const filterValue = z.string().trim().min(1).max(100).optional();
const commonQuery = {
  period: z.enum(REPORT_PERIODS).default("today"),
  /** The operator's time zone: days start at its midnight. */
  tz: z.string().max(64).refine(isTimeZone, "Unknown time zone.").default("UTC"),
  /** utm_source of the final submission, else the one the lead was created with; NONE for neither. */
  source: filterValue,
};

export const todayQuery = z.object({
  ...commonQuery,
  /** aff_id of the final submission (or tPar[affiliateId]); NONE for neither. */
  aff_id: filterValue,
  /** The brand named in the lead's first consent record; NONE for none. */
  brand: filterValue,
});
export type TodayQuery = z.output<typeof todayQuery>;

export const DEVICES = ["phone", "desktop"] as const;
export type Device = (typeof DEVICES)[number];
export const FUNNEL_PATHS = ["main", "apply"] as const;
export type FunnelPath = (typeof FUNNEL_PATHS)[number];

export const funnelQuery = z.object({
  ...commonQuery,
  path: z.enum(FUNNEL_PATHS).default("main"),
  device: z.enum(DEVICES).optional(),
});
export type FunnelQuery = z.output<typeof funnelQuery>;

/**
 * The search for the leads behind a figure, as the leads screen's address parameters
 * (/console/leads?<these>), which GET /api/console/leads answers: `from` and `to` bound the period (ISO
 * instants, from inclusive, to exclusive), `stage` is the stage the figure counts, `reason` a rejection's reason, and the report's filters or the
 * breakdown row's keys (`source`, `aff_id`, `sub_id`, `brand`; NONE for "not given") narrow it.
 * Stages: started (leads created in the period), completed (final submission in the period), sent
 * (completed and offered to at least one buyer), sold, rejected, redirected (sold and the visitor reached
 * the lender's page). Every stage but started is dated by the final submission.
 */
export const LEAD_STAGES = ["started", "completed", "sent", "sold", "rejected", "redirected"] as const;
export type LeadStage = (typeof LEAD_STAGES)[number];
export type LeadsQuery = Record<string, string>;

export function leadsQueryOf(
  bounds: { from: string; to: string },
  stage: LeadStage,
  narrow: Partial<Record<"source" | "aff_id" | "sub_id" | "brand" | "reason", string | undefined>> = {},
): LeadsQuery {
  const query: LeadsQuery = { stage, from: bounds.from, to: bounds.to };
  for (const [key, value] of Object.entries(narrow)) if (value !== undefined) query[key] = value;
  return query;
}

const count = z.number().int().nonnegative();
/** A ratio 0..1 (or a value per lead); null when its denominator is 0. */
const ratio = z.number().nullable();

/**
 * The figures of one slice. Definitions (all without test leads):
 * - started: leads created in the period;
 * - completed: final submissions (an auction row) in the period;
 * - sent: of those, auctions with at least one ping or post in buyer_calls (duplicates and stopped
 *   sales reach no buyer);
 * - sold / rejected: auctions decided accepted / rejected; the rest are still pending;
 * - revenue_cents: the sum of the sold auctions' price_cents;
 * - earnings_per_lead_cents: revenue / completed;
 * - sell_through: sold / completed (its name and definition on screen: src/domain/console/measures.ts);
 * - ping_to_post_rate: posts that followed a bid (a ping answered with a price above the buyer's floor,
 *   state "bid") from the same buyer for the same lead / such bids; direct-post buyers, never pinged, are
 *   not in it;
 * - redirect_rate: sold auctions whose visitor reached the lender's page (redirected_at) / sold.
 */
const figuresSchema = z.object({
  started: count,
  completed: count,
  sent: count,
  sold: count,
  rejected: count,
  redirected: count,
  bids: count,
  posts_after_bid: count,
  revenue_cents: count,
  earnings_per_lead_cents: ratio,
  sell_through: ratio,
  ping_to_post_rate: ratio,
  redirect_rate: ratio,
});
export type Figures = z.infer<typeof figuresSchema>;

const boundsSchema = z.object({ from: z.string(), to: z.string(), tz: z.string() });

export const todayAnswer = answerOf(
  z.object({
    period: z.enum(REPORT_PERIODS),
    bounds: boundsSchema,
    totals: figuresSchema,
    /** Each total's leads (the rates' own: their numerator's). */
    queries: z.record(z.string(), z.record(z.string(), z.string())),
    rejected_by_reason: z.array(z.object({ reason: z.string(), count, query: z.record(z.string(), z.string()) })),
    /** One row per local day of the period, oldest first, days without leads included. */
    series: z.array(z.object({ day: z.string(), started: count, completed: count, sold: count, revenue_cents: count })),
    /** Traffic sources: utm_source, aff_id and the sub id (sub_source, aff_sub1 or tPar[affiliateSubId]). */
    by_source: z.array(
      z.object({ source: z.string(), aff_id: z.string(), sub_id: z.string(), figures: figuresSchema }),
    ),
    /**
     * Brands as the consent text named them: the lead's first consent record's `brand` placeholder (no
     * lead column holds its brand; every lead created through the quick start carries that record).
     */
    by_brand: z.array(z.object({ brand: z.string(), figures: figuresSchema })),
  }),
);
export type TodayReport = z.infer<typeof todayAnswer>["data"];

/**
 * GET /api/console/reports/today/buyer-reasons, with Today's query: what the buyers answered on the period's
 * rejected applications (dated, narrowed and without test leads as Today's `rejected`), by stage and reason. Each
 * ping a buyer declined, or that failed (a timeout, a failed connection, an HTTP error, an unreadable answer), and
 * each post it refused, with the reason it gave ("(none)" for none) or the failure: `answers` counts them (three
 * buyers refusing one application are three), `leads` the applications that got at least one. A shadow buyer's
 * answers are left out (it decides nothing), and so are the posts the auction itself closed (`not resent: …`,
 * `buyer removed`). Beside Today's `rejected_by_reason`, which gives the auction's one reason per application ("no
 * buyer accepted", "duplicate"...). Asked apart from Today, as it reads the buyers' calls of the period, not a rollup.
 */
const BUYER_ANSWER_STAGES = ["ping", "post"] as const;
export const buyerReasonsAnswer = answerOf(
  z.object({
    bounds: boundsSchema,
    reasons: z.array(
      z.object({ stage: z.enum(BUYER_ANSWER_STAGES), reason: z.string(), answers: count, leads: count }),
    ),
  }),
);
export type BuyerReasons = z.infer<typeof buyerReasonsAnswer>["data"];

export const funnelAnswer = answerOf(
  z.object({
    period: z.enum(REPORT_PERIODS),
    bounds: boundsSchema,
    path: z.enum(FUNNEL_PATHS),
    /** Leads created in the period on this path (after the filters). */
    leads: count,
    steps: z.array(
      z.object({
        slug: z.string(),
        path: z.string(),
        title: z.string(),
        /** Leads that arrived at the screen: they saved the step before it (the first: every lead). */
        reached: count,
        /** Leads that saved this step. */
        saved: count,
        /** Leads that reached it and saved neither it nor any later step. */
        left: count,
        /**
         * Median seconds from the previous save on this path (or the lead's creation) to this step's save, read from a
         * histogram of 8 bins per doubling of 1 + seconds: within a factor 2^(1/16) (about 4.4%) of 1 + the exact
         * median, rounded to a tenth of a second.
         */
        median_seconds: z.number().nullable(),
      }),
    ),
  }),
);
export type FunnelReport = z.infer<typeof funnelAnswer>["data"];
