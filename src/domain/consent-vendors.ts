// TrustedForm and Jornaya LeadiD (docs/decisions/0022-consent-certificates-vendors.md): outside services that
// witness the visitor's session and give the page a certificate URL or a token, which travels with the final
// submission as consent evidence. Both are off unless the server is configured; these names are the one
// source for the browser (hidden fields, session storage) and the server (validation, buyer fields).

/** The hidden field TrustedForm's script fills with the certificate URL (its `field` parameter). */
export const TRUSTEDFORM_FIELD = "xxTrustedFormCertUrl";
/** Jornaya's script fills the input with this id (the spec's hidden lead-tracking token field). */
export const JORNAYA_FIELD_ID = "leadid_token";
/** The name Jornaya's own snippet gives that input. */
export const JORNAYA_FIELD_NAME = "universal_leadid";

/** The final submission's names for the two values; also their session storage keys. */
export const VENDOR_EVIDENCE_KEYS = ["trustedFormURL", "jornayaLeadId"] as const;
type VendorEvidenceKey = (typeof VENDOR_EVIDENCE_KEYS)[number];
export type VendorEvidence = Partial<Record<VendorEvidenceKey, string>>;

/** TrustedForm's certificate host, unless the server names another. */
export const DEFAULT_TRUSTEDFORM_CERT_HOST = "cert.trustedform.com";

/** A certificate URL as TrustedForm issues it: https, on the certificate host, one path segment and no more. */
export function isTrustedFormCertUrl(value: string, certHost: string): boolean {
  if (value.length > 300) return false;
  try {
    const url = new URL(value);
    return (
      url.protocol === "https:" &&
      url.hostname === certHost &&
      url.port === "" &&
      url.username === "" &&
      url.password === "" &&
      url.search === "" &&
      url.hash === "" &&
      /^\/[A-Za-z0-9_-]{1,128}$/.test(url.pathname)
    );
  } catch {
    return false;
  }
}

/** A LeadiD token: 36 hexadecimal characters with dashes, 8-4-4-4-12 (Jornaya's "GUID"). */
export function isJornayaToken(value: string): boolean {
  return /^[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}$/.test(value);
}
