import { type RouteConfig, index, layout, route } from "@react-router/dev/routes";

// Public pages share the navbar, footer and pop-ups of pages/layout; all of them are prerendered
// (react-router.config.ts). Funnel routes are added by the funnel.
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
  ]),
  route("*", "pages/not-found-page.tsx"),
] satisfies RouteConfig;
