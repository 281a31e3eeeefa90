// Where a visitor came from (docs/product/lead-fields.md, tracking fields): read from the address they landed
// on, or from the campaign cookies of that address, kept for the session and sent with the application so
// every sale can be counted per source and sub id. The values come from anyone's link, so each is bounded to
// a short run of plain characters and anything else is dropped, never cleaned up into something else. The
// server applies the same rule (keptAttributionValue) to the final submission's copies of these fields
// (docs/product/lender-network.md#final-submission), so what it stores is what a browser could have kept.

export const ATTRIBUTION_KEYS = [
  "utm_source",
  "sub_source",
  "aff_id",
  "source_id",
  "tPar[affiliateId]",
  "tPar[affiliateSubId]",
  "aff_sub1",
  "aff_sub2",
  "aff_sub3",
  "aff_sub4",
  "aff_sub5",
  "platform",
  "clickid",
] as const;
export type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];
export type Attribution = Partial<Record<AttributionKey, string>>;

/**
 * The console's one name for each sub id it shows, so a label always means the same field: `sub_id` of the reports
 * and the leads search is the lead's sub_source (else aff_sub1, else tPar[affiliateSubId]); a publisher's own
 * figures, clicks and postbacks go by its links' `sub1`, kept as aff_sub1 (docs/product/partners.md).
 */
export const SUB_ID_LABELS = { sub_id: "Sub source", aff_sub1: "Sub 1" } as const;

/**
 * The publisher credited with a lead, and the lead's sub id, as the console reads them
 * (src/server/console/lead-scope/lead-scope.ts, affIdOf and subIdOf, in SQL): the first of these keys the lead
 * carries. A lead with no publisher key (the product's own funnel) has no publisher.
 */
export const PUBLISHER_KEYS = ["aff_id", "tPar[affiliateId]"] as const satisfies readonly AttributionKey[];
export const SUB_ID_KEYS = [
  "sub_source",
  "aff_sub1",
  "tPar[affiliateSubId]",
] as const satisfies readonly AttributionKey[];

/** The value of the first of `keys` that a lead's tracking fields hold (a non-empty text), if any. */
export function firstAttribution(
  fields: Readonly<Partial<Record<string, unknown>>>,
  keys: readonly AttributionKey[],
): string | undefined {
  for (const key of keys) {
    const value = fields[key];
    if (typeof value === "string" && value !== "") return value;
  }
  return undefined;
}

/** The traffic platforms whose campaigns carry a click id (docs/product/server-calls.md, final submission). */
const TRAFFIC_PLATFORMS = ["pm", "ho", "direct", "ndirect", "vl"] as const;

const MAX_LENGTH = 100;
const PLAIN = /^[A-Za-z0-9 _.:@+\-/|~]+$/;

/**
 * One value as kept: trimmed, at most 100 plain characters, and for `platform` one of the known traffic
 * platforms; otherwise none. The one rule for the browser's landing and the server's final submission.
 */
export function keptAttributionValue(key: AttributionKey, raw: string | null | undefined): string | undefined {
  const value = raw?.trim();
  if (!value || value.length > MAX_LENGTH || !PLAIN.test(value)) return undefined;
  if (key === "platform" && !(TRAFFIC_PLATFORMS as readonly string[]).includes(value)) return undefined;
  return value;
}

/** The attribution of a landing: for each key the address's value, else the cookie's, if one is kept. */
export function attributionFrom(search: URLSearchParams, cookies: ReadonlyMap<string, string>): Attribution {
  const found: Attribution = {};
  for (const key of ATTRIBUTION_KEYS) {
    const kept = keptAttributionValue(key, search.get(key)) ?? keptAttributionValue(key, cookies.get(key));
    if (kept !== undefined) found[key] = kept;
  }
  return found;
}
