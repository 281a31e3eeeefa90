import { describe, expect, it } from "vitest";
import { BRANDS } from "#domain/brands.ts";
import { sampleBrand } from "./brands/sample-brand.ts";
import { DEFAULT_SITE, siteForHost } from "./sites.ts";

describe("the shipped brands", () => {
  it("default to the sample brand, with the spec's copyright year", () => {
    expect(DEFAULT_SITE).toBe(sampleBrand);
    expect(siteForHost("localhost")).toBe(sampleBrand);
    expect(siteForHost("unknown.example")).toBe(sampleBrand);
    expect(sampleBrand.copyrightYear).toBe(2024);
  });

  // The server picks the partner list's brand from src/domain/brands.ts: every host it knows must show
  // the pages of that same brand, with the same partners.
  it("pick, for every host the server knows, the brand the server picks", () => {
    for (const brand of BRANDS) {
      for (const host of brand.hosts) {
        const site = siteForHost(host);
        expect(site.id).toBe(brand.id);
        expect(site.partners).toEqual(brand.partners);
      }
    }
  });

  it("carry the three trust seals of docs/product/overview.md", () => {
    expect(sampleBrand.trustSeals.map((s) => s.id)).toEqual([
      "certificate-authority",
      "ssl",
      "online-lenders-alliance",
    ]);
  });
});
