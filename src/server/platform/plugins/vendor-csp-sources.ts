import type { Config } from "../config/config.ts";

// The origins a page's Content-Security-Policy must add for the configured consent-certificate vendors
// (docs/decisions/0022-consent-certificates-vendors.md): the script's own origin and the hosts the vendor's
// script reports to, in script-src, connect-src and img-src (beacons and pixels) and nowhere else. None
// configured: none added, and the policy is the strict default of docs/decisions/0005.

/** Hosts TrustedForm's script loads from and reports to (ActiveProspect's CSP guide). */
const TRUSTEDFORM_HOSTS = ["https://api.trustedform.com", "https://cdn.trustedform.com"];
/** Jornaya's collection hosts, beside the campaign script's own origin. */
const JORNAYA_HOSTS = ["https://*.leadid.com"];

export type VendorSources = { script: string[]; connect: string[]; img: string[] };

export function vendorCspSources(vendors: Config["consentVendors"]): VendorSources | undefined {
  const origins = new Set<string>();
  if (vendors.trustedForm) {
    origins.add(new URL(vendors.trustedForm.scriptUrl).origin);
    TRUSTEDFORM_HOSTS.forEach((h) => origins.add(h));
  }
  if (vendors.jornaya) {
    origins.add(new URL(vendors.jornaya.scriptUrl).origin);
    JORNAYA_HOSTS.forEach((h) => origins.add(h));
  }
  if (origins.size === 0) return undefined;
  const list = [...origins];
  return { script: list, connect: list, img: list };
}
