import { EMAIL_DOMAINS } from "./options.ts";

// The e-mail providers the e-mail screen completes a typed address with (docs/product/screens-and-routes.md,
// e-mail: domain autocomplete), and corrects a likely slip of (docs/decisions/0030-funnel-words.md).

/**
 * Complete addresses for what is typed: once there is an "@" after a name, every provider whose domain
 * starts with what follows it ("ana@g" -> "ana@gmail.com"); none once the domain is typed out.
 */
export function emailCompletions(typed: string): string[] {
  const at = typed.indexOf("@");
  if (at < 1 || typed.indexOf("@", at + 1) >= 0 || /\s/.test(typed)) return [];
  const local = typed.slice(0, at);
  const domain = typed.slice(at + 1).toLowerCase();
  return EMAIL_DOMAINS.filter((d) => d.startsWith(domain) && d !== domain).map((d) => `${local}@${d}`);
}

// Real mail domains one slip away from a listed provider: an address there is meant, never "corrected".
const REAL_NEIGHBOURS: ReadonlySet<string> = new Set(["mail.com", "email.com", "ymail.com"]);

/**
 * Edits between two short strings, a swap of neighbours counting as one ("gmial" -> "gmail"): the optimal
 * string alignment distance.
 */
function editDistance(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) =>
    Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)),
  );
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        best = Math.min(best, d[i - 2]![j - 2]! + 1);
      d[i]![j] = best;
    }
  }
  return d[a.length]![b.length]!;
}

/**
 * The address with its domain corrected when the domain is one slip (a letter missing, extra, wrong, or two
 * swapped) from one of the providers the screen knows: "ana@gmial.com" -> "ana@gmail.com". Undefined for a
 * listed provider, a domain further off (an employer's, a country's own Yahoo), a real domain next to one,
 * and for what is no address.
 */
export function likelyEmailFix(address: string): string | undefined {
  const at = address.lastIndexOf("@");
  if (at < 1) return undefined;
  const domain = address.slice(at + 1).toLowerCase();
  if (domain === "" || (EMAIL_DOMAINS as readonly string[]).includes(domain) || REAL_NEIGHBOURS.has(domain)) {
    return undefined;
  }
  const near = EMAIL_DOMAINS.filter((d) => editDistance(domain, d) === 1);
  return near.length === 1 ? `${address.slice(0, at)}@${near[0]}` : undefined;
}
