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

/**
 * Pages of the route table that are not built yet: the lender connection, the redirect and reject pages and
 * /congratulations. Until each exists the server answers 404 for it and the app shows its not-found page in
 * the site layout; a page moves into CLIENT_ROUTE_PATHS with the route that renders it.
 */
export const UNBUILT_PAGE_PATHS = [
  "/mapping-lender",
  "/configuration",
  "/redirect",
  "/redirect-upstart",
  "/redirect-upgrade",
  "/reject-page",
  "/congratulations",
] as const;

/** The paths the browser app renders: the public pages and every row of the step table. */
export const CLIENT_ROUTE_PATHS: ReadonlySet<string> = new Set([
  ...PUBLIC_PAGE_PATHS,
  ...STEPS.map((step) => step.path),
]);

/** Whether a URL path (no query; a trailing slash allowed) is one of the browser app's routes. */
export function isClientRoute(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return CLIENT_ROUTE_PATHS.has(trimmed || "/");
}
