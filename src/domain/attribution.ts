// Where a visitor came from (docs/product/lead-fields.md, tracking fields): read from the address they landed
// on, or from the campaign cookies of that address, kept for the session and sent with the application so
// every sale can be counted per source and sub id. The values come from anyone's link, so each is bounded to
// a short run of plain characters and anything else is dropped, never cleaned up into something else.

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
type AttributionKey = (typeof ATTRIBUTION_KEYS)[number];
export type Attribution = Partial<Record<AttributionKey, string>>;

/** The traffic platforms whose campaigns carry a click id (docs/product/server-calls.md, final submission). */
const TRAFFIC_PLATFORMS = ["pm", "ho", "direct", "ndirect", "vl"] as const;

const MAX_LENGTH = 100;
const PLAIN = /^[A-Za-z0-9 _.:@+\-/|~]+$/;

/** One value as kept: trimmed, at most 100 plain characters; otherwise none. */
function attributionValue(raw: string | null | undefined): string | undefined {
  const value = raw?.trim();
  return value && value.length <= MAX_LENGTH && PLAIN.test(value) ? value : undefined;
}

/** The attribution of a landing: the address's values, else the cookies'. Unknown platforms are dropped. */
export function attributionFrom(search: URLSearchParams, cookies: ReadonlyMap<string, string>): Attribution {
  const found: Attribution = {};
  for (const key of ATTRIBUTION_KEYS) {
    const kept = attributionValue(search.get(key)) ?? attributionValue(cookies.get(key));
    if (kept !== undefined) found[key] = kept;
  }
  if (found.platform && !(TRAFFIC_PLATFORMS as readonly string[]).includes(found.platform)) delete found.platform;
  return found;
}
