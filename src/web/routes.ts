import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { LENDER_CONNECTION_PATHS, REDIRECT_PAGE_PATHS, REJECT_PAGE_PATH } from "../domain/client-routes.ts";
import { STEPS } from "../domain/steps/step-table.ts";

// Public pages share the navbar, footer and pop-ups of pages/layout; all of them are prerendered
// (react-router.config.ts) except the redirect and reject pages, which read the browser's storage. An
// unknown path shows the not-found page inside that layout. The funnel has one route per row of the step table (its id is the
// row's slug), rendered by the route module of the row's kind of screen, funnel/routes/<screen>.tsx, so
// each kind of screen is its own chunk; it is client-rendered only. The lender connection sits in the
// funnel's frame (it reads the visitor's lead); the redirect and reject pages after it in the site's.
export default [
  layout("pages/layout/public-layout.tsx", [
    index("pages/landing/landing-page.tsx", { id: "home" }),
    route("start", "pages/landing/landing-page.tsx", { id: "start" }),
    route("terms-of-use", "pages/legal/terms-of-use-page.tsx"),
    route("privacy", "pages/legal/privacy-page.tsx"),
    route("contact-us", "pages/legal/contact-us-page.tsx"),
    route("disclaimer", "pages/legal/disclaimer-page.tsx"),
    route("frequently-asked-questions", "pages/legal/faq-page.tsx"),
    route("credit-authorization-agreement", "pages/legal/credit-authorization-page.tsx"),
    route("partners", "pages/legal/partners-page.tsx"),
    route("unsubscribe", "pages/privacy-requests/unsubscribe-page.tsx"),
    route("do-not-sell-information", "pages/privacy-requests/do-not-sell-page.tsx"),
    ...REDIRECT_PAGE_PATHS.map((path) => route(path.slice(1), "lender/redirect-page.tsx", { id: path.slice(1) })),
    route(REJECT_PAGE_PATH.slice(1), "lender/reject-page.tsx"),
    route("*", "pages/not-found-page.tsx"),
  ]),
  layout("funnel/funnel-layout.tsx", [
    ...STEPS.map((step) => route(step.path.slice(1), `funnel/routes/${step.screen}.tsx`, { id: step.slug })),
    ...LENDER_CONNECTION_PATHS.map((path) => route(path.slice(1), "lender/connection-page.tsx", { id: path.slice(1) })),
  ]),
  // The operator console (docs/decisions/0034-operator-console.md): client-rendered, in chunks no consumer page
  // loads; its layout signs the operator in.
  route("console", "console/console-layout.tsx", [
    index("console/reports/today-route.tsx"),
    route("funnel", "console/reports/funnel-route.tsx"),
    route("reports/buyers", "console/reports/buyer-report-route.tsx"),
    route("reports/publishers", "console/reports/publisher-report-route.tsx"),
    route("privacy-requests", "console/privacy/privacy-queue-route.tsx"),
    route("audit", "console/audit/audit-route.tsx"),
    route("leads", "console/leads/leads-page.tsx"),
    route("leads/:id", "console/leads/lead-page.tsx"),
    route("operators", "console/operators/operators-route.tsx"),
    route("buyers", "console/buyers/buyers-route.tsx"),
    route("buyers/new", "console/buyers/buyer-new-route.tsx"),
    route("buyers/:id", "console/buyers/buyer-route.tsx"),
    route("statements", "console/statements/statements-route.tsx"),
    route("invoices", "console/money/invoices-route.tsx"),
    route("ledger", "console/ledger/ledger-check-route.tsx"),
    route("returns", "console/returns/returns-route.tsx"),
    route("publishers", "console/publishers/publishers-route.tsx"),
    route("publishers/new", "console/publishers/publisher-new-route.tsx"),
    route("publishers/:id", "console/publishers/publisher-route.tsx"),
    route("publishers/:id/test", "console/publishers/publisher-test-route.tsx"),
    route("my-traffic", "console/publishers/my-traffic-route.tsx"),
    route("screening", "console/screening/screening-route.tsx"),
    // The buyer portal (docs/product/buyer-money.md#the-buyer-portal): a buyer account's own pages.
    route("portal", "console/portal/portal-overview-route.tsx"),
    route("portal/leads", "console/portal/portal-leads-route.tsx"),
    route("portal/leads/:id", "console/portal/portal-leads-detail-route.tsx"),
    route("portal/returns", "console/portal/portal-returns-route.tsx"),
    route("portal/changes", "console/portal/portal-change-requests-route.tsx"),
    route("portal/keys", "console/portal/portal-keys-route.tsx"),
    route("portal/balance", "console/portal/portal-money-route.tsx"),
    route("portal/invoices", "console/portal/portal-invoices-route.tsx"),
  ]),
] satisfies RouteConfig;
