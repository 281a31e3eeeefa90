import { STEPS } from "./steps/step-table.ts";

// Every path of the route table (docs/product/screens-and-routes.md) that the browser app answers. The server serves
// the app shell with 200 for these and with 404 for any other path (a mistyped address, a page not built yet),
// so "not found" is real for browsers, crawlers and monitors alike, while the app shows its own
// not-found page.
/** The landing, legal and privacy-request pages: prerendered to HTML at build time (react-router.config.ts). */
export const PUBLIC_PAGE_PATHS = [
  "/",
  "/start",
  "/terms-of-use",
  "/privacy",
  "/contact-us",
  "/disclaimer",
  "/frequently-asked-questions",
  "/credit-authorization-agreement",
  "/partners",
  "/unsubscribe",
  "/do-not-sell-information",
] as const;

/** The lender connection: one screen on two paths (docs/product/screens-and-routes.md). */
export const LENDER_CONNECTION_PATHS = ["/mapping-lender", "/configuration"] as const;

/** Where an accepted visitor goes when the winning buyer gave no page of its own. */
export const CONGRATULATIONS_PAGE_PATH = "/congratulations";

/** The pages that send an accepted visitor on to the lender (docs/product/screens-and-routes.md). */
export const REDIRECT_PAGE_PATHS = [
  "/redirect-upstart",
  "/redirect-upgrade",
  "/redirect",
  CONGRATULATIONS_PAGE_PATH,
] as const;

export const REJECT_PAGE_PATH = "/reject-page";

/**
 * The duplicate window's default (DUPLICATE_WINDOW_DAYS): the same person's requests reach lenders once in this many
 * days (docs/product/lender-network.md#duplicates).
 */
export const DEFAULT_DUPLICATE_WINDOW_DAYS = 30;
const REPEAT_AFTER_DAYS = "repeat_after_days";

/**
 * The reject page's address as the server answers it: with the duplicate window, so the page can say when a new
 * request can reach lenders again (docs/decisions/0030-funnel-words.md). Every rejected visitor gets the same
 * address, a duplicate or not: the page must not tell anyone that an e-mail, phone or SSN applied before.
 */
export function rejectPageAddress(duplicateWindowDays: number): string {
  return `${REJECT_PAGE_PATH}?${REPEAT_AFTER_DAYS}=${duplicateWindowDays}`;
}

/** The duplicate window a reject page's query gives, else the default (a rejection the browser decided itself). */
export function repeatAfterDaysOf(search: string): number {
  const days = new URLSearchParams(search).get(REPEAT_AFTER_DAYS);
  return days !== null && /^\d{1,4}$/.test(days) ? Number(days) : DEFAULT_DUPLICATE_WINDOW_DAYS;
}

/** The paths the browser app renders: the public pages, every row of the step table and the lender pages. */
export const CLIENT_ROUTE_PATHS: ReadonlySet<string> = new Set([
  ...PUBLIC_PAGE_PATHS,
  ...STEPS.map((step) => step.path),
  ...LENDER_CONNECTION_PATHS,
  ...REDIRECT_PAGE_PATHS,
  REJECT_PAGE_PATH,
]);

/** The operator console's own paths: the console's router decides which of them exist. */
const CONSOLE_PATH = "/console";

/** Whether a URL path (no query; a trailing slash allowed) is one of the browser app's routes. */
export function isClientRoute(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return CLIENT_ROUTE_PATHS.has(trimmed || "/") || trimmed === CONSOLE_PATH || trimmed.startsWith(`${CONSOLE_PATH}/`);
}
