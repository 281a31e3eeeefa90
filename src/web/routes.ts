import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";
import { STEPS } from "../domain/steps/step-table.ts";

// Public pages share the navbar, footer and pop-ups of pages/layout; all of them are prerendered
// (react-router.config.ts). An unknown path, or a page of the route table not built yet, shows the
// not-found page inside that layout. The funnel has one route per row of the step table, all rendered by
// one page module that picks its row by the route id (the row's slug); it is client-rendered only.
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
    route("*", "pages/not-found-page.tsx"),
  ]),
  layout(
    "funnel/funnel-layout.tsx",
    STEPS.map((step) => route(step.path.slice(1), "funnel/funnel-page.tsx", { id: step.slug })),
  ),
] satisfies RouteConfig;
