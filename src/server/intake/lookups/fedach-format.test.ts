import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { changeDate, directoryBankName, fedAchEntry, fedAchFile, fedAchLine } from "./fedach-fixture.testing.ts";
import { fedAchChangeDate, parseFedAchDirectory, readableBankName } from "./fedach-format.ts";

const DAY = new Date("2018-12-04T00:00:00Z");

describe("parseFedAchDirectory", () => {
  it("reads routing number, change date and customer name from their columns", () => {
    const { names, newestChange, skipped } = parseFedAchDirectory(
      fedAchFile([
        { routingNumber: "011000138", name: "BANK OF AMERICA, N.A.", changed: new Date("2011-01-31T00:00:00Z") },
        { routingNumber: "011103093", name: "TD BANK NA", changed: DAY },
        { routingNumber: "011103093", name: "A LATER DUPLICATE", changed: DAY },
      ]),
    );
    expect(Object.fromEntries(names)).toEqual({ "011000138": "BANK OF AMERICA, N.A.", "011103093": "TD BANK NA" });
    expect(newestChange).toBe("2018-12-04");
    expect(skipped).toBe(0);
  });

  it("skips lines that do not fit the layout", () => {
    const { names, skipped } = parseFedAchDirectory(
      ["not a directory line", "12345", fedAchLine({ routingNumber: "011000138", name: "X BANK", changed: DAY })].join(
        "\n",
      ),
    );
    expect([...names]).toEqual([["011000138", "X BANK"]]);
    expect(skipped).toBe(2);
  });

  it("reads any directory written in the layout: the first line of a number names it, the newest date dates it", () => {
    fc.assert(
      fc.property(fc.array(fedAchEntry, { minLength: 1, maxLength: 40 }), (entries) => {
        const { names, newestChange, skipped } = parseFedAchDirectory(fedAchFile(entries));
        expect(skipped).toBe(0);
        expect(new Set(names.keys())).toEqual(new Set(entries.map((e) => e.routingNumber)));
        for (const [routingNumber, name] of names) {
          const first = entries.find((e) => e.routingNumber === routingNumber)!;
          expect(name).toBe(readableBankName(first.name));
        }
        const dates = entries.map((e) => e.changed.toISOString().slice(0, 10));
        expect(newestChange).toBe(dates.reduce((a, b) => (a > b ? a : b)));
      }),
    );
  });
});

describe("readableBankName", () => {
  it("keeps the directory's words and case and only tidies spaces around commas", () => {
    fc.assert(
      fc.property(directoryBankName, (raw) => {
        const name = readableBankName(raw);
        expect(name.replace(/[\s,]/g, "")).toBe(raw.replace(/[\s,]/g, ""));
        expect(name).toBe(name.trim());
        expect(name).not.toMatch(/\s\s|\s,|,\S/);
        expect(readableBankName(name)).toBe(name);
      }),
    );
    expect(readableBankName("BMO HARRIS BANK,N.A.      ")).toBe("BMO HARRIS BANK, N.A.");
    expect(readableBankName(",, A")).toBe(", A");
  });
});

describe("fedAchChangeDate", () => {
  it("reads MMDDYY as the calendar day, 70-99 as 19xx and 00-69 as 20xx", () => {
    fc.assert(
      fc.property(changeDate, (date) => {
        const iso = date.toISOString().slice(0, 10);
        const mmddyy = `${iso.slice(5, 7)}${iso.slice(8, 10)}${iso.slice(2, 4)}`;
        expect(fedAchChangeDate(mmddyy)).toBe(iso);
      }),
    );
  });

  it.each(["000000", "130118", "023018", "123218", "12041", "12-4-18", "      "])("refuses %j", (mmddyy) => {
    expect(fedAchChangeDate(mmddyy)).toBeUndefined();
  });
});
