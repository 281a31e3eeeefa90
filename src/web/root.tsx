import { useEffect, useState, type ReactNode } from "react";
import { isRouteErrorResponse, Links, Meta, Outlet, Scripts, ScrollRestoration } from "react-router";
import type { Route } from "./+types/root";
import { HYDRATED_EVENT } from "./hydration/hydrated-event.ts";
import { rememberEntryAttribution } from "./site/attribution.ts";
import siteStylesheet from "./styles/site.css?url";

const PAGE_END_ID = "page-end";

export function Layout({ children }: { children: ReactNode }) {
  // The layout's effect runs after every effect of the page inside it: the page is hydrated and wired, so the
  // taps a prerendered page held until now can be made again (docs/decisions/0025-hydrate-on-intent.md).
  useEffect(() => {
    window.dispatchEvent(new Event(HYDRATED_EVENT));
  }, []);
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        {/* With a precedence React writes the stylesheet at the top of the head, before the modules that
            <Scripts /> preloads: the one render-blocking request goes out first (decision 0024). */}
        <link rel="stylesheet" href={siteStylesheet} precedence="site" />
        <Links />
        {/* A slow phone may paint a half-parsed page and then move it (the hero, the navbar) as the rest
            arrives; holding the first paint until the page's end is parsed keeps layout shift at zero. */}
        <link rel="expect" href={`#${PAGE_END_ID}`} blocking="render" />
      </head>
      <body>
        {children}
        <div id={PAGE_END_ID} hidden />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

export default function App() {
  // The traffic source of whatever page the visitor entered on (landing, e-mail link, /apply/*), kept before
  // any page's own effects run: the e-mail-link entry sends it with the lead it creates on mount.
  useState(() => {
    if (typeof window !== "undefined") rememberEntryAttribution(window.location.search, document.cookie);
  });
  return <Outlet />;
}

export function HydrateFallback() {
  return (
    <main className="page-loading" aria-busy="true">
      <p>Loading…</p>
    </main>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) && error.status === 404 ? "Page not found" : "Something went wrong";
  return (
    <main className="page-error">
      <h1>{title}</h1>
      <p>
        <a href="/">Go to the home page</a>
      </p>
    </main>
  );
}
