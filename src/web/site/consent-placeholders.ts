import type { ConsentPlaceholders } from "#domain/consent.ts";
import type { SiteConfig } from "./brands/site-config.ts";

/** The brand's values for the consent texts' placeholders: what the page shows and the evidence records. */
export function consentPlaceholdersFor(site: SiteConfig): ConsentPlaceholders {
  return { brand: site.brand.name, shortCode: site.smsShortCode };
}
