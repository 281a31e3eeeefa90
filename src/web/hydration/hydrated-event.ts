// The event the app fires on window once React has hydrated a prerendered page: the page's inline bootstrap
// (src/web/hydration/hydration-gate.ts) then replays the taps it held while the app was not running yet.
export const HYDRATED_EVENT = "loanpath:hydrated";

// Fired by the page's bootstrap (scripts/defer-hydration.ts) when the app's modules could not be imported.
export const HYDRATION_FAILED_EVENT = "loanpath:hydration-failed";

// The session key under which a page left before its app started keeps the query of its address (a campaign's
// source), so the next page's app remembers it as the entry's (src/web/site/attribution.ts).
export const UNREAD_ENTRY_KEY = "loanpath:unread-entry";
