import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useLocation } from "react-router";
import { MarketingPartnersPopup } from "#web/funnel/chrome/marketing-partners-popup.tsx";
import { useSite } from "#web/site/use-site.ts";
import { Dialog } from "#web/ui/dialog.tsx";
import { FaqList } from "./faq-list.tsx";
import { faqs } from "./faqs.tsx";
import { HowItWorks } from "./how-it-works.tsx";
import { RatesAndFees } from "./rates-and-fees.tsx";

export type InfoPopup = "how-it-works" | "rates-and-fees" | "faqs" | "marketing-partners";

const OpenPopupContext = createContext<(popup: InfoPopup) => void>(() => {});

/** Opens one of the site's informational pop-ups (docs/product/overview.md) from anywhere under the provider. */
export function useOpenInfoPopup() {
  return useContext(OpenPopupContext);
}

// Holds the one pop-up that may be open. A pop-up belongs to the page it was opened on: following a link
// inside it to another page closes it.
export function InfoPopupsProvider({ children }: { children: ReactNode }) {
  const site = useSite();
  const { pathname } = useLocation();
  const [open, setOpen] = useState<{ popup: InfoPopup; pathname: string } | null>(null);
  const openPopup = useCallback((popup: InfoPopup) => setOpen({ popup, pathname }), [pathname]);
  const close = useCallback(() => setOpen(null), []);
  const current = open?.pathname === pathname ? open.popup : null;
  const faqItems = useMemo(() => faqs(site), [site]);

  return (
    <OpenPopupContext.Provider value={openPopup}>
      {children}
      <Dialog open={current === "how-it-works"} onClose={close} title="How it works">
        <HowItWorks site={site} />
      </Dialog>
      <Dialog open={current === "rates-and-fees"} onClose={close} title="Rates and Fees">
        <RatesAndFees site={site} />
      </Dialog>
      <Dialog open={current === "faqs"} onClose={close} title="Frequently Asked Questions">
        <FaqList items={faqItems} variant="disclosure" />
      </Dialog>
      <MarketingPartnersPopup open={current === "marketing-partners"} onClose={close} />
    </OpenPopupContext.Provider>
  );
}
