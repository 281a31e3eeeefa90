import type { SiteConfig } from "./brands/site-config.ts";

/** `© 2024 Loanpath. All rights reserved.` — the year is configuration (docs/product/overview.md: 2024). */
export function copyrightLine(site: Pick<SiteConfig, "copyrightYear" | "brand">): string {
  return `© ${site.copyrightYear} ${site.brand.name}. All rights reserved.`;
}
