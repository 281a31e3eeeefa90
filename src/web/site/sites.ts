import { sampleBrand } from "./brands/sample-brand.ts";
import { pickSite } from "./pick-site.ts";
import type { SiteConfig } from "./site-config.ts";

/** Every brand this build can serve. Add a brand: one file in brands/, one entry here. */
const SITES: readonly SiteConfig[] = [sampleBrand];

// The brand baked into the prerendered HTML. A single-brand deployment sets VITE_SITE_BRAND at build time
// so its pages are right before any JavaScript runs; other hosts switch brand right after hydration.
const buildBrand = import.meta.env?.VITE_SITE_BRAND as string | undefined;
export const DEFAULT_SITE: SiteConfig = SITES.find((site) => site.id === buildBrand) ?? sampleBrand;

export function siteForHost(host: string | undefined): SiteConfig {
  return pickSite(host, SITES, DEFAULT_SITE);
}
