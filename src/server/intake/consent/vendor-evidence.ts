import { isJornayaToken, isTrustedFormCertUrl, type VendorEvidence } from "#domain/consent-vendors.ts";
import type { Config } from "../../platform/config/config.ts";

/**
 * The TrustedForm certificate URL and Jornaya LeadiD token of a final submission as kept: only from a vendor
 * this server is configured with, and only in the vendor's own shape (an https certificate URL on the
 * certificate host, a 36-character token). Anything else is dropped, never a reason to refuse the
 * application: buyers receive it as consent evidence, so it must not be whatever a browser chose to send.
 */
export function keptVendorEvidence(sent: VendorEvidence, vendors: Config["consentVendors"]): VendorEvidence {
  const kept: VendorEvidence = {};
  const certUrl = sent.trustedFormURL?.trim();
  if (vendors.trustedForm && certUrl && isTrustedFormCertUrl(certUrl, vendors.trustedForm.certHost)) {
    kept.trustedFormURL = certUrl;
  }
  const token = sent.jornayaLeadId?.trim();
  if (vendors.jornaya && token && isJornayaToken(token)) kept.jornayaLeadId = token;
  return kept;
}
