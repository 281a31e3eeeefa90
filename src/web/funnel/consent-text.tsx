import type { ReactNode } from "react";
import { Link } from "react-router";
import { CONSENT_TEXTS, fillConsent, type ConsentKey } from "#domain/consent.ts";
import { useOpenInfoPopup } from "#web/frame/info/info-popups.tsx";
import { consentPlaceholdersFor } from "#web/site/consent-placeholders.ts";
import { PAGE_LINKS } from "#web/site/legal-links.ts";
import { useSite } from "#web/site/use-site.ts";
import { LinkedText } from "#web/ui/linked-text.tsx";

const newTab = (to: string) => (phrase: string) => (
  <Link to={to} target="_blank" rel="noopener">
    {phrase}
    <span className="visually-hidden"> (opens in a new tab)</span>
  </Link>
);

// The versioned consent text of a screen (src/domain/consent.ts), word for word with the brand filled in:
// its version travels with the save as evidence. The documents it names open in a new tab, so the form
// keeps its answers; Rates and Fees and the partner list open as pop-ups (docs/product/screens-and-routes.md, SSN
// screen).
export function ConsentText({ consent }: { consent: ConsentKey }): ReactNode {
  const site = useSite();
  const openPopup = useOpenInfoPopup();
  const popup = (which: "rates-and-fees" | "marketing-partners") => (phrase: string) => (
    <button type="button" className="link-button" onClick={() => openPopup(which)}>
      {phrase}
    </button>
  );
  return (
    <LinkedText
      text={fillConsent(CONSENT_TEXTS[consent], consentPlaceholdersFor(site))}
      links={{
        [PAGE_LINKS.disclaimer.label]: newTab(PAGE_LINKS.disclaimer.to),
        [PAGE_LINKS.privacy.label]: newTab(PAGE_LINKS.privacy.to),
        [PAGE_LINKS.creditAuthorization.label]: newTab(PAGE_LINKS.creditAuthorization.to),
        [PAGE_LINKS.terms.label]: newTab(PAGE_LINKS.terms.to),
        "Rates and Fees": popup("rates-and-fees"),
        "the list of partners": popup("marketing-partners"),
      }}
    />
  );
}
