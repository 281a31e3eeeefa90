import { z } from "zod";
import { answerOf } from "./envelope.ts";

// The console's reports (issue 19: Today and Funnel), GET /api/console/reports/*, permission reports:read.
// Figures only: no report names a person.

/**
 * The named periods, in calendar days of the operator's time zone (docs/decisions/0047-report-periods-and-profit.md):
 * today, yesterday, the last 7 and 30 days (today included), this month so far and the whole of last month. A
 * period that includes today ends now; the others at the midnight after their last day.
 */
export const REPORT_PERIODS = ["today", "yesterday", "7d", "30d", "this_month", "last_month"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
/** What an answer names a range given by `from` and `to` instead of a named period. */
export const CUSTOM_PERIOD = "custom";
export const PERIOD_NAMES = [...REPORT_PERIODS, CUSTOM_PERIOD] as const;
/** The longest range a report covers, in calendar days. */
export const MAX_PERIOD_DAYS = 400;

export const PERIOD_MESSAGES = {
  day: "Give a calendar day as YYYY-MM-DD.",
  both: "Give both from and to, or neither.",
  order: "from must be on or before to.",
  tooLong: `A period covers at most ${MAX_PERIOD_DAYS} days.`,
  future: "The period cannot end after today in the chosen time zone.",
} as const;

/** Whole days from `first` to `last`, both YYYY-MM-DD, both counted. */
export const daysBetween = (first: string, last: string): number =>
  Math.round((Date.parse(`${last}T00:00:00Z`) - Date.parse(`${first}T00:00:00Z`)) / 86_400_000) + 1;

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(value);
}

const calendarDay = z.string().refine(isCalendarDay, PERIOD_MESSAGES.day);

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
  /** A range of calendar days instead of `period`: both, inclusive, in `tz`; at most MAX_PERIOD_DAYS. */
  from: calendarDay.optional(),
  to: calendarDay.optional(),
  /** The operator's time zone: days start at its midnight. */
  tz: z.string().max(64).refine(isTimeZone, "Unknown time zone.").default("UTC"),
  /** utm_source of the final submission, else the one the lead was created with; NONE for neither. */
  source: filterValue,
};

/** `from` and `to` together, in order, and not too far apart; a message on the field at fault. */
function rangeCheck(query: { from?: string | undefined; to?: string | undefined }, ctx: z.RefinementCtx) {
  const { from, to } = query;
  if (from === undefined && to === undefined) return;
  if (from === undefined || to === undefined) {
    ctx.addIssue({ code: "custom", path: [from === undefined ? "from" : "to"], message: PERIOD_MESSAGES.both });
    return;
  }
  if (!isCalendarDay(from) || !isCalendarDay(to)) return;
  const days = daysBetween(from, to);
  if (days < 1) ctx.addIssue({ code: "custom", path: ["to"], message: PERIOD_MESSAGES.order });
  else if (days > MAX_PERIOD_DAYS) ctx.addIssue({ code: "custom", path: ["to"], message: PERIOD_MESSAGES.tooLong });
}

/** `compare=previous`: the period of as many days just before this one, answered beside it. */
const COMPARISONS = ["previous"] as const;

export const todayQuery = z
  .object({
    ...commonQuery,
    /** aff_id of the final submission (or tPar[affiliateId]); NONE for neither. */
    aff_id: filterValue,
    /** The brand named in the lead's first consent record; NONE for none. */
    brand: filterValue,
    compare: z.enum(COMPARISONS).optional(),
  })
  .superRefine(rangeCheck);
export type TodayQuery = z.output<typeof todayQuery>;

/** The partner reports' query (buyers, publishers): the period, its zone and the comparison, no narrowing. */
export const partnerReportQuery = z
  .object({
    period: commonQuery.period,
    from: commonQuery.from,
    to: commonQuery.to,
    tz: commonQuery.tz,
    compare: z.enum(COMPARISONS).optional(),
  })
  .superRefine(rangeCheck);
export type PartnerReportQuery = z.output<typeof partnerReportQuery>;

export const DEVICES = ["phone", "desktop"] as const;
export type Device = (typeof DEVICES)[number];
export const FUNNEL_PATHS = ["main", "apply"] as const;
export type FunnelPath = (typeof FUNNEL_PATHS)[number];

export const funnelQuery = z
  .object({
    ...commonQuery,
    path: z.enum(FUNNEL_PATHS).default("main"),
    device: z.enum(DEVICES).optional(),
  })
  .superRefine(rangeCheck);
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
/** Money that may be below zero (a period of returns, a loss). */
const cents = z.number().int();
/** A ratio 0..1 (or a value per lead); null when its denominator is 0. */
const ratio = z.number().nullable();

