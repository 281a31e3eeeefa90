import { describe, expect, it } from "vitest";
import { formatStreetLine, streetLineCandidates, titleCaseWord } from "./street-line.ts";

describe("formatStreetLine", () => {
  it.each([
    ["123 main st", "123 Main St"],
    ["  123   MAIN   street. ", "123 Main St"],
    ["4500 sunset boulevard", "4500 Sunset Blvd"],
    ["77 north elm ave", "77 N Elm Ave"],
    ["1600 pennsylvania avenue nw", "1600 Pennsylvania Ave NW"],
    ["12 west st", "12 West St"],
    ["9 e 21st st", "9 E 21st St"],
    ["350 mcarthur blvd apt 4b", "350 McArthur Blvd Apt 4B"],
    ["10 o'neil ct #12", "10 O'Neil Ct # 12"],
    ["5 main st, suite 200", "5 Main St Ste 200"],
    ["po box 123", "PO Box 123"],
    ["P.O. Box 77", "PO Box 77"],
    ["1 avenue of the americas way", "1 Avenue of the Americas Way"],
  ])("standardises %j as %j", (typed, expected) => {
    expect(formatStreetLine(typed)).toEqual({ lines: [expected], endsWithTyped: false });
  });

  it("completes a street typed without a suffix, keeping the text as typed last", () => {
    const { lines, endsWithTyped } = formatStreetLine("123 main");
    expect(lines.slice(0, 3)).toEqual(["123 Main St", "123 Main Ave", "123 Main Rd"]);
    expect(lines.at(-1)).toBe("123 Main");
    expect(endsWithTyped).toBe(true);
  });

  it("puts completions before a unit", () => {
    expect(formatStreetLine("8 oak apt 3").lines[0]).toBe("8 Oak St Apt 3");
  });

  it("finishes a half-typed suffix", () => {
    expect(formatStreetLine("40 sunset boul").lines).toEqual(["40 Sunset Blvd"]);
    expect(formatStreetLine("40 sunset bou").lines).toEqual(["40 Sunset Blvd", "40 Sunset Bou"]);
    expect(formatStreetLine("40 elm ro").lines).toEqual(["40 Elm Rd", "40 Elm Rte", "40 Elm Ro"]);
  });

  it("drops characters an address cannot hold", () => {
    expect(formatStreetLine("12 <main> st!").lines).toEqual(["12 Main St"]);
    expect(formatStreetLine("12 1/2 main st").lines).toEqual(["12 1/2 Main St"]);
    expect(formatStreetLine("12 main; st").lines).toEqual(["12 Main St"]);
  });

  it("proposes nothing when there is no street to complete", () => {
    expect(formatStreetLine("123").lines).toEqual([]);
    expect(formatStreetLine("  ").lines).toEqual([]);
    expect(formatStreetLine("!!").lines).toEqual([]);
  });
});

describe("streetLineCandidates", () => {
  it("keeps the typed text among the candidates when it has to cut", () => {
    expect(streetLineCandidates("123 main", 5)).toEqual([
      "123 Main St",
      "123 Main Ave",
      "123 Main Rd",
      "123 Main Dr",
      "123 Main",
    ]);
    expect(streetLineCandidates("123 main", 1)).toEqual(["123 Main St"]);
  });

  it("answers a single line when a suffix was typed", () => {
    expect(streetLineCandidates("123 main st", 5)).toEqual(["123 Main St"]);
  });
});

describe("titleCaseWord", () => {
  it.each([
    ["main", "Main"],
    ["MCDONALD", "McDonald"],
    ["o'brien", "O'Brien"],
    ["smith-jones", "Smith-Jones"],
    ["1ST", "1st"],
    ["112TH", "112th"],
    ["4b", "4B"],
  ])("%s -> %s", (word, expected) => {
    expect(titleCaseWord(word)).toBe(expected);
  });
});
