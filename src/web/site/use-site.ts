import { useSyncExternalStore } from "react";
import type { SiteConfig } from "./brands/site-config.ts";
import { DEFAULT_SITE, siteForHost } from "./sites.ts";

const neverChanges = () => () => {};
const hostSite = () => siteForHost(window.location.hostname);
const buildSite = () => DEFAULT_SITE;

// Hydration renders the build's brand (what the prerendered HTML shows, so nothing mismatches), then React
// re-renders with the brand of this host if it differs.
export function useSite(): SiteConfig {
  return useSyncExternalStore(neverChanges, hostSite, buildSite);
}