/**
 * The figures of one slice. Definitions (all without test leads):
 * - started: leads created in the period;
 * - completed: final submissions (an auction row) in the period;
 * - sent: of those, auctions with at least one ping or post in buyer_calls (duplicates and stopped
 *   sales reach no buyer);
 * - sold / rejected: auctions decided accepted / rejected; the rest are still pending;
 * - sales_cents: the sum of the sold auctions' price_cents;
 * - returned_cents: what the returns the buyers were granted in the period took back (the ledger's `returned` rows,
 *   dated when granted, as statements count them: docs/product/partners.md#statements);
 * - revenue_cents: sales_cents less returned_cents;
 * - payout_cents: what the publishers earned in the period less what returns reversed (the ledger's
 *   `payout_earned` and `payout_reversed` rows, dated when written);
 * - profit_cents: revenue_cents less payout_cents;
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
  sales_cents: count,
  returned_cents: count,
  revenue_cents: cents,
  payout_cents: cents,
  profit_cents: cents,
  earnings_per_lead_cents: ratio,
  sell_through: ratio,
  ping_to_post_rate: ratio,
  redirect_rate: ratio,
});
export type Figures = z.infer<typeof figuresSchema>;

const boundsSchema = z.object({ from: z.string(), to: z.string(), tz: z.string() });
/** The instants (from inclusive, to exclusive) and the local calendar days they cover. */
const periodBoundsSchema = boundsSchema.extend({ first_day: z.string(), last_day: z.string() });

/** The money every report's rows carry: sales, returns, revenue (sales less returns), payouts and profit. */
const moneySums = {
  sales_cents: count,
  returned_cents: count,
  revenue_cents: cents,
  payout_cents: cents,
  profit_cents: cents,
};

/** A day's or an hour's figures: counts, and the money the figures define. */
const seriesSums = { started: count, completed: count, sold: count, ...moneySums };
const seriesTotals = z.object(seriesSums);
export type SeriesSums = z.infer<typeof seriesTotals>;

/** A buyer's share: its sales (sold applications, by submission), returns and the payouts on its leads. */
const buyerSums = { sold: count, ...moneySums };
const buyerTotals = z.object(buyerSums);
export type BuyerSums = z.infer<typeof buyerTotals>;

/** One period's figures: Today's answer, and the period before it when asked. */
const periodReportSchema = z.object({
  bounds: periodBoundsSchema,
  totals: figuresSchema,
  /** Each total's leads (the rates' own: their numerator's). */
  queries: z.record(z.string(), z.record(z.string(), z.string())),
  rejected_by_reason: z.array(z.object({ reason: z.string(), count, query: z.record(z.string(), z.string()) })),
  /** One row per local day of the period, oldest first, days without leads included. */
  series: z.array(z.object({ day: z.string(), ...seriesSums })),
  /**
   * A single day's hours 0 to 23 of local time (an hour a clock change repeats counts both), null for longer periods.
   */
  by_hour: z.array(z.object({ hour: z.number().int().min(0).max(23), ...seriesSums })).nullable(),
  /** Traffic sources: utm_source, aff_id and the sub id (sub_source, aff_sub1 or tPar[affiliateSubId]). */
  by_source: z.array(z.object({ source: z.string(), aff_id: z.string(), sub_id: z.string(), figures: figuresSchema })),
  /** Publishers, by the aff_id their traffic carries (NONE for none): the sources' rows added up per aff_id. */
  by_publisher: z.array(z.object({ aff_id: z.string(), figures: figuresSchema })),
  /**
   * Brands as the consent text named them: the lead's first consent record's `brand` placeholder (no
   * lead column holds its brand; every lead created through the quick start carries that record).
   */
  by_brand: z.array(z.object({ brand: z.string(), figures: figuresSchema })),
  /** Buyers that bought, were granted a return or whose leads earned a payout in the period. */
  by_buyer: z.array(z.object({ buyer_id: z.string(), ...buyerSums })),
  /** Each table's totals row: the sum of its rows (by_buyer's leaves out the unsold; by_hour's is null with it). */
  table_totals: z.object({
    series: seriesTotals,
    by_hour: seriesTotals.nullable(),
    by_source: figuresSchema,
    by_publisher: figuresSchema,
    by_brand: figuresSchema,
    by_buyer: buyerTotals,
  }),
});
export type PeriodReport = z.infer<typeof periodReportSchema>;

/**
 * A report's answer: the period's figures, the period's name, and with `compare=previous` the same figures for as many
 * days just before, ending where this period starts (else null).
 */
export function comparedAnswerOf<Shape extends z.ZodRawShape>(period: z.ZodObject<Shape>) {
  return answerOf(period.extend({ period: z.enum(PERIOD_NAMES), previous: period.nullable() }));
}

export const todayAnswer = comparedAnswerOf(periodReportSchema);
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
    period: z.enum(PERIOD_NAMES),
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
