import { Link } from "react-router";
import { labelOf, MAX_LOAN_AMOUNT, MIN_LOAN_AMOUNT, US_STATES } from "#domain/options.ts";
import { PAGE_LINKS } from "#web/site/legal-links.ts";
import { pageTitle } from "#web/site/page-title.ts";
import { formatPostalAddress } from "#web/site/brands/site-config.ts";
import { useSite } from "#web/site/use-site.ts";
import { usd } from "#web/ui/money.ts";
import { LegalPage, LegalSection } from "./legal-page.tsx";

export const TERMS_UPDATED = "09-22-2023";

export function meta() {
  return [
    { title: pageTitle("Terms of Use") },
    { name: "description", content: "The terms that govern the use of this website." },
  ];
}

// Terms of Use, the 8 sections of docs/product/screens-and-routes.md: site usage, products/services, intellectual
// property, limitation of liability, compliance with laws, e-consent, violations, modifications.
export default function TermsOfUsePage() {
  const site = useSite();
  const name = site.brand.name;
  const company = site.brand.legalName;
  return (
    <LegalPage
      title="Terms of Use"
      updated={TERMS_UPDATED}
      intro={
        <p>
          These Terms of Use are an agreement between you and {company} ("{name}", "we", "us"), the operator of{" "}
          {site.brand.url}. By using this website you accept these terms and our{" "}
          <Link to={PAGE_LINKS.privacy.to}>Privacy Policy</Link>. If you do not accept them, please do not use the
          website.
        </p>
      }
    >
      <LegalSection id="site-usage" title="1. Use of the website">
        <p>
          You may use this website only if you are at least 18 years old and a legal resident of the United States, and
          only for your own lawful, personal and non-commercial purposes. You agree to give true, accurate, current and
          complete information about yourself, to submit a request only for yourself, and not to use another person's
          identity, e-mail address, phone number or bank account. You are responsible for the devices and internet
          connection you use to reach the website.
        </p>
        <p>
          You must not: interfere with or disrupt the website or the servers that run it; try to gain access to any part
          of it that is not offered to you; use robots, scrapers or other automated means to access it or collect
          information from it; submit requests on behalf of others or for testing or fraudulent purposes; or upload
          anything that contains malicious code.
        </p>
      </LegalSection>

      <LegalSection id="products-services" title="2. Our products and services">
        <p>
          {name} is a free loan-request and referral service. We are not a lender, do not make loans or credit
          decisions, and are not an agent, representative or broker of any lender. When you submit a request, we pass
          the information you provide to lenders, lending partners and marketing partners in our network, who may offer
          you a loan of {usd(MIN_LOAN_AMOUNT)} to {usd(MAX_LOAN_AMOUNT)} or related products. Submitting a request does
          not guarantee that you will be connected with a lender, receive an offer, or be approved, and you are never
          obliged to accept an offer.
        </p>
        <p>
          Each lender sets its own rates, fees, terms and requirements and gives you its own loan agreement; any loan is
          solely between you and the lender. Lenders may verify your information and check your credit with consumer
          reporting agencies. We do not charge you for our service; we may be paid by lenders and partners for the
          requests we refer. Our service is not available in all states, and the lenders in our network, the amounts
          they offer and the time it takes to receive funds vary.
        </p>
      </LegalSection>

      <LegalSection id="intellectual-property" title="3. Intellectual property">
        <p>
          The website and everything on it, including text, graphics, logos, the {name} name, software and the selection
          and arrangement of content, belong to {company} or its licensors and are protected by United States and
          international copyright, trademark and other laws. We grant you a limited, revocable, non-exclusive,
          non-transferable license to view the website for your personal use. You may not copy, modify, distribute,
          publish, frame or create derivative works from any part of it without our written permission.
        </p>
      </LegalSection>

      <LegalSection id="limitation-of-liability" title="4. Disclaimer and limitation of liability">
        <p>
          The website and our service are provided "as is" and "as available", without warranties of any kind, express
          or implied, including warranties of merchantability, fitness for a particular purpose and non-infringement. We
          do not warrant that the website will be uninterrupted, error-free or free of harmful components, or that any
          lender will offer you credit. We are not responsible for the products, terms, conduct, websites or
          communications of lenders or other third parties.
        </p>
        <p>
          To the fullest extent the law allows, {company}, its officers, employees and agents are not liable for any
          indirect, incidental, special, consequential or punitive damages, or for any loss of profits, data or
          goodwill, arising from your use of the website or any loan or product you obtain through it. Our total
          liability for any claim relating to the website is limited to one hundred U.S. dollars ($100). Some states do
          not allow these limits, so some of them may not apply to you.
        </p>
      </LegalSection>

      <LegalSection id="compliance-with-laws" title="5. Compliance with laws">
        <p>
          You agree to use the website in compliance with all applicable federal, state and local laws. We operate the
          website in compliance with applicable laws, including the Telephone Consumer Protection Act, the CAN-SPAM Act,
          the Fair Credit Reporting Act, the Gramm-Leach-Bliley Act and state privacy laws, and we expect the lenders
          and partners in our network to do the same. Nothing on the website is an offer or solicitation of credit in
          any state where it would be unlawful. These terms are governed by the laws of the State of{" "}
          {labelOf(US_STATES, site.contact.address.state) ?? site.contact.address.state} and applicable federal law.
        </p>
      </LegalSection>

      <LegalSection id="e-consent" title="6. Consent to electronic communications (E-Consent)">
        <p>
          By using the website and submitting a request, you agree under the federal Electronic Signatures in Global and
          National Commerce Act (E-SIGN) that we, lenders and our partners may give you notices, disclosures, agreements
          and other communications electronically, by e-mail, text message or on the website, and that these satisfy any
          legal requirement that they be in writing. Pressing a button such as REQUEST NOW or Next is your electronic
          signature.
        </p>
        <p>
          To receive and keep these communications you need a device with internet access, a current web browser, a
          valid e-mail address and the ability to save or print documents. You may withdraw this consent, or ask for a
          paper copy of any communication at no charge, by writing to{" "}
          <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a> or to our postal address below. Withdrawing
          consent may mean we cannot process your request.
        </p>
      </LegalSection>

      <LegalSection id="violations" title="7. Violations">
        <p>
          If you break these terms, give false information or misuse the website, we may, without notice, refuse or
          cancel your request, suspend or block your access, and report the matter to law enforcement. You agree to
          indemnify and hold {company} harmless from any claim, loss or cost, including reasonable attorneys' fees,
          caused by your breach of these terms or your misuse of the website. To report a violation, write to{" "}
          <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>.
        </p>
      </LegalSection>

      <LegalSection id="modifications" title="8. Changes to these terms">
        <p>
          We may change these terms, and the website, at any time. The changed terms apply from the date shown as "Last
          updated" at the top of this page; using the website after that date means you accept them. Changes do not
          affect a request you submitted before them. If any part of these terms is found unenforceable, the rest
          remains in force.
        </p>
        <p>
          Questions about these terms: {company}, {formatPostalAddress(site.contact.address).join(", ")};{" "}
          <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
