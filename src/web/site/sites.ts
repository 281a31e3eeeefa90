import { pickBrand } from "#domain/brands.ts";
import { sampleBrand } from "./brands/sample-brand.ts";
import type { SiteConfig } from "./brands/site-config.ts";

/** Every brand this build can serve. Add a brand: its entry in src/domain/brands.ts, one file in brands/, one entry here. */
const SITES: readonly SiteConfig[] = [sampleBrand];

// The brand baked into the prerendered HTML. A single-brand deployment sets VITE_SITE_BRAND at build time
// so its pages are right before any JavaScript runs; other hosts switch brand right after hydration.
const buildBrand = import.meta.env?.VITE_SITE_BRAND as string | undefined;
export const DEFAULT_SITE: SiteConfig = SITES.find((site) => site.id === buildBrand) ?? sampleBrand;

// One deployment can serve several brands; the host name the visitor typed picks one
// (docs/product/settled-readings.md#18-operator-details).
export function siteForHost(host: string | undefined): SiteConfig {
  return pickBrand(host, SITES, DEFAULT_SITE);
}
