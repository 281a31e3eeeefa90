import { Link } from "react-router";
import { copyrightLine } from "#web/site/copyright.ts";
import { PAGE_LINKS } from "#web/site/legal-links.ts";
import { formatPostalAddress, phoneHref } from "#web/site/brands/site-config.ts";
import { useSite } from "#web/site/use-site.ts";
import { TrustSeals } from "./trust-seals.tsx";

const LEGAL = [
  PAGE_LINKS.terms,
  PAGE_LINKS.privacy,
  PAGE_LINKS.disclaimer,
  PAGE_LINKS.creditAuthorization,
  PAGE_LINKS.unsubscribe,
  PAGE_LINKS.doNotSell,
];
const COMPANY = [PAGE_LINKS.contact, PAGE_LINKS.faqs, PAGE_LINKS.partners];

// Footer of docs/product/overview.md: lender disclaimer, contact, social links and trust seals, all from the site
// configuration.
export function SiteFooter() {
  const site = useSite();
  const name = site.brand.name;
  return (
    <footer className="site-footer">
      <div className="site-footer__inner">
        <section className="site-footer__disclaimer" aria-labelledby="footer-disclaimer-title">
          <h2 id="footer-disclaimer-title" className="site-footer__heading">
            {name} is not a lender
          </h2>
          <p>
            {name} does not make loans or credit decisions and is not an agent or broker of any lender. We offer a free
            service that passes the information you submit to lenders and lending partners in our network, who decide on
            their own whether to offer you a loan and on what terms. Submitting a request does not guarantee an offer,
            and you are never obliged to accept one. Lenders may check your credit with one or more consumer reporting
            agencies. Not every lender offers amounts up to $5,000; the time it takes to receive funds depends on the
            lender and your bank, and is often the next business day. Our service is not available in every state, and
            the lenders you may be connected with vary by state. Questions about a loan offer go to the lender that made
            it.
          </p>
        </section>

        <div className="site-footer__columns">
          <nav className="site-footer__column" aria-labelledby="footer-company-title">
            <h2 id="footer-company-title" className="site-footer__heading">
              Company
            </h2>
            <ul>
              {COMPANY.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
              {site.blog.map((link) => (
                <li key={link.href}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>

          <nav className="site-footer__column" aria-labelledby="footer-legal-title">
            <h2 id="footer-legal-title" className="site-footer__heading">
              Legal and privacy
            </h2>
            <ul>
              {LEGAL.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </ul>
          </nav>

          <section className="site-footer__column" aria-labelledby="footer-contact-title">
            <h2 id="footer-contact-title" className="site-footer__heading">
              Contact
            </h2>
            <address>
              <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>
              <br />
              <a href={phoneHref(site.contact.phone)}>{site.contact.phone}</a>
              <br />
              {site.brand.legalName}
              {formatPostalAddress(site.contact.address).map((line) => (
                <span key={line}>
                  <br />
                  {line}
                </span>
              ))}
            </address>
            <ul className="site-footer__social" aria-label="Follow us">
              {site.social.map((link) => (
                <li key={link.href}>
                  <a href={link.href} target="_blank" rel="noopener noreferrer">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        </div>

        <div className="site-footer__seals">
          <TrustSeals label="Trust seals" />
        </div>

        <p className="site-footer__copyright">{copyrightLine(site)}</p>
      </div>
    </footer>
  );
}
