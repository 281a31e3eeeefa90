import { z } from "zod";
import { buyerSchema } from "../buyers/buyer-schema.ts";
import { BILLING_KINDS } from "../buyers/billing.ts";
import { BUYER_STATES, FULL_LIMITS } from "../buyers/buyer-state.ts";
import { answerOf } from "./envelope.ts";

// The console's buyers (docs/product/lender-network.md#file-and-console): the list with today's figures, one buyer's
// configuration and versions, saves, pause and resume, roll back and the test console. Credentials are
// masked in every answer (src/domain/buyers/buyer-secrets.ts); a masked value sent back keeps the stored one.

const BUYER_SOURCES = ["built-in", "file", "console"] as const;

export const buyerListQuery = z.object({
  /** The IANA zone whose today the figures count (the operator's); UTC unless given. */
  time_zone: z
    .string()
    .max(64)
    .refine((tz) => {
      try {
        new Intl.DateTimeFormat("en-US", { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    }, "must be an IANA time zone")
    .default("UTC"),
});

const capUse = z.object({ used: z.number().int(), cap: z.number().int() });
/** Sold in the period (posts in flight at their price) against the budget, in cents. */
const budgetUse = z.object({ used_cents: z.number().int(), budget_cents: z.number().int() });

const buyerSummary = z.object({
  id: z.string(),
  name: z.string(),
  kind: z.string(),
  mode: z.string(),
  tier: z.number().int(),
  /** Where the configuration in force comes from; "console": a `buyers` row. */
  source: z.enum(BUYER_SOURCES),
  /** The BUYERS_FILE or built-in entry a console row replaces, if any. */
  overrides: z.enum(["built-in", "file"]).nullable(),
  enabled: z.boolean(),
  shadow: z.boolean(),
  /** How it stands now (src/domain/buyers/buyer-state.ts), and which caps or budgets are used up when capped. */
  state: z.enum(BUYER_STATES),
  full_caps: z.array(z.enum(FULL_LIMITS)),
  /** How it pays (docs/product/buyer-money.md#billing). */
  billing: z.enum(BILLING_KINDS),
  /** A billed buyer's account (buyer_accounts) and its room, in cents; null for an unbilled buyer. */
  account: z
    .object({
      room_cents: z.number().int(),
      credited_cents: z.number().int(),
      charged_cents: z.number().int(),
      held_cents: z.number().int(),
    })
    .nullable(),
  /** The latest saved version; null for a buyer never changed in the console. */
  version: z.number().int().nullable(),
  today: z.object({
    pings: z.number().int(),
    bids: z.number().int(),
    posts: z.number().int(),
    sold: z.number().int(),
    revenue_cents: z.number().int(),
    /** Accepted posts over posts that ended (src/domain/console/measures.ts, post_acceptance); null with none. */
    post_acceptance: z.number().nullable(),
    p50_ms: z.number().nullable(),
    p90_ms: z.number().nullable(),
    /** Its pings and posts that got no answer in time (shadow ones too). */
    timeouts: z.number().int(),
    /** Its pings and posts whose connection failed (refused, reset, no such host). */
    connection_failures: z.number().int(),
  }),
  /** Only the caps the buyer has, each counted in its own time zone (hour, day, week, month). */
  caps: z.object({
    hourly: capUse.optional(),
    daily: capUse.optional(),
    weekly: capUse.optional(),
    monthly: capUse.optional(),
  }),
  /** Only the budgets the buyer has, each counted in its own time zone (day, month). */
  budgets: z.object({ daily: budgetUse.optional(), monthly: budgetUse.optional() }),
});
export type BuyerSummary = z.infer<typeof buyerSummary>;

/** How a buyer stands now, its money and its limits: what the buyers list shows and a buyer user sees of its own. */
export const buyerStanding = buyerSummary.pick({
  state: true,
  full_caps: true,
  billing: true,
  account: true,
  caps: true,
  budgets: true,
});

export const buyerListAnswer = answerOf(z.object({ buyers: z.array(buyerSummary), since: z.string() }));

const buyerVersion = z.object({
  version: z.number().int(),
  enabled: z.boolean(),
  /** The configuration of this version, credentials masked. */
  config: z.record(z.string(), z.unknown()),
  operator_email: z.string(),
  note: z.string().nullable(),
  created_at: z.string(),
  /** Paths that differ from the version before (all of them for the first). */
  changed: z.array(z.string()),
});
export type BuyerVersion = z.infer<typeof buyerVersion>;

export const buyerDetailAnswer = answerOf(
  z.object({
    buyer: buyerSummary.omit({ today: true }),
    /** The configuration in force, credentials masked. */
    config: z.record(z.string(), z.unknown()),
    /** Newest first. */
    versions: z.array(buyerVersion),
  }),
);

/** A create or an edit: the configuration, checked by the schema BUYERS_FILE is, and why it changed. */
export const buyerSaveRequest = z.object({
  config: buyerSchema,
  note: z.string().trim().max(500, "at most 500 characters").optional(),
});

export const buyerRollbackRequest = z.object({
  version: z.number().int().min(1),
  note: z.string().trim().max(500).optional(),
});

export const buyerChangeRequest = z.object({ note: z.string().trim().max(500).optional() }).default({});

export const buyerSavedAnswer = answerOf(z.object({ id: z.string(), version: z.number().int() }));

const exchange = z.object({
  request: z.object({
    method: z.string(),
    url: z.string(),
    headers: z.record(z.string(), z.string()),
    /** The body as sent, credentials masked; the sample person is fake, so it is shown whole. */
    body: z.string(),
  }),
  answer: z.object({
    status: z.number().int().nullable(),
    headers: z.record(z.string(), z.string()),
    body: z.string(),
    latency_ms: z.number().int(),
    /** What the auction reads in it: accepted, price, id, reason, redirect; or why it could not. */
    read: z.object({
      ok: z.boolean(),
      accepted: z.boolean().optional(),
      price: z.number().optional(),
      id: z.string().optional(),
      reason: z.string().optional(),
      redirect_url: z.string().optional(),
    }),
  }),
});
export type BuyerExchange = z.infer<typeof exchange>;

export const buyerTestAnswer = answerOf(z.object({ ping: exchange.nullable(), post: exchange }));
export type BuyerTestResult = z.infer<typeof buyerTestAnswer>["data"];
