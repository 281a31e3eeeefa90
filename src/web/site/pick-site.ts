import type { SiteConfig } from "./site-config.ts";

/** `WWW.Example.com.:443` -> `www.example.com` */
export function normalizeHost(host: string): string {
  return host.trim().toLowerCase().replace(/:\d+$/, "").replace(/\.$/, "");
}

// One deployment can serve several brands; the host name the visitor typed picks one
// (docs/product/settled-readings.md#18-operator-details).
export function pickSite(host: string | undefined, sites: readonly SiteConfig[], fallback: SiteConfig): SiteConfig {
  if (!host) return fallback;
  const wanted = normalizeHost(host);
  return sites.find((site) => site.hosts.some((h) => normalizeHost(h) === wanted)) ?? fallback;
}
