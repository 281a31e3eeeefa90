import { ATTRIBUTION_KEYS, attributionFrom, type Attribution } from "#domain/attribution.ts";
import { UNREAD_ENTRY_KEY } from "#web/hydration/hydrated-event.ts";

// The visitor's traffic source (src/domain/attribution.ts), kept in session storage under the spec's keys
// (docs/product/lead-fields.md, storage keys) from the page they entered on until the application is sent.
// An entry that names a source of its own replaces the whole set: sub ids of one campaign never mix with
// another's.

function cookieMap(cookie: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const part of cookie.split(";")) {
    const at = part.indexOf("=");
    if (at < 0) continue;
    try {
      map.set(decodeURIComponent(part.slice(0, at).trim()), decodeURIComponent(part.slice(at + 1).trim()));
    } catch {
      // A cookie that is not valid percent-encoding is someone else's; skip it.
    }
  }
  return map;
}

export function rememberAttribution(search: string, cookie: string, storage: Storage = sessionStorage): void {
  const found = attributionFrom(new URLSearchParams(search), cookieMap(cookie));
  if (Object.keys(found).length === 0) return;
  try {
    for (const key of ATTRIBUTION_KEYS) {
      const value = found[key];
      if (value === undefined) storage.removeItem(key);
      else storage.setItem(key, value);
    }
  } catch {
    // Storage disabled: the application simply carries no source.
  }
}

/**
 * The source of the page the app starts on, after that of a page the visitor left before its app had started
 * (a landing page waits for a first touch, docs/decisions/0025-hydrate-on-intent.md, and a first tap on a link to
 * another page leaves it with its campaign's query unread; its bootstrap keeps that query under UNREAD_ENTRY_KEY).
 */
export function rememberEntryAttribution(search: string, cookie: string, storage?: Storage): void {
  let store: Storage;
  let unread: string | null;
  try {
    store = storage ?? sessionStorage;
    unread = store.getItem(UNREAD_ENTRY_KEY);
    store.removeItem(UNREAD_ENTRY_KEY);
  } catch {
    return; // Storage disabled: the application simply carries no source.
  }
  // The page the app starts on counts as the entry only if its own address names a source; a campaign cookie
  // alone must not replace the source the visitor arrived with a page earlier.
  const ownSource = Object.keys(attributionFrom(new URLSearchParams(search), new Map())).length > 0;
  rememberAttribution(unread !== null && !ownSource ? unread : search, cookie, store);
}

export function readAttribution(storage: Storage = sessionStorage): Attribution {
  const kept: Attribution = {};
  try {
    for (const key of ATTRIBUTION_KEYS) {
      const value = storage.getItem(key);
      if (value !== null) kept[key] = value;
    }
  } catch {
    // Nothing kept.
  }
  return kept;
}
