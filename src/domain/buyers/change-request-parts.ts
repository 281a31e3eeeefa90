// What a buyer may ask to change from its portal (docs/product/buyer-money.md#change-requests): the parts of its
// configuration that are its own commercial terms. Its caps and budget say how much it buys; its price (a fixed
// price and the rules that vary it) or, bidding, its floors say what it pays; its filters and opening hours say which
// leads and when. Everything else stays the operator's: the addresses, fields and credentials of its calls (which the
// operator tests, and which must never be set by whoever holds a portal login), how it pays and its credit, its tier
// in the auction, whether it bids or takes a fixed price, its time zone (its caps and invoices count in it), its
// returns allowance, shadow mode and the rest.

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/**
 * The top-level settings a request may replace, each whole: `caps` replaces all four caps (one left out is no cap),
 * `pricing` the fixed price and its rules (a rule left out is dropped), and `null` removes a setting.
 */
const REQUESTABLE_PARTS = ["caps", "budget", "pricing", "floor", "stateFloors", "filters", "schedule"] as const;
type RequestablePart = (typeof REQUESTABLE_PARTS)[number];

export const isRequestablePart = (key: string): key is RequestablePart =>
  (REQUESTABLE_PARTS as readonly string[]).includes(key);

/** Whether a setting's dotted path (`caps.daily`, `pricing.rules.0.price`) lies in a part a buyer may ask for. */
export const isRequestablePath = (path: string) => isRequestablePart(path.split(".")[0] ?? "");

export const NOT_REQUESTABLE =
  "A buyer may ask to change only its caps, budget, prices, filters and opening hours; ask the operator for anything else.";
export const NOTHING_ASKED = "Ask for at least one change.";
export const BIDDER_HAS_NO_PRICE = "A bidding buyer's price is its bid: ask for a floor (or floors by state) instead.";
export const PRICING_KIND_KEPT = "Whether a buyer bids or pays a fixed price is the operator's to change.";

/**
 * The whole configuration asked for: `current` (the configuration in force, credentials and all) with the parts in
 * `changes` replaced, and the problems that no schema sees (by the request's field, `changes.pricing`). The result is
 * not checked yet: the caller runs it through the buyer schema, as every save does.
 */
export function requestedConfig(current: Json, changes: Json): { config: Json; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const config: Json = structuredClone(current);
  const keys = Object.keys(changes);
  if (keys.length === 0) errors.changes = NOTHING_ASKED;
  for (const key of keys) {
    if (!isRequestablePart(key)) {
      errors[`changes.${key}`] = NOT_REQUESTABLE;
      continue;
    }
    const value = changes[key];
    if (key === "pricing") {
      const kind = isObject(current.pricing) ? current.pricing.kind : undefined;
      if (kind !== "fixed") {
        errors["changes.pricing"] = BIDDER_HAS_NO_PRICE;
        continue;
      }
      if (isObject(value) && value.kind !== undefined && value.kind !== kind) {
        errors["changes.pricing.kind"] = PRICING_KIND_KEPT;
        continue;
      }
      // Replaced whole but for its kind, which the request cannot change; anything else is left for the schema.
      config.pricing = isObject(value) ? { ...value, kind } : value;
      continue;
    }
    if (value === null) delete config[key];
    else config[key] = value;
  }
  return { config, errors };
}
