import { useEffect, type ReactNode } from "react";
import { Outlet, useLocation } from "react-router";
import { InfoPopupsProvider, useOpenInfoPopup } from "#web/frame/info/info-popups.tsx";
import { SiteNavbar } from "#web/frame/site-navbar.tsx";
import { ConsentVendorFields } from "#web/site/consent-vendor-fields.tsx";
import { useConsentVendors } from "#web/site/use-consent-vendors.ts";
import { CopyrightLine } from "./chrome/copyright-line.tsx";
import { PrivacySignalNotice } from "./chrome/privacy-signal-notice.tsx";
import { SecurityBadges } from "./chrome/security-badges.tsx";
import { useCurrentStep } from "./current-step.ts";
import { FunnelProvider } from "./funnel-state.tsx";
import { ProgressBar } from "./progress-bar.tsx";
import "./funnel.css";

// Frame of every funnel screen (docs/product/overview.md and docs/product/screens-and-routes.md): the site's header, a
// banner with the progress bar, the screen, then the security badges, the Marketing Partners pop-up and the copyright
// line. The frame stays mounted from screen to screen, so the bar animates and the saved lead is read only once.
export default function FunnelLayout() {
  return (
    <InfoPopupsProvider>
      <FunnelProvider>
        <FunnelFrame>
          <Outlet />
        </FunnelFrame>
      </FunnelProvider>
    </InfoPopupsProvider>
  );
}

export function FunnelFrame({ children }: { children: ReactNode }) {
  const step = useCurrentStep();
  const { pathname } = useLocation();
  const openPopup = useOpenInfoPopup();
  // A visitor who enters the funnel directly (an e-mail link, /apply) is witnessed here too; the frame stays
  // mounted, so the scripts load once for the whole application.
  useConsentVendors();

  // docs/product/screens-and-routes.md: every route change starts at the top of the page (back and forward too). A
  // block body: scrollTo returns a promise in newer browsers, which React would take for a cleanup function.
  useEffect(() => {
    void window.scrollTo(0, 0);
  }, [pathname]);

  return (
    <div className="funnel">
      <a className="skip-link" href="#main">
        Skip to main content
      </a>
      <SiteNavbar />
      <div className="funnel__banner">{step ? <ProgressBar indicator={step.indicator} /> : null}</div>
      <main id="main" className="funnel__main" tabIndex={-1}>
        <PrivacySignalNotice />
        <div className="funnel__card">{children}</div>
        <ConsentVendorFields />
      </main>
      <footer className="funnel__footer">
        <SecurityBadges />
        <p className="funnel__partners">
          <button type="button" className="link-button" onClick={() => openPopup("marketing-partners")}>
            Marketing Partners
          </button>
        </p>
        <CopyrightLine />
      </footer>
    </div>
  );
}
