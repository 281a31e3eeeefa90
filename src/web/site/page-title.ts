import { DEFAULT_SITE } from "./sites.ts";

// Route `meta` runs outside React, at build time for prerendered pages, so titles name the build's brand.
export function pageTitle(title?: string): string {
  return title ? `${title} | ${DEFAULT_SITE.brand.name}` : DEFAULT_SITE.brand.name;
}
