// The event the app fires on window once React has hydrated a prerendered page: the page's inline bootstrap
// (src/web/hydration/hydration-gate.ts) then replays the taps it held while the app was not running yet.
export const HYDRATED_EVENT = "loanpath:hydrated";
