import { z } from "zod";
import { buyerSchema } from "../buyers/buyer-schema.ts";
import { priceRulesSchema, stateFloorsSchema } from "../buyers/price-rules.ts";
import { buyerStanding } from "./console-buyers.ts";
import { answerOf } from "./envelope.ts";

// The buyer portal's overview (docs/product/buyer-money.md#the-buyer-portal): how the buyer stands now and the terms in
// force, from its configuration as the auction reads it. Its credentials (URLs, headers, field mappings) are never
// part of it. Prices are in dollars, as the configuration states them; what was used, in cents.

const fields = buyerSchema.shape;

/** A fixed price with its rules (the first that matches a lead sets its price), or bids with floors. */
const pricing = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("fixed"), price: z.number(), rules: priceRulesSchema }),
  z.object({ kind: z.literal("bid"), floor: z.number(), state_floors: stateFloorsSchema }),
]);

export const portalOverviewAnswer = answerOf(
  z.object({
    buyer: z.object({ id: z.string(), name: z.string(), kind: fields.kind, mode: fields.mode, enabled: z.boolean() }),
    /** Its state now (src/domain/buyers/buyer-state.ts), its money and its caps and budgets with what each used. */
    ...buyerStanding.shape,
    pricing,
    /** Weekly opening hours in its time zone; null: always open. */
    schedule: fields.schedule.unwrap().nullable(),
    time_zone: z.string(),
    /** Whether its schedule is open now. */
    open_now: z.boolean(),
    /** The leads it takes: states, amounts, income, credit bands, pay frequencies, age, military, sources, quality. */
    filters: fields.filters,
    /** A licensed lender's states: it is offered no applicant from elsewhere. */
    licensed_states: z.array(z.string()).nullable(),
    /** Test leads, real leads or both. */
    test_mode: fields.testMode,
    /** It is not offered the same person twice within this many days. */
    duplicate_window_days: z.number().int(),
    /** Its return terms (docs/product/partners.md#returns). */
    returns: z.object({ window_days: z.number().int(), cap_percent: z.number().int() }),
  }),
);
export type PortalOverview = z.infer<typeof portalOverviewAnswer>["data"];
