// A ranked prefix index over a fixed word list (names, employers, job titles). Built once at start:
// two sorted arrays of folded keys, searched by binary search, so a lookup costs O(log n + matches).
// Ranking (docs/product/server-calls.md, GET /personal_loan/suggest): entries whose whole text starts with what was
// typed come first, then entries where a later word does ("army" finds "U.S. Army"); inside each group the more
// common entry first, then alphabetical.

export interface SuggestionIndex {
  suggest(typed: string, limit: number): string[];
}

type Entry = { text: string; rank: number };
type Key = { key: string; entry: Entry };

/**
 * Lowercase, accents dropped, punctuation that people type inconsistently removed, so "obrien", "o'brien"
 * and "O'Brien" all meet, and "chick fil" finds "Chick-fil-A".
 */
export function foldForSearch(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[-/]/g, " ")
    .replace(/[^a-z0-9& ]/g, "")
    .replace(/\s+/g, " ")
    .trim();
}

function byKey(a: Key, b: Key) {
  return a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
}

function byRankThenText(a: Entry, b: Entry) {
  return a.rank - b.rank || a.text.localeCompare(b.text, "en");
}

/** First position whose key is >= prefix. */
function lowerBound(keys: readonly Key[], prefix: string): number {
  let lo = 0;
  let hi = keys.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (keys[mid]!.key < prefix) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function matching(keys: readonly Key[], prefix: string): Entry[] {
  const found: Entry[] = [];
  for (let i = lowerBound(keys, prefix); i < keys.length && keys[i]!.key.startsWith(prefix); i++) {
    found.push(keys[i]!.entry);
  }
  return found;
}

/**
 * @param rankedLists lists ordered most common first; an entry's rank is its position in its list. An entry
 * in several lists (a name that is both a male and a female first name) keeps its best rank.
 */
export function createSuggestionIndex(rankedLists: readonly (readonly string[])[]): SuggestionIndex {
  const entries = new Map<string, Entry>();
  for (const list of rankedLists) {
    list.forEach((text, rank) => {
      const key = foldForSearch(text);
      const known = entries.get(key);
      if (!key || (known && known.rank <= rank)) return;
      entries.set(key, { text, rank });
    });
  }

  const whole: Key[] = [];
  const laterWords: Key[] = [];
  for (const [key, entry] of entries) {
    whole.push({ key, entry });
    for (let i = key.indexOf(" "); i !== -1; i = key.indexOf(" ", i + 1)) {
      laterWords.push({ key: key.slice(i + 1), entry });
    }
  }
  whole.sort(byKey);
  laterWords.sort(byKey);

  return {
    suggest(typed, limit) {
      const prefix = foldForSearch(typed);
      if (!prefix || limit <= 0) return [];
      const first = matching(whole, prefix).sort(byRankThenText);
      const seen = new Set(first);
      const then: Entry[] = [];
      for (const entry of matching(laterWords, prefix)) {
        if (seen.has(entry)) continue;
        seen.add(entry);
        then.push(entry);
      }
      then.sort(byRankThenText);
      return [...first, ...then].slice(0, limit).map((entry) => entry.text);
    },
  };
}
