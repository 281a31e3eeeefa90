import { describe, expect, it } from "vitest";
import { type Brand, normalizeHost, pickBrand, SAMPLE_BRAND } from "./brands.ts";

const other: Brand = {
  id: "other",
  hosts: ["www.other-brand.example", "other-brand.example"],
  partners: ["Other Partner"],
};

describe("pickBrand", () => {
  it("picks the brand whose host list holds the host, ignoring case, port and a trailing dot", () => {
    expect(pickBrand("WWW.Other-Brand.example:8443", [SAMPLE_BRAND, other], SAMPLE_BRAND)).toBe(other);
    expect(pickBrand("other-brand.example.", [SAMPLE_BRAND, other], SAMPLE_BRAND)).toBe(other);
  });

  it("falls back to the default brand for an unknown or missing host", () => {
    expect(pickBrand("unknown.example", [SAMPLE_BRAND, other], SAMPLE_BRAND)).toBe(SAMPLE_BRAND);
    expect(pickBrand(undefined, [SAMPLE_BRAND, other], SAMPLE_BRAND)).toBe(SAMPLE_BRAND);
  });

  it("normalises host names", () => {
    expect(normalizeHost(" Loanpath.Example:3000 ")).toBe("loanpath.example");
  });
});
