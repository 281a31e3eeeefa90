import { Outlet, useLocation } from "react-router";
import { SiteFooter } from "#web/frame/site-footer.tsx";
import { InfoPopupsProvider } from "#web/frame/info/info-popups.tsx";
import { SiteNavbar } from "#web/frame/site-navbar.tsx";

/** docs/product/settled-readings.md#13-congratulations-page: only its navbar's style sets it apart. */
const ALTERNATE_NAVBAR_PATHS = new Set(["/congratulations"]);

// Frame of every public page (landing, legal and privacy pages): navbar, the page, footer, and the
// informational pop-ups any of them can open.
export default function PublicLayout() {
  const { pathname } = useLocation();
  return (
    <InfoPopupsProvider backCloses>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteNavbar variant={ALTERNATE_NAVBAR_PATHS.has(pathname) ? "alternate" : "default"} />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </InfoPopupsProvider>
  );
}
