import { useEffect } from "react";
import { JORNAYA_FIELD_ID, TRUSTEDFORM_FIELD, type VendorEvidence } from "#domain/consent-vendors.ts";
import type { SiteTracking } from "#domain/contracts/site-tracking.ts";
import { fetchSiteTracking } from "#web/api/api.ts";
import { readVendorEvidence, saveVendorEvidence } from "./vendor-evidence.ts";

/** docs/product/constants.md: the lead-tracking token is polled every second until present. */
export const VENDOR_POLL_MS = 1000;

// Asked once per page load, after the page is interactive: never in the prerendered HTML, never before the
// first paint. Nothing configured (the default) means no script and no polling.
let siteTracking: Promise<SiteTracking | undefined> | undefined;
/** That configuration once it has arrived. */
let loaded: SiteTracking | undefined;

function loadScriptOnce(src: string) {
  if ([...document.scripts].some((s) => s.dataset.consentVendor === src)) return;
  const script = document.createElement("script");
  script.src = src;
  script.async = true;
  script.dataset.consentVendor = src;
  document.body.appendChild(script);
}

function fieldValue(inputs: Iterable<Element>): string | undefined {
  for (const input of inputs) {
    const value = input instanceof HTMLInputElement ? input.value.trim() : "";
    if (value) return value;
  }
  return undefined;
}

/** What the vendors' scripts have written into the page so far. */
function readFields(config: SiteTracking): VendorEvidence {
  const found: VendorEvidence = {};
  const certUrl = config.trustedForm ? fieldValue(document.getElementsByName(TRUSTEDFORM_FIELD)) : undefined;
  const token = config.jornaya
    ? fieldValue([document.getElementById(JORNAYA_FIELD_ID)].flatMap((e) => e ?? []))
    : undefined;
  if (certUrl) found.trustedFormURL = certUrl;
  if (token) found.jornayaLeadId = token;
  return found;
}

/**
 * Loads the configured TrustedForm and Jornaya scripts once and reads the hidden fields they fill every
 * second until each configured one has a value, keeping it in session storage (vendor-evidence.ts), where
 * the final submission reads it.
 */
export function useConsentVendors(): void {
  useEffect(() => {
    let timer: number | undefined;
    let stopped = false;
    siteTracking ??= fetchSiteTracking();
    void siteTracking.then((config) => {
      loaded = config;
      if (stopped || !config || (!config.trustedForm && !config.jornaya)) return;
      for (const vendor of [config.trustedForm, config.jornaya]) if (vendor) loadScriptOnce(vendor.scriptUrl);
      // A value this tab already holds (the landing page's, before the funnel) counts as present: the
      // funnel's fresh fields are read at least once, and polled no longer than needed.
      const seen: VendorEvidence = readVendorEvidence();
      const poll = () => {
        const found = readFields(config);
        if (Object.keys(found).length > 0) {
          Object.assign(seen, found);
          saveVendorEvidence(found);
        }
        const complete = (!config.trustedForm || seen.trustedFormURL) && (!config.jornaya || seen.jornayaLeadId);
        if (complete) window.clearInterval(timer);
      };
      timer = window.setInterval(poll, VENDOR_POLL_MS);
    });
    return () => {
      stopped = true;
      window.clearInterval(timer);
    };
  }, []);
}

/**
 * Reads the vendors' fields now, between two polls: a form that is about to leave the page (the quick start
 * moving on to the funnel) keeps a value the script wrote in the last second. Returns all that is kept.
 */
export function captureConsentVendors(): VendorEvidence {
  if (loaded) saveVendorEvidence(readFields(loaded));
  return readVendorEvidence();
}

/** For tests: forget the configuration asked for, as a new page load would. */
export function forgetSiteTracking() {
  siteTracking = undefined;
  loaded = undefined;
}
