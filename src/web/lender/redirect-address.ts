// The accepting lender's address, kept in local storage under the spec's key (docs/product/lead-fields.md,
// storage keys) so the redirect pages can send the visitor on even after a reload. Only an http(s) address
// is ever kept or followed: local storage is writable by anything on the page's origin, and a
// `javascript:` address would run in it.
const REDIRECT_URL_KEY = "redirectURL";

/** The address when it is an absolute http(s) URL, else undefined. */
export function safeRedirectAddress(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  try {
    const url = new URL(value);
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : undefined;
  } catch {
    return undefined;
  }
}

export function saveRedirectAddress(address: string, storage: Storage = localStorage): void {
  try {
    storage.setItem(REDIRECT_URL_KEY, address);
  } catch {
    // Storage disabled: the redirect page then offers the way back home instead.
  }
}

export function readRedirectAddress(storage: Storage = localStorage): string | undefined {
  try {
    return safeRedirectAddress(storage.getItem(REDIRECT_URL_KEY));
  } catch {
    return undefined;
  }
}
