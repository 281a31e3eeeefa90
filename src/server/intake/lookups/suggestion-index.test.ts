import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { EMPLOYERS } from "./data/employers.ts";
import { FEMALE_FIRST_NAMES, MALE_FIRST_NAMES } from "./data/first-names.ts";
import { JOB_TITLES } from "./data/job-titles.ts";
import { SURNAMES } from "./data/surnames.ts";
import { createSuggestionIndex, foldForSearch } from "./suggestion-index.ts";
import { createSuggestionIndexes } from "./suggestion-lists.ts";

describe("createSuggestionIndex", () => {
  const index = createSuggestionIndex([["Jonathan", "John", "Johnny", "Jo Ann", "Mary Jo", "Joel"]]);

  it("answers prefix matches, most common first, case-insensitively", () => {
    expect(index.suggest("JOH", 10)).toEqual(["John", "Johnny"]);
    expect(index.suggest("jo", 10)).toEqual(["Jonathan", "John", "Johnny", "Jo Ann", "Joel", "Mary Jo"]);
  });

  it("puts matches on a later word after whole-text matches", () => {
    const employers = createSuggestionIndex([["Walmart", "U.S. Army", "Army National Guard", "Salvation Army"]]);
    expect(employers.suggest("army", 10)).toEqual(["Army National Guard", "U.S. Army", "Salvation Army"]);
  });

  it("breaks equal ranks alphabetically and keeps an entry's best rank across lists", () => {
    const names = createSuggestionIndex([
      ["James", "Jordan", "Jose"],
      ["Jennifer", "Jordan", "Jessica"],
    ]);
    // James and Jennifer share rank 0; Jordan (rank 1 in both), Jessica and Jose share rank 2.
    expect(names.suggest("j", 10)).toEqual(["James", "Jennifer", "Jordan", "Jessica", "Jose"]);
  });

  it("ignores punctuation and accents people type inconsistently", () => {
    const mixed = createSuggestionIndex([["O'Brien", "Chick-fil-A", "U.S. Postal Service", "Muñoz"]]);
    expect(mixed.suggest("obr", 10)).toEqual(["O'Brien"]);
    expect(mixed.suggest("o'br", 10)).toEqual(["O'Brien"]);
    expect(mixed.suggest("chick fil", 10)).toEqual(["Chick-fil-A"]);
    expect(mixed.suggest("us postal", 10)).toEqual(["U.S. Postal Service"]);
    expect(mixed.suggest("munoz", 10)).toEqual(["Muñoz"]);
  });

  it("honours the limit and answers nothing for text with no letters or digits", () => {
    expect(index.suggest("jo", 2)).toEqual(["Jonathan", "John"]);
    expect(index.suggest("!!!", 10)).toEqual([]);
    expect(index.suggest("zzz", 10)).toEqual([]);
  });

  it("folds text to lowercase words", () => {
    expect(foldForSearch("  Baylor  Scott & White ")).toBe("baylor scott & white");
    expect(foldForSearch("J.B. Hunt")).toBe("jb hunt");
  });
});

describe("built-in suggestion lists", () => {
  it.each([
    ["first names", [...MALE_FIRST_NAMES, ...FEMALE_FIRST_NAMES], 300],
    ["surnames", SURNAMES, 300],
    ["employers", EMPLOYERS, 200],
    ["job titles", JOB_TITLES, 200],
  ])("%s: enough entries, no duplicates within a list, proper case", (_name, list, minimum) => {
    expect(new Set(list.map(foldForSearch)).size).toBeGreaterThanOrEqual(minimum);
    for (const text of list) {
      expect(text, text).toBe(text.trim());
      expect(text[0], text).toMatch(/[A-Z0-9]/);
    }
  });

  it("answers common prefixes from each list with the most common first", () => {
    const indexes = createSuggestionIndexes();
    expect(indexes.first_name.suggest("mar", 3)).toEqual(["Mary", "Maria", "Margaret"]);
    expect(indexes.last_name.suggest("smi", 10)[0]).toBe("Smith");
    expect(indexes.last_name.suggest("mcd", 2)).toEqual(["McDonald", "McDaniel"]);
    expect(indexes.employer.suggest("wal", 10).slice(0, 2)).toEqual(["Walmart", "Walgreens"]);
    expect(indexes.employer.suggest("army", 10)).toEqual(["Army National Guard", "U.S. Army"]);
    expect(indexes.job_title.suggest("cas", 10)[0]).toBe("Cashier");
  });

  it.each([
    ["first_name", [MALE_FIRST_NAMES, FEMALE_FIRST_NAMES]],
    ["last_name", [SURNAMES]],
    ["employer", [EMPLOYERS]],
    ["job_title", [JOB_TITLES]],
  ] as const)("%s: for any start of any entry, the most common entry that starts so comes first", (field, lists) => {
    const index = createSuggestionIndexes()[field];
    const entries = lists.flatMap((list) => list.map((text, rank) => ({ text, rank, key: foldForSearch(text) })));
    fc.assert(
      fc.property(fc.constantFrom(...entries), fc.nat(), ({ key }, cut) => {
        const typed = foldForSearch(key.slice(0, 3 + (cut % Math.max(1, key.length - 2))));
        const [best] = entries
          .filter((e) => e.key.startsWith(typed))
          .sort((a, b) => a.rank - b.rank || a.text.localeCompare(b.text, "en"));
        expect(index.suggest(typed, 10)[0]).toBe(best!.text);
      }),
      { numRuns: 200 },
    );
  });
});
