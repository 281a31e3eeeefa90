import { z } from "zod";
import { firstAttribution, keptAttributionValue, PUBLISHER_KEYS } from "../attribution.ts";
import { CREDIT_SCORE_OPTIONS, US_STATES } from "../options.ts";

// What a lead costs a buyer (docs/product/buyer-money.md#prices): a fixed-price buyer's rules, the first that matches
// the lead giving its price, the base price otherwise; a bidding buyer's floor per state, its one floor otherwise.
// The auction, the console's test call and the buyer's own view read the price through these two functions.

const STATE_CODES = US_STATES.map((s) => s.value) as [string, ...string[]];
const state = z.enum(STATE_CODES, { message: "must be a two-letter US state code" });
const creditScore = z.enum(CREDIT_SCORE_OPTIONS.map((o) => o.value) as [string, ...string[]]);

/** Enough for any lender's price sheet, small enough to run through at every auction. */
export const MAX_PRICE_RULES = 50;

const tracked = (key: "utm_source" | "aff_id") =>
  z
    .string()
    .refine(
      (v) => keptAttributionValue(key, v) === v,
      "must be up to 100 letters, digits, spaces and . _ : @ + - / | ~, as the tracking keeps it",
    );

const ruleSchema = z
  .object({
    /** The lead's state is one of these. */
    states: z.array(state).min(1).optional(),
    /** The applicant's own credit band is one of these. */
    creditScores: z.array(creditScore).min(1).optional(),
    /** The amount asked for is within this range (dollars, both ends included). */
    loanAmount: z.object({ min: z.number().min(0).optional(), max: z.number().min(0).optional() }).optional(),
    /** The lead's utm_source is one of these. */
    sources: z.array(tracked("utm_source")).min(1).optional(),
    /** The lead's publisher (its aff_id) is one of these. */
    publishers: z.array(tracked("aff_id")).min(1).optional(),
    /** What the lead costs when the rule matches (dollars). */
    price: z.number({ message: "must be a price in dollars" }).min(0, "must be 0 or more"),
  })
  .refine(
    (r) =>
      r.states !== undefined ||
      r.creditScores !== undefined ||
      r.loanAmount !== undefined ||
      r.sources !== undefined ||
      r.publishers !== undefined,
    "names at least one condition (states, credit, amount, source or publisher); the base price covers every lead",
  );
export type PriceRule = z.infer<typeof ruleSchema>;

export const priceRulesSchema = z.array(ruleSchema).max(MAX_PRICE_RULES, `must list at most ${MAX_PRICE_RULES} rules`);

/** A bidding buyer's floor in some states, above or below its one floor (dollars). */
export const stateFloorsSchema = z.partialRecord(
  state,
  z.number({ message: "must be a floor in dollars" }).min(0, "must be 0 or more"),
);

/** What a rule reads of the lead: its document's fields (the auction's) or the same names from any other source. */
export type PricedLead = Readonly<Partial<Record<string, unknown>>>;

function matches(rule: PriceRule, lead: PricedLead): boolean {
  if (rule.states && !rule.states.includes(String(lead.state ?? ""))) return false;
  if (rule.creditScores && !rule.creditScores.includes(String(lead.credit_score ?? ""))) return false;
  if (rule.loanAmount) {
    const amount = Number(lead.loan_amount);
    if (rule.loanAmount.min !== undefined && !(amount >= rule.loanAmount.min)) return false;
    if (rule.loanAmount.max !== undefined && !(amount <= rule.loanAmount.max)) return false;
  }
  if (rule.sources && !rule.sources.includes(String(lead.utm_source ?? ""))) return false;
  if (rule.publishers && !rule.publishers.includes(firstAttribution(lead, PUBLISHER_KEYS) ?? "")) return false;
  return true;
}

/** The price a fixed-price buyer pays for the lead: the first rule that matches, else its base price; and which rule. */
export function fixedPriceFor(
  pricing: { price: number; rules?: readonly PriceRule[] | undefined },
  lead: PricedLead,
): { price: number; rule: number | null } {
  const index = pricing.rules?.findIndex((rule) => matches(rule, lead)) ?? -1;
  return index >= 0 ? { price: pricing.rules![index]!.price, rule: index } : { price: pricing.price, rule: null };
}

/** A bidding buyer's floor for the lead: its state's, else its one floor. */
export function floorFor(
  buyer: { floor?: number | undefined; stateFloors?: Partial<Record<string, number>> | undefined },
  lead: PricedLead,
): number {
  return buyer.stateFloors?.[String(lead.state ?? "")] ?? buyer.floor ?? 0;
}
