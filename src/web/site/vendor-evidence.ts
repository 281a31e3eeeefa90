import { VENDOR_EVIDENCE_KEYS, type VendorEvidence } from "#domain/consent-vendors.ts";

// The TrustedForm certificate URL and Jornaya LeadiD token, kept in session storage under their submission
// names like the other tracking values (docs/product/lead-fields.md, storage keys), from the page that
// captured them until the application is sent.

const MAX_LENGTH = 300;

export function saveVendorEvidence(found: VendorEvidence, storage: Storage = sessionStorage): void {
  try {
    for (const key of VENDOR_EVIDENCE_KEYS) {
      const value = found[key];
      if (value) storage.setItem(key, value);
    }
  } catch {
    // Storage disabled: the application simply carries no certificate.
  }
}

export function readVendorEvidence(storage: Storage = sessionStorage): VendorEvidence {
  const kept: VendorEvidence = {};
  try {
    for (const key of VENDOR_EVIDENCE_KEYS) {
      const value = storage.getItem(key)?.trim();
      if (value && value.length <= MAX_LENGTH) kept[key] = value;
    }
  } catch {
    // Nothing kept.
  }
  return kept;
}
