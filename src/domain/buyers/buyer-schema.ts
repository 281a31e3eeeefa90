import { z } from "zod";
import { CREDIT_SCORE_OPTIONS, PAY_FREQUENCY_OPTIONS, US_STATES } from "../options.ts";
import { FIELD_CLASS, type SourceField } from "./buyer-fields.ts";
import { publisherFilterSchema } from "./publisher-filter.ts";
import { qualityFilterSchema } from "../screening/quality-checks.ts";
import { sourcesOf, TRANSFORM_NAMES, TRANSFORMS } from "./transforms.ts";
import { timeZone } from "../schemas/time-zone.ts";
import { billingSchema } from "./billing.ts";
import { priceRulesSchema, stateFloorsSchema } from "./price-rules.ts";

// A buyer is configuration (docs/product/lender-network.md#buyers): the BUYERS_FILE JSON, rows of the
// `buyers` table and the console's buyer form share this schema, and a bad entry is refused with a message
// naming the buyer and field (the form shows it on that field).

const STATE_CODES = US_STATES.map((s) => s.value) as [string, ...string[]];
const state = z.enum(STATE_CODES, { message: "must be a two-letter US state code" });
const DAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
const clock = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$|^24:00$/, "must be HH:MM (00:00 to 24:00)");

const httpUrl = z.string().refine((v) => {
  try {
    return ["http:", "https:"].includes(new URL(v).protocol);
  } catch {
    return false;
  }
}, "must be an http:// or https:// URL");

const sourceField = z.enum(Object.keys(FIELD_CLASS) as [SourceField, ...SourceField[]], {
  message: "is not a field the network knows (see docs/product/lender-network.md#field-mapping)",
});

/** One field of a request: where it goes (`Lead.FirstName`), where it comes from, how its value changes. */
const fieldMap = z
  .object({
    to: z.string().min(1).max(200),
    /** A lead field, or two for a transform that reads two (`["first_name", "last_name"]`). */
    from: z.union([sourceField, z.tuple([sourceField, sourceField])]).optional(),
    /** A fixed value instead of a lead field (a campaign key, a product code). */
    value: z.union([z.string().max(500), z.number(), z.boolean()]).optional(),
    /** A named transform of the `from` values (transforms.ts), before `values`, `case` and `type`. */
    transform: z.enum(TRANSFORM_NAMES, { message: `must be one of ${TRANSFORM_NAMES.join(", ")}` }).optional(),
    /** What `join` puts between its two values (a space unless set). */
    separator: z.string().max(10).optional(),
    /** Our value -> theirs (BIWEEKLY -> bi_weekly, YES -> 1); values not listed pass through. */
    values: z.record(z.string(), z.union([z.string(), z.number(), z.boolean()])).optional(),
    case: z.enum(["lower", "upper"]).optional(),
    /** Send as a number (JSON) when the value reads as one. */
    type: z.enum(["string", "number", "boolean"]).optional(),
  })
  .refine((f) => (f.from === undefined) !== (f.value === undefined), "needs exactly one of from or value")
  .superRefine((f, ctx) => {
    const sources = sourcesOf(f).length;
    const wanted = f.transform ? TRANSFORMS[f.transform].sources : 1;
    if (f.from !== undefined && sources !== wanted) {
      const message = f.transform
        ? `${f.transform} reads ${wanted === 1 ? "one field" : "two fields"} in from`
        : "two fields in from need a transform that reads two (join, first_present)";
      ctx.addIssue({ code: "custom", path: ["from"], message });
    }
    if (f.value !== undefined && f.transform)
      ctx.addIssue({ code: "custom", path: ["transform"], message: "transforms a lead field, not a fixed value" });
    if (f.separator !== undefined && f.transform !== "join")
      ctx.addIssue({ code: "custom", path: ["separator"], message: "only join takes a separator" });
  });
export type FieldMap = z.infer<typeof fieldMap>;

const boolSpec = z.object({ path: z.string().min(1), equals: z.array(z.union([z.string(), z.number(), z.boolean()])) });

/** Where a buyer's answer keeps what we read (dot paths, in JSON or XML alike). */
const answerMap = z.object({
  format: z.enum(["json", "xml", "form"]).optional(),
  success: boolSpec,
  price: z.string().optional(),
  id: z.string().optional(),
  reason: z.string().optional(),
  redirectUrl: z.string().optional(),
});
export type AnswerMap = z.infer<typeof answerMap>;

const callSpec = z.object({
  url: httpUrl,
  fields: z.array(fieldMap).max(200),
  headers: z.record(z.string(), z.string().max(1000)).optional(),
  answer: answerMap,
});
export type CallSpec = z.infer<typeof callSpec>;

const cap = z.number().int().min(0).optional();

const filters = z
  .object({
    states: z.array(state).optional(),
    loanAmount: z.object({ min: z.number().optional(), max: z.number().optional() }).optional(),
    minMonthlyIncome: z.number().optional(),
    creditScores: z.array(z.enum(CREDIT_SCORE_OPTIONS.map((o) => o.value) as [string, ...string[]])).optional(),
    payFrequencies: z.array(z.enum(PAY_FREQUENCY_OPTIONS.map((o) => o.value) as [string, ...string[]])).optional(),
    directDepositOnly: z.boolean().optional(),
    age: z.object({ min: z.number().int().optional(), max: z.number().int().optional() }).optional(),
    /** true: only active military; false: no active military; unset: either. */
    military: z.boolean().optional(),
    /** Partners' traffic it takes (allow) or refuses (deny), by aff_id and sub id (publisher-filter.ts). */
    publishers: publisherFilterSchema.optional(),
    /** Its demands on the gate's answers (docs/product/screening.md#what-buyers-see): mobiles only, no velocity flag. */
    quality: qualityFilterSchema.optional(),
  })
  .default({});

