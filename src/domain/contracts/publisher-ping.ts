import { z } from "zod";
import { MINIMUM_AGE } from "../age.ts";
import { BUYER_FIELD_CLASS, REQUIRED_FOR_SALE, type BuyerField } from "../fields/field-exposure.ts";
import type { RuleContext, WritableField } from "../fields/lead-fields.ts";
import { fieldsValid } from "../schemas/field-rules.ts";
import { leadFieldRules, payDatesTogether, type LeadWrite } from "./lead.ts";
import { POST_MESSAGES, POSTED_FIELDS, SUB_KEYS, testFlag, tracking, waitOf } from "./publisher-api.ts";

// The publisher API's ping-post (docs/decisions/0051-publisher-ping-post.md): a ping with the fields a buyer's ping may
// carry (the registry's exposure class "ping", nothing re-listed), answered with the price offered and a ping id; then
// a post of the whole lead under that id.

/** The posted fields a ping carries: exactly those the registry lets a buyer's ping see. */
export const PING_FIELDS = POSTED_FIELDS.filter((f) => BUYER_FIELD_CLASS[f as BuyerField] === "ping");

/** How long a ping may wait for its buyers' bids (`timeout_ms`), in ms. */
export const PING_WAIT_MS = { min: 500, max: 10_000, default: 5_000 } as const;

/** How long a ping's offer holds: its post must arrive within this many seconds. */
export const PING_TTL_SECONDS = 120;

/** Oldest age a ping may state: beyond it, a typing error rather than an applicant. */
const MAXIMUM_AGE = 120;

export const PING_MESSAGES = {
  age: `Send the applicant's age in whole years, ${MINIMUM_AGE} to ${MAXIMUM_AGE}.`,
  pingId: "Send the ping_id your ping was answered with.",
  changed: "This field differs from the ping: post the lead as pinged, or ping again.",
} as const;

const PING_ID = /^ping_[A-Za-z0-9_-]{24}$/;

/** A ping's body, checked with the registry's rules for `ctx`: the ping fields a sale needs are required here too. */
export function pingRequest(ctx: RuleContext) {
  const rules = leadFieldRules(ctx);
  const required = new Set<string>(Object.keys(REQUIRED_FOR_SALE));
  const fields = Object.fromEntries(
    PING_FIELDS.map((f) => [f, required.has(f) ? rules[f] : rules[f].optional()]),
  ) as Record<WritableField, z.ZodType>;
  return z
    .strictObject(
      {
        ...fields,
        age: z
          .number({ message: PING_MESSAGES.age })
          .int({ message: PING_MESSAGES.age })
          .min(MINIMUM_AGE, { message: PING_MESSAGES.age })
          .max(MAXIMUM_AGE, { message: PING_MESSAGES.age })
          .optional(),
        ...Object.fromEntries(SUB_KEYS.map((k) => [k, tracking])),
        click_id: tracking,
        test: testFlag,
        timeout_ms: waitOf(PING_WAIT_MS),
      },
      { error: () => POST_MESSAGES.unknownField },
    )
    .superRefine(payDatesTogether, fieldsValid) as unknown as z.ZodType<PingBody, Record<string, unknown>>;
}

type PingBody = LeadWrite &
  Partial<Record<(typeof SUB_KEYS)[number] | "click_id", string>> & {
    age?: number;
    test?: boolean;
    timeout_ms?: number;
  };

/** What a post after a ping adds to the direct post's body. */
export const pingIdField = {
  ping_id: z.string({ message: PING_MESSAGES.pingId }).regex(PING_ID, PING_MESSAGES.pingId),
};

export const pingAnswer = z.discriminatedUnion("status", [
  z.object({
    status: z.literal("offered"),
    ping_id: z.string(),
    payout_cents: z.number().int(),
    expires_at: z.string(),
    test: z.boolean(),
  }),
  z.object({ status: z.literal("rejected"), reason: z.literal("no_buyer"), test: z.boolean() }),
]);
export type PingAnswer = z.infer<typeof pingAnswer>;
