// What a partner service answers: an object whose keys are partner names (docs/product/server-calls.md). The
// names reach every visitor's screen, so only what looks like a company name passes: letters and digits
// with spaces and the punctuation of company names. Markup (`<`, `>`, quotes), control characters and
// odd keys such as `__proto__` never do.
const PLAIN_NAME = /^[\p{L}\p{N}][\p{L}\p{M}\p{N} .,&'’()/+!:#@-]*$/u;

/** More than this many names is not a partner list but a broken or hostile answer. */
export const MAX_PARTNERS = 500;
const MAX_PARTNER_NAME_LENGTH = 120;

export type PartnerNamesReading =
  | { ok: true; names: string[]; /** Keys left out for not being plain names. */ leftOut: number }
  | { ok: false; reason: string };

export function readPartnerNames(body: unknown): PartnerNamesReading {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return { ok: false, reason: "not an object" };
  const keys = Object.keys(body);
  if (keys.length > MAX_PARTNERS) return { ok: false, reason: "too many partners" };
  const names = new Set<string>();
  let leftOut = 0;
  for (const key of keys) {
    const name = key.trim().replace(/\s+/g, " ");
    if (name.length <= MAX_PARTNER_NAME_LENGTH && PLAIN_NAME.test(name)) names.add(name);
    else leftOut += 1;
  }
  return { ok: true, names: [...names], leftOut };
}
