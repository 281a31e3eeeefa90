import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidAbaChecksum } from "./routing-number.ts";

describe("isValidAbaChecksum", () => {
  it.each(["021000021", "026009593", "121000248", "011000015", "322271627"])(
    "accepts the real routing number %s",
    (aba) => {
      expect(isValidAbaChecksum(aba)).toBe(true);
    },
  );

  it.each([
    ["021000022", "last digit off by one"],
    ["02100002", "8 digits"],
    ["0210000210", "10 digits"],
    ["02100002a", "a letter"],
    [" 021000021", "a space"],
    ["000000000", "all zeros, which pass the sum"],
    ["", "empty"],
  ])("refuses %j (%s)", (aba) => {
    expect(isValidAbaChecksum(aba)).toBe(false);
  });

  it("catches every single-digit change of a valid number", () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 8 }), fc.integer({ min: 1, max: 9 }), (pos, delta) => {
        const digits = "021000021".split("").map(Number);
        digits[pos] = ((digits[pos] as number) + delta) % 10;
        expect(isValidAbaChecksum(digits.join(""))).toBe(false);
      }),
    );
  });

  it("accepts exactly one check digit for any eight leading digits", () => {
    const eight = fc.array(fc.integer({ min: 0, max: 9 }), { minLength: 8, maxLength: 8 }).map((d) => d.join(""));
    fc.assert(
      fc.property(
        eight.filter((p) => p !== "00000000"),
        (prefix) => {
          const valid = Array.from({ length: 10 }, (_, d) => `${prefix}${d}`).filter(isValidAbaChecksum);
          expect(valid).toHaveLength(1);
          const d = prefix.split("").map(Number) as number[];
          const sum = 3 * (d[0]! + d[3]! + d[6]!) + 7 * (d[1]! + d[4]! + d[7]!) + (d[2]! + d[5]!);
          expect(valid[0]!.at(-1)).toBe(String((10 - (sum % 10)) % 10));
        },
      ),
    );
  });
});
