import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changeDate, validRoutingNumber } from "./fedach-fixture.testing.ts";
import { readableBankName } from "./fedach-format.ts";
import { formatRoutingDirectory, parseRoutingDirectory, type RoutingDirectory } from "./routing-directory-format.ts";

const isoDay = changeDate.map((d) => d.toISOString().slice(0, 10));

/** Directories as the build script makes them: readable names, shared by several numbers now and then. */
const directory: fc.Arbitrary<RoutingDirectory> = fc
  .record({
    bankNames: fc.uniqueArray(
      fc
        .string({ unit: fc.constantFrom(..."ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789 ,.+&'()-/#*=$"), maxLength: 36 })
        .map(readableBankName)
        .filter((name) => name !== ""),
      { minLength: 1, maxLength: 8 },
    ),
    numbers: fc.uniqueArray(validRoutingNumber, { minLength: 1, maxLength: 40 }),
    picks: fc.array(fc.nat(), { minLength: 40, maxLength: 40 }),
    directoryDate: fc.oneof(
      isoDay,
      isoDay.map((d) => d.slice(0, 7)),
    ),
    newestChange: isoDay,
  })
  .map(({ bankNames, numbers, picks, directoryDate, newestChange }) => ({
    directoryDate,
    newestChange,
    names: new Map(numbers.map((n, i) => [n, bankNames[picks[i]! % bankNames.length]!])),
  }));

const HEADER = ["GENERATED for a test", "Regenerate: nothing"];

describe("routing directory text", () => {
  it("reads back exactly what was written", () => {
    fc.assert(
      fc.property(directory, (written) => {
        expect(parseRoutingDirectory(formatRoutingDirectory(written, HEADER))).toEqual(written);
      }),
    );
  });

  it("is the same text whatever order the directory came in, with each bank name once", () => {
    fc.assert(
      fc.property(directory, fc.nat(), (written, turn) => {
        const entries = [...written.names];
        const turned = [...entries.slice(turn % entries.length), ...entries.slice(0, turn % entries.length)];
        const text = formatRoutingDirectory(written, HEADER);
        expect(formatRoutingDirectory({ ...written, names: new Map(turned.reverse()) }, HEADER)).toBe(text);
        for (const name of new Set(written.names.values())) {
          expect(text.split("\n").filter((line) => line.endsWith(`\t${name}`))).toHaveLength(1);
        }
      }),
    );
  });

  it("refuses a file cut short, a number listed twice and a line without a name", () => {
    const text = formatRoutingDirectory(
      {
        directoryDate: "2019-01",
        newestChange: "2018-12-04",
        names: new Map([
          ["011000138", "FIRST BANK"],
          ["011000015", "SECOND BANK"],
        ]),
      },
      HEADER,
    );
    expect(() => parseRoutingDirectory(text)).not.toThrow();
    expect(() => parseRoutingDirectory(text.split("\n").slice(0, -2).join("\n"))).toThrow(/1 routing numbers, not 2/);
    expect(() => parseRoutingDirectory(`${text}011000138\tTHIRD BANK\n`)).toThrow(/listed twice/);
    expect(() => parseRoutingDirectory(`${text}021000021\n`)).toThrow(/no bank name/);
    expect(() => parseRoutingDirectory(text.replace(/^# directory-date: .*$/m, ""))).toThrow(/no dates/);
  });
});
