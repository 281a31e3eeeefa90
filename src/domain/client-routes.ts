import { STEPS } from "./steps/step-table.ts";

// Every path of the route table (docs/product/screens-and-routes.md) that the browser app answers. The server serves
// the app shell with 200 for these and with 404 for any other path, so a mistyped address is a real "not
// found" for browsers, crawlers and monitors alike, while the app still shows its own not-found page.
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

/** Pages of the route table that are neither funnel steps nor public pages. */
const OTHER_ROUTES = [
  "/mapping-lender",
  "/configuration",
  "/redirect",
  "/redirect-upstart",
  "/redirect-upgrade",
  "/reject-page",
  "/congratulations",
] as const;

export const CLIENT_ROUTE_PATHS: ReadonlySet<string> = new Set([
  ...PUBLIC_PAGE_PATHS,
  ...OTHER_ROUTES,
  ...STEPS.map((step) => step.path),
]);

/** Whether a URL path (no query; a trailing slash allowed) is one of the browser app's routes. */
export function isClientRoute(path: string): boolean {
  const trimmed = path.length > 1 ? path.replace(/\/+$/, "") : path;
  return CLIENT_ROUTE_PATHS.has(trimmed || "/");
}
