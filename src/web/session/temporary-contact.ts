import type { ConsentPlaceholders } from "#domain/consent.ts";

// The temporary contact of docs/product/behaviour.md (quick start): what the quick start form collected, kept for the
// funnel's first steps until a lead is created. Session storage: it survives a reload of the tab but never
// outlives it, and it holds no sensitive field.
export const TEMPORARY_CONTACT_KEY = "temporary_contact";

export type TemporaryContact = {
  amount: number;
  loanReason: string;
  zipCode: string;
  city: string;
  state: string;
  lat: number;
  long: number;
  /** The visitor's IP as the server saw it; absent when that call failed (docs/product/errors.md). */
  ipAddress?: string;
  userAgent: string;
  /** The Jornaya LeadiD token (the lead-tracking id), when Jornaya is configured and has answered. */
  trackingId?: string;
  /**
   * Which consent text REQUEST NOW agreed to, for the lead's consent evidence (docs/product/security-and-privacy.md):
   * the template's version and the brand's values filled into it, which together give the text shown.
   */
  consent: { key: "quick_start"; version: string; page_url: string; placeholders: ConsentPlaceholders };
  /** The legal name screen's answers, merged in and kept until the e-mail screen creates the lead. */
  firstName?: string;
  lastName?: string;
};

/** A user agent as sent with the lead: surrounding space removed and capped to what the server accepts. */
export function trimUserAgent(userAgent: string): string {
  return userAgent.trim().replace(/\s+/g, " ").slice(0, 512);
}

export function saveTemporaryContact(contact: TemporaryContact, storage: Storage = sessionStorage): void {
  try {
    storage.setItem(TEMPORARY_CONTACT_KEY, JSON.stringify(contact));
  } catch {
    // Storage full or disabled (private mode): the funnel asks again for what it lacks.
  }
}

/** Merges `changes` into the kept temporary contact (docs/product/behaviour.md: it "can be set or merged"). */
export function mergeTemporaryContact(
  changes: Partial<TemporaryContact>,
  storage: Storage = sessionStorage,
): TemporaryContact | undefined {
  const current = readTemporaryContact(storage);
  if (!current) return undefined;
  const merged = { ...current, ...changes };
  saveTemporaryContact(merged, storage);
  return merged;
}

export function readTemporaryContact(storage: Storage = sessionStorage): TemporaryContact | undefined {
  try {
    const raw = storage.getItem(TEMPORARY_CONTACT_KEY);
    return raw ? (JSON.parse(raw) as TemporaryContact) : undefined;
  } catch {
    return undefined;
  }
}

export function forgetTemporaryContact(storage: Storage = sessionStorage): void {
  try {
    storage.removeItem(TEMPORARY_CONTACT_KEY);
  } catch {
    // Nothing kept.
  }
}
