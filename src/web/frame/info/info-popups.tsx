import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { useLocation, useNavigate } from "react-router";
import { MarketingPartnersPopup } from "#web/frame/partners/marketing-partners-popup.tsx";
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

type PopupState = { infoPopup?: InfoPopup } | null;

// Holds the one pop-up that may be open. A pop-up belongs to the page it was opened on: following a link
// inside it to another page closes it.
//
// On the public pages (`backCloses`) an open pop-up is a history entry of its own, the same address with the
// pop-up's name in the history state: a phone's Back gesture then closes the pop-up instead of leaving the page
// the visitor was reading (docs/decisions/0020-dialog.md), and closing it any other way goes back over that entry.
// The funnel keeps the plain state, as its screens own what Back does there (docs/decisions/0015-funnel-screens.md).
export function InfoPopupsProvider({ children, backCloses = false }: { children: ReactNode; backCloses?: boolean }) {
  const site = useSite();
  const location = useLocation();
  const navigate = useNavigate();
  const { pathname } = location;
  const [open, setOpen] = useState<{ popup: InfoPopup; pathname: string } | null>(null);
  const inHistory = (location.state as PopupState)?.infoPopup ?? null;
  const openPopup = useCallback(
    (popup: InfoPopup) => {
      if (!backCloses) return setOpen({ popup, pathname });
      void navigate(
        { pathname, search: location.search, hash: location.hash },
        { state: { ...(location.state as object | null), infoPopup: popup }, preventScrollReset: true },
      );
    },
    [backCloses, navigate, pathname, location.search, location.hash, location.state],
  );
  const close = useCallback(() => {
    if (!backCloses) return setOpen(null);
    if (inHistory) void navigate(-1);
  }, [backCloses, inHistory, navigate]);
  const current = backCloses ? inHistory : open?.pathname === pathname ? open.popup : null;
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
