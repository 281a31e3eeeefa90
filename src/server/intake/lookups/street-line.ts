// Puts a typed street line into the usual US form (USPS Publication 28 abbreviations, title case) and
// proposes completions. This only formats text: it knows nothing about which streets exist.

/** Standard suffix, then its full word, then other ways people write it. Most common first. */
const SUFFIX_FORMS: readonly (readonly [string, string, ...string[]])[] = [
  ["St", "street", "st", "str"],
  ["Ave", "avenue", "ave", "av", "aven", "avn"],
  ["Rd", "road", "rd"],
  ["Dr", "drive", "dr", "drv"],
  ["Ln", "lane", "ln"],
  ["Blvd", "boulevard", "blvd", "boul"],
  ["Ct", "court", "ct"],
  ["Way", "way", "wy"],
  ["Pl", "place", "pl"],
  ["Cir", "circle", "cir", "circ"],
  ["Ter", "terrace", "ter", "terr"],
  ["Pkwy", "parkway", "pkwy", "pky"],
  ["Hwy", "highway", "hwy"],
  ["Trl", "trail", "trl"],
  ["Sq", "square", "sq"],
  ["Loop", "loop"],
  ["Pike", "pike"],
  ["Aly", "alley", "aly"],
  ["Xing", "crossing", "xing"],
  ["Expy", "expressway", "expy"],
  ["Fwy", "freeway", "fwy"],
  ["Plz", "plaza", "plz"],
  ["Cv", "cove", "cv"],
  ["Rte", "route", "rte"],
  ["Tpke", "turnpike", "tpke"],
];

const SUFFIXES = new Map(SUFFIX_FORMS.flatMap(([standard, ...forms]) => forms.map((form) => [form, standard])));

/** Offered when no suffix was typed, most common first. */
const COMPLETIONS = ["St", "Ave", "Rd", "Dr", "Ln", "Blvd", "Ct", "Way", "Pl", "Cir"];

const DIRECTIONS = new Map(
  [
    ["N", "north", "n"],
    ["S", "south", "s"],
    ["E", "east", "e"],
    ["W", "west", "w"],
    ["NE", "northeast", "ne"],
    ["NW", "northwest", "nw"],
    ["SE", "southeast", "se"],
    ["SW", "southwest", "sw"],
  ].flatMap(([standard, ...forms]) => forms.map((form) => [form, standard!])),
);

const UNITS = new Map(
  [
    ["Apt", "apt", "apartment"],
    ["Unit", "unit"],
    ["Ste", "suite", "ste"],
    ["Bldg", "bldg", "building"],
    ["Fl", "fl", "floor"],
    ["Rm", "rm", "room"],
    ["Lot", "lot"],
    ["#", "#"],
  ].flatMap(([standard, ...forms]) => forms.map((form) => [form, standard!])),
);

const LOWER_INSIDE = new Set(["of", "the", "and"]);

function capitalise(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();
}

/** "main" -> "Main", "mcarthur" -> "McArthur", "o'neil" -> "O'Neil", "21st" -> "21st", "4b" -> "4B". */
export function titleCaseWord(word: string): string {
  if (/\d/.test(word)) {
    return /^\d*(1st|2nd|3rd|[04-9]th|1[123]th)$/i.test(word) ? word.toLowerCase() : word.toUpperCase();
  }
  return word
    .split("-")
    .map((part) => {
      const lower = part.toLowerCase();
      if (/^mc\p{L}{2,}/u.test(lower)) return "Mc" + capitalise(lower.slice(2));
      if (/^\p{L}'\p{L}{2,}/u.test(lower)) return lower.charAt(0).toUpperCase() + "'" + capitalise(lower.slice(2));
      return capitalise(lower);
    })
    .join("-");
}

/** Splits into words, keeping letters, digits and the characters an address may hold (docs/product/validation.md). */
function words(typed: string): string[] {
  return typed
    .replace(/#/g, " # ")
    .split(/[\s,]+/)
    .map((word) => word.replace(/[^\p{L}\p{N}\-/'()&#]/gu, ""))
    .filter((word) => word !== "" && !/^[-/'()&]+$/.test(word));
}

export type StreetLineCandidates = {
  /** Lines in standard form, most likely first. */
  lines: string[];
  /** True when the last line is the text as typed, kept after guessed completions. */
  endsWithTyped: boolean;
};

export function formatStreetLine(typed: string): StreetLineCandidates {
  const tokens = words(typed);

  // "PO Box 12" has no street to complete.
  if (tokens.length >= 3 && /^po$/i.test(tokens[0]!.replace(/\./g, "")) && /^box$/i.test(tokens[1]!)) {
    return { lines: [["PO Box", ...tokens.slice(2).map(titleCaseWord)].join(" ")], endsWithTyped: false };
  }

  let start = 0;
  const houseNumber = tokens[0] && /^\d/.test(tokens[0]) ? [tokens[start++]!.toUpperCase()] : [];
  let end = tokens.findIndex((word, k) => k > start && UNITS.has(word.toLowerCase()));
  if (end === -1) end = tokens.length;
  const unit = tokens.slice(end).map((word, k) => (k === 0 ? UNITS.get(word.toLowerCase())! : titleCaseWord(word)));
  const street = tokens.slice(start, end).map((word) => word.toLowerCase());

  // A direction after a suffix ("Main St NW") or before the name ("N Main St"); a street named after a
  // direction ("West St", "North Ave") keeps its word.
  const post: string[] = [];
  if (street.length >= 3 && DIRECTIONS.has(street.at(-1)!) && SUFFIXES.has(street.at(-2)!)) {
    post.push(DIRECTIONS.get(street.pop()!)!);
  }
  const tail = street.at(-1);
  const suffix = street.length >= 2 && tail !== undefined ? SUFFIXES.get(tail) : undefined;
  if (suffix) street.pop();
  const pre = street.length >= 2 && DIRECTIONS.has(street[0]!) && !DIRECTIONS.has(street[1]!) ? [street.shift()!] : [];
  const name = street.map((word, k) => (k > 0 && LOWER_INSIDE.has(word) ? word : titleCaseWord(word)));
  if (name.length === 0) return { lines: [], endsWithTyped: false };

  const join = (ending: readonly string[], nameWords = name) =>
    [...houseNumber, ...pre.map((word) => DIRECTIONS.get(word)!), ...nameWords, ...ending, ...post, ...unit].join(" ");
  if (suffix) return { lines: [join([suffix])], endsWithTyped: false };
  const typedLine = join([]);
  // A half-typed suffix ("main bou"): offer each suffix it could become.
  const last = street.at(-1)!;
  const halfTyped =
    name.length >= 2 && last.length >= 2
      ? SUFFIX_FORMS.filter(([, full]) => full.startsWith(last)).map(([standard]) => standard)
      : [];
  if (halfTyped.length > 0) {
    return { lines: [...halfTyped.map((s) => join([s], name.slice(0, -1))), typedLine], endsWithTyped: true };
  }
  // No suffix typed: the common ones, and the text as typed last, since some streets have none ("Broadway").
  return { lines: [...COMPLETIONS.map((s) => join([s])), typedLine], endsWithTyped: true };
}

/**
 * Up to `max` candidate lines. With room for two or more, the line as typed stays among them, so the
 * visitor can always pick what they wrote.
 */
export function streetLineCandidates(typed: string, max: number): string[] {
  const { lines, endsWithTyped } = formatStreetLine(typed);
  if (lines.length <= max) return lines;
  return endsWithTyped && max >= 2 ? [...lines.slice(0, max - 1), lines.at(-1)!] : lines.slice(0, max);
}
