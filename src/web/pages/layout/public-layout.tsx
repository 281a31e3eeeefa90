import { Outlet } from "react-router";
import { SiteFooter } from "#web/ui/site-footer.tsx";
import { InfoPopupsProvider } from "../info/info-popups.tsx";
import { SiteNavbar } from "./site-navbar.tsx";

// Frame of every public page (landing, legal and privacy pages): navbar, the page, footer, and the
// informational pop-ups any of them can open.
export default function PublicLayout() {
  return (
    <InfoPopupsProvider>
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteNavbar />
      <main id="main" className="site-main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
    </InfoPopupsProvider>
  );
}