/** The longest duplicate window a buyer may have: ten years. */
export const MAX_DUPLICATE_WINDOW_DAYS = 3650;

export const buyerSchema = z
  .object({
    id: z.string().regex(/^[a-z0-9][a-z0-9_-]{0,62}$/, "must be lower-case letters, digits, - or _"),
    name: z.string().min(1).max(100),
    enabled: z.boolean().default(true),
    kind: z.enum(["licensed_lender", "lead_buyer"]),
    /** The states a licensed lender may lend in; it is never offered an applicant from elsewhere. */
    licensedStates: z.array(state).optional(),
    mode: z.enum(["ping_post", "direct_post"]),
    protocol: z.enum(["json", "form", "xml"]),
    /** The XML document's root element. */
    xmlRoot: z
      .string()
      .regex(/^[A-Za-z_][\w.-]*$/)
      .default("Lead"),
    ping: callSpec.optional(),
    post: callSpec,
    filters,
    /** "test": test leads only; "live": real leads only; "both". */
    testMode: z.enum(["live", "test", "both"]).default("live"),
    pricing: z.discriminatedUnion("kind", [
      z.object({ kind: z.literal("bid") }),
      z.object({
        kind: z.literal("fixed"),
        price: z.number().min(0),
        /** The price by state, credit, amount, source or publisher: the first rule that matches (price-rules.ts). */
        rules: priceRulesSchema.optional(),
      }),
    ]),
    /** Bids below this (dollars) are not taken. */
    floor: z.number().min(0).default(0),
    /** A bidder's floor in some states instead of `floor` (dollars). */
    stateFloors: stateFloorsSchema.optional(),
    tier: z.number().int().min(1).max(100).default(1),
    caps: z.object({ hourly: cap, daily: cap, weekly: cap, monthly: cap }).default({}),
    /** The most it is sold in its local day and month (dollars), counted with the caps, posts in flight included. */
    budget: z.object({ daily: z.number().min(0).optional(), monthly: z.number().min(0).optional() }).default({}),
    /** Prepaid, on credit or unbilled (docs/product/buyer-money.md#billing). */
    billing: billingSchema,
    /**
     * Paused by itself after this many posts in a row failed (an error answer, a timeout, no connection; a rejection
     * is an answer, not a failure), and the operator alerted; unset: never.
     */
    pauseAfterPostErrors: z.number().int().min(1).max(1000).optional(),
    timeZone: timeZone.default("America/New_York"),
    /** Weekly opening hours in the buyer's time zone; unset: always open. */
    schedule: z.partialRecord(z.enum(DAYS), z.array(z.tuple([clock, clock])).max(10)).optional(),
    timeoutMs: z.number().int().min(50).max(60_000).default(5_000),
    /** A buyer does not see the same person twice within this many days. */
    duplicateWindowDays: z.number().int().min(0).max(MAX_DUPLICATE_WINDOW_DAYS).default(30),
    /**
     * Onboarding (docs/product/lender-network.md#shadow-mode): pinged like the others, its bids recorded,
     * never posted to and never the winner.
     */
    shadow: z.boolean().default(false),
    /**
     * Returns (docs/product/partners.md#returns): how many days after a sale the buyer may return the lead, and
     * what share of the leads it bought in a calendar month it may have returned (pending and approved) that month.
     */
    returns: z
      .object({
        window_days: z.number().int("must be a whole number of days").min(0).max(60, "must be 0 to 60 days").default(7),
        cap_percent: z.number().int("must be a whole percent").min(0).max(100, "must be 0 to 100").default(10),
      })
      .prefault({}),
  })
  .superRefine((b, ctx) => {
    if (b.mode === "ping_post" && !b.ping)
      ctx.addIssue({ code: "custom", path: ["ping"], message: "ping/post needs a ping" });
    if (b.shadow && b.mode !== "ping_post")
      ctx.addIssue({ code: "custom", path: ["shadow"], message: "shadow mode pings, so it needs ping/post" });
    if (b.pricing.kind === "fixed" && b.stateFloors)
      ctx.addIssue({
        code: "custom",
        path: ["stateFloors"],
        message: "floors are for bidding buyers; use price rules",
      });
    if (b.kind === "licensed_lender" && !b.licensedStates?.length) {
      ctx.addIssue({ code: "custom", path: ["licensedStates"], message: "a licensed lender names its states" });
    }
    // What a buyer may see (docs/product/lender-network.md#what-a-buyer-may-see), refused at load time.
    // A transform's value is judged by the fields it reads: the e-mail's domain is still read from the e-mail.
    b.ping?.fields.forEach((f, i) => {
      for (const from of sourcesOf(f).filter((source) => FIELD_CLASS[source] !== "ping")) {
        ctx.addIssue({
          code: "custom",
          path: ["ping", "fields", i, "from"],
          message: `${from} identifies the person and may not be sent in a ping`,
        });
      }
    });
    if (b.kind !== "licensed_lender") {
      b.post.fields.forEach((f, i) => {
        for (const from of sourcesOf(f).filter((source) => FIELD_CLASS[source] === "restricted")) {
          ctx.addIssue({
            code: "custom",
            path: ["post", "fields", i, "from"],
            message: `${from} is posted only to a licensed lender`,
          });
        }
      });
    }
  });

export type Buyer = z.infer<typeof buyerSchema>;
