import { Link } from "react-router";
import { PAGE_LINKS } from "#web/site/legal-links.ts";
import { pageTitle } from "#web/site/page-title.ts";
import { formatPostalAddress, phoneHref } from "#web/site/brands/site-config.ts";
import { useSite } from "#web/site/use-site.ts";
import { LegalPage } from "./legal-page.tsx";

export function meta() {
  return [{ title: pageTitle("Contact Us") }, { name: "description", content: "How to reach our support team." }];
}

// Contact Us (docs/product/screens-and-routes.md): postal address and e-mail, from the site configuration.
export default function ContactUsPage() {
  const site = useSite();
  return (
    <LegalPage
      title="Contact Us"
      intro={
        <p>
          Questions about your request, our website or your privacy? Write or call us; we answer e-mails within one
          business day.
        </p>
      }
    >
      <div className="legal-page__card">
        <h2>Customer support</h2>
        <p>
          E-mail: <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
          <br />
          Phone: <a href={phoneHref(site.contact.phone)}>{site.contact.phone}</a>
          <br />
          Hours: {site.contact.hours}
        </p>
        <h2>Mailing address</h2>
        <address>
          {site.brand.legalName}
          {formatPostalAddress(site.contact.address).map((line) => (
            <span key={line}>
              <br />
              {line}
            </span>
          ))}
        </address>
      </div>
      <p>
        {site.brand.name} is not a lender. For questions about a loan offer, a loan agreement or a payment, please
        contact the lender that made the offer: its details are in the documents it sent you.
      </p>
      <p>
        To stop calls, texts or e-mails, use our <Link to={PAGE_LINKS.unsubscribe.to}>unsubscribe form</Link>. To ask us
        not to sell or share your information, or to access, correct or delete it, use our{" "}
        <Link to={PAGE_LINKS.doNotSell.to}>privacy rights request form</Link>.
      </p>
    </LegalPage>
  );
}
