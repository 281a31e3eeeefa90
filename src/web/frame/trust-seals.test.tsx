import { cleanup, render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { sampleBrand } from "#web/site/brands/sample-brand.ts";
import type { SiteConfig } from "#web/site/brands/site-config.ts";
import { TrustSeals } from "./trust-seals.tsx";

const shown = vi.hoisted(() => ({ site: undefined as SiteConfig | undefined }));
vi.mock("#web/site/use-site.ts", () => ({ useSite: () => shown.site }));

afterEach(cleanup);

function renderSeals(site: SiteConfig) {
  shown.site = site;
  render(<TrustSeals label="Security seals" />);
  return within(screen.getByRole("list", { name: "Security seals" }));
}

describe("trust seals", () => {
  it("draws the sample brand's seals in the page, each named, with no file to fetch", () => {
    const seals = renderSeals(sampleBrand);
    const images = seals.getAllByRole("img");
    expect(images.map((seal) => seal.getAttribute("aria-label"))).toEqual(sampleBrand.trustSeals.map((s) => s.alt));
    for (const seal of images) {
      expect(seal.tagName.toLowerCase()).toBe("svg");
      expect(seal.getAttribute("viewBox")).toBe("0 0 120 48");
      // Its artwork is inside it: the border and the lines of text.
      expect(seal.querySelector("rect")).not.toBeNull();
      expect(seal.querySelectorAll("text").length).toBeGreaterThanOrEqual(2);
    }
    expect(document.querySelector("img")).toBeNull();
  });

  it("shows an issuer's image file as a lazy image, and links a seal to its verification page", () => {
    const seals = renderSeals({
      ...sampleBrand,
      trustSeals: [
        { id: "ssl", alt: "Verified secure", image: "/seals/issuer.png", href: "https://issuer.example/verify" },
      ],
    });
    const image = seals.getByRole("img", { name: "Verified secure" });
    expect(image.getAttribute("src")).toBe("/seals/issuer.png");
    expect(image.getAttribute("loading")).toBe("lazy");
    expect(seals.getByRole("link", { name: "Verified secure" }).getAttribute("href")).toBe(
      "https://issuer.example/verify",
    );
  });
});
