import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isIssuableSsn } from "./ssn.ts";

describe("isIssuableSsn", () => {
  it.each(["123456789", "001010001", "665999999", "667010001", "899999999"])("accepts %s", (ssn) => {
    expect(isIssuableSsn(ssn)).toBe(true);
  });

  it.each([
    ["000123456", "area 000"],
    ["666123456", "area 666"],
    ["900123456", "area 900"],
    ["999123456", "area 999"],
    ["123001234", "group 00"],
    ["123450000", "serial 0000"],
    ["12345678", "8 digits"],
    ["1234567890", "10 digits"],
    ["123-45-6789", "still masked"],
  ])("refuses %s (%s)", (ssn) => {
    expect(isIssuableSsn(ssn)).toBe(false);
  });

  it("refuses every number in the 900 to 999 areas", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 900, max: 999 }),
        fc.integer({ min: 1, max: 99 }),
        fc.integer({ min: 1, max: 9999 }),
        (a, g, s) => {
          expect(isIssuableSsn(`${a}${String(g).padStart(2, "0")}${String(s).padStart(4, "0")}`)).toBe(false);
        },
      ),
    );
  });
});
