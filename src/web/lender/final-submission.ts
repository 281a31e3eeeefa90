import type { Attribution } from "#domain/attribution.ts";
import type { VendorEvidence } from "#domain/consent-vendors.ts";

/**
 * The final submission (docs/product/server-calls.md, final submission payload) as this browser sends it: the
 * fixed fields, where the visitor came from, the page it is sent from and the TrustedForm certificate or
 * Jornaya token when those services are configured. The answers themselves are not
 * repeated: the server has saved every step, and its saved answers are the ones that count, so the browser
 * (which only ever holds masks of the sensitive ones) has nothing to add to them.
 */
export function finalSubmission(leadId: string, attribution: Attribution, evidence: VendorEvidence = {}) {
  return {
    lead_id: leadId,
    productId: 19,
    price: 0,
    closeConnection: 1,
    consentEmailSms: "YES",
    consentToFcra: "YES",
    userAgent: navigator.userAgent.slice(0, 512),
    webSiteUrl: window.location.origin,
    ...attribution,
    ...evidence,
  } as const;
}
