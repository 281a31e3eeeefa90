import { describe, expect, it } from "vitest";
import { sampleBrand } from "./brands/sample-brand.ts";
import { normalizeHost, pickSite } from "./pick-site.ts";
import type { SiteConfig } from "./site-config.ts";
import { DEFAULT_SITE, siteForHost } from "./sites.ts";

const other: SiteConfig = {
  ...sampleBrand,
  id: "other",
  hosts: ["www.other-brand.example", "other-brand.example"],
  brand: { ...sampleBrand.brand, name: "Other Brand" },
};

describe("pickSite", () => {
  it("picks the brand whose host list holds the host, ignoring case, port and a trailing dot", () => {
    expect(pickSite("WWW.Other-Brand.example:8443", [sampleBrand, other], sampleBrand)).toBe(other);
    expect(pickSite("other-brand.example.", [sampleBrand, other], sampleBrand)).toBe(other);
  });

  it("falls back to the default brand for an unknown or missing host", () => {
    expect(pickSite("unknown.example", [sampleBrand, other], sampleBrand)).toBe(sampleBrand);
    expect(pickSite(undefined, [sampleBrand, other], sampleBrand)).toBe(sampleBrand);
  });

  it("normalises host names", () => {
    expect(normalizeHost(" Loanpath.Example:3000 ")).toBe("loanpath.example");
  });
});

describe("the shipped brands", () => {
  it("default to the sample brand, with the spec's copyright year", () => {
    expect(DEFAULT_SITE).toBe(sampleBrand);
    expect(siteForHost("localhost")).toBe(sampleBrand);
    expect(sampleBrand.copyrightYear).toBe(2024);
  });

  it("carry the three trust seals of docs/product/overview.md as local files", () => {
    expect(sampleBrand.trustSeals.map((s) => s.id)).toEqual([
      "certificate-authority",
      "ssl",
      "online-lenders-alliance",
    ]);
    for (const seal of sampleBrand.trustSeals) expect(seal.image).toMatch(/^\/[a-z0-9/-]+\.svg$/);
  });
});
