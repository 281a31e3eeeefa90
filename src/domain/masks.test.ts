import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { digitsOnly, formatPhone, formatSsn, maskSsn, maskTail, stripMask } from "./masks.ts";

describe("masks (docs/product/validation.md)", () => {
  it("formats a phone as (123)-123-1234 while typing, ten digits at most", () => {
    expect(formatPhone("")).toBe("");
    expect(formatPhone("2")).toBe("(2");
    expect(formatPhone("212")).toBe("(212");
    expect(formatPhone("2125")).toBe("(212)-5");
    expect(formatPhone("2125550")).toBe("(212)-555-0");
    expect(formatPhone("212555012399")).toBe("(212)-555-0123");
    expect(formatPhone("(212)-555-0123")).toBe("(212)-555-0123");
    expect(formatPhone("(212)-555-0123")).toHaveLength(14);
  });

  it("formats an SSN as 123-45-6789 while typing", () => {
    expect(formatSsn("")).toBe("");
    expect(formatSsn("123")).toBe("123");
    expect(formatSsn("1234")).toBe("123-4");
    expect(formatSsn("12345")).toBe("123-45");
    expect(formatSsn("123456")).toBe("123-45-6");
    expect(formatSsn("1234567890")).toBe("123-45-6789");
  });

  it("gives back the digits it was given, once formatted and stripped", () => {
    fc.assert(
      fc.property(fc.stringMatching(/^\d{0,10}$/), (digits) => {
        expect(stripMask(formatPhone(digits))).toBe(digits);
        expect(stripMask(formatSsn(digits.slice(0, 9)))).toBe(digits.slice(0, 9));
      }),
    );
  });

  it("strips mask characters but keeps letters, so they can be refused", () => {
    expect(stripMask("(212)-555_0123 ")).toBe("2125550123");
    expect(stripMask("212.555.0123")).toBe("2125550123");
    expect(stripMask("21a-555-0123")).toBe("21a5550123");
    expect(digitsOnly("(212)-555_0123 x")).toBe("2125550123");
  });

  it("shows at most the last four characters", () => {
    expect(maskSsn("123-45-6789")).toBe("***-**-6789");
    expect(maskSsn("123456789")).toBe("***-**-6789");
    expect(maskSsn("12")).toBe("***-**-**12");
    expect(maskTail("000123456789")).toBe("********6789");
    expect(maskTail("000123456789", 2)).toBe("**********89");
    expect(maskTail("123")).toBe("123");
    expect(maskTail("")).toBe("");
    expect(maskTail("6789", 0)).toBe("****");
  });
});
