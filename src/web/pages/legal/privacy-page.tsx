import { Link } from "react-router";
import { PAGE_LINKS } from "#web/site/legal-links.ts";
import { pageTitle } from "#web/site/page-title.ts";
import { formatPostalAddress, phoneHref } from "#web/site/brands/site-config.ts";
import { useSite } from "#web/site/use-site.ts";
import { LegalPage, LegalSection } from "./legal-page.tsx";

/** docs/product/screens-and-routes.md: the Privacy Policy is dated 09-22-2023. */
export const PRIVACY_UPDATED = "09-22-2023";

export function meta() {
  return [
    { title: pageTitle("Privacy Policy") },
    { name: "description", content: "How we collect, use, share and protect your information." },
  ];
}

// Privacy Policy with every section docs/product/screens-and-routes.md lists: information collected, use, sharing,
// do-not-call (18 months after the last purchase, 3 months after an application or inquiry), retention and security,
// third-party links, e-consent, California Shine the Light, opt-out, push notifications, contact.
export default function PrivacyPage() {
  const site = useSite();
  const name = site.brand.name;
  const company = site.brand.legalName;
  const email = <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>;
  return (
    <LegalPage
      title="Privacy Policy"
      updated={PRIVACY_UPDATED}
      intro={
        <p>
          This policy explains how {company} ("{name}", "we", "us") collects, uses, shares and protects information
          about you when you visit {site.brand.url} or submit a loan request. Our service is meant for legal residents
          of the United States who are 18 or older; we do not knowingly collect information from anyone under 18.
        </p>
      }
    >
      <LegalSection id="information-collected" title="Information we collect">
        <p>We collect the information you give us in our forms, which may include:</p>
        <ul>
          <li>identity and contact details: name, date of birth, e-mail address, phone numbers and home address;</li>
          <li>the loan you are looking for: amount and reason;</li>
          <li>
            financial details: income, pay dates, employer, time at your job and residence, housing, bank name, routing
            and account numbers, and an estimate of your credit;
          </li>
          <li>identifiers used to verify you: Social Security number and driver's license or state ID number.</li>
        </ul>
        <p>
          We also collect information automatically: your IP address, browser and device type, pages visited, the
          website that referred you, the time of your visit and, when you submit a form, a record of the consent text
          you saw and accepted. We use cookies that are needed for the website to work and to keep your request secure.
        </p>
      </LegalSection>

      <LegalSection id="use" title="How we use your information">
        <ul>
          <li>to process your request and match it with lenders and partners who may be able to help you;</li>
          <li>to verify your identity and prevent fraud, including checks with consumer reporting agencies;</li>
          <li>to contact you about your request and, with your consent, about other offers that may interest you;</li>
          <li>to operate, secure and improve the website and keep records required by law;</li>
          <li>to comply with legal obligations, respond to lawful requests and enforce our terms.</li>
        </ul>
      </LegalSection>

      <LegalSection id="sharing" title="How we share your information">
        <p>
          When you submit a request, you direct us to share your information with lenders, lending partners and networks
          that may offer you a loan, and with the <Link to={PAGE_LINKS.partners.to}>marketing partners</Link> named on
          our website, who may offer you related financial products. These companies use your information under their
          own privacy policies. We also share information with service providers that work for us (hosting, identity
          verification, fraud prevention, e-mail and messaging), who may use it only to provide their services to us;
          with authorities when the law requires it; and with a buyer or successor if our business is sold or merged. We
          do not sell information to anyone outside these purposes.
        </p>
      </LegalSection>

      <LegalSection id="do-not-call" title="Telephone calls, text messages and the Do-Not-Call registry">
        <p>
          When you submit a request you agree, as described in the consent text next to the button, that we, lenders and
          our marketing partners may contact you by e-mail, by text message and by calls made with an automatic
          telephone dialing system or a prerecorded voice, at the numbers you provide, even if your number is on a
          federal, state or company Do-Not-Call list. Your consent is not a condition of obtaining a loan.
        </p>
        <p>
          Submitting a request also creates an established business relationship with us. Under the Telemarketing Sales
          Rule, that relationship allows calls to a number on the National Do-Not-Call Registry for 18 months after your
          last purchase or transaction with us and for 3 months after your application or inquiry, unless you ask us to
          stop sooner. You can revoke your consent at any time: reply STOP to any text message (or text STOP to{" "}
          {site.smsShortCode}), tell the caller, use our <Link to={PAGE_LINKS.unsubscribe.to}>unsubscribe form</Link> or
          write to {email}. Message and data rates may apply.
        </p>
      </LegalSection>

      <LegalSection id="retention-security" title="Data retention and security">
        <p>
          We keep your information only as long as we need it for the purposes above and as the law requires, such as
          record-keeping rules for consumer consent and financial services; then we delete or de-identify it. We protect
          it with administrative, technical and physical safeguards: every page is served over an encrypted (TLS)
          connection, sensitive identifiers such as your Social Security and bank account numbers are encrypted when
          stored, and access is limited to people and systems that need it. No method of transmission or storage is
          completely secure, so we cannot guarantee absolute security.
        </p>
      </LegalSection>

      <LegalSection id="third-party-links" title="Links to other websites">
        <p>
          Our website, e-mails and messages may link to websites of lenders and other companies, including the website a
          lender sends you to after your request. We do not control those websites and are not responsible for their
          content or privacy practices. Please read the privacy policy of every website you visit.
        </p>
      </LegalSection>

      <LegalSection id="e-consent" title="Consent to electronic communications">
        <p>
          You agree that we may provide this policy, notices about it and other communications electronically, on this
          website or by e-mail, and that they have the same effect as paper. You may ask for a paper copy at no charge,
          or withdraw this consent, by writing to {email} or to our postal address below.
        </p>
      </LegalSection>

      <LegalSection id="shine-the-light" title="Your California privacy rights (Shine the Light)">
        <p>
          California Civil Code section 1798.83 lets California residents ask, once a year and free of charge, for a
          list of the categories of personal information we disclosed to third parties for their direct marketing
          purposes in the previous calendar year, with the names and addresses of those third parties. To ask, write to{" "}
          {email} or to our postal address with "Shine the Light" in the subject line, your name and your California
          address. Residents of California, Nevada, Virginia, Utah and Connecticut can also use our{" "}
          <Link to={PAGE_LINKS.doNotSell.to}>privacy rights request form</Link> to ask us not to sell or share their
          information, to delete it, to correct it or to tell them what we hold.
        </p>
      </LegalSection>

      <LegalSection id="opt-out" title="Your choices and how to opt out">
        <ul>
          <li>
            E-mail: use the unsubscribe link in any marketing e-mail, or our{" "}
            <Link to={PAGE_LINKS.unsubscribe.to}>unsubscribe form</Link>.
          </li>
          <li>Text messages: reply STOP to any message, or text STOP to {site.smsShortCode}.</li>
          <li>Calls: ask the caller to put you on their do-not-call list, or use our unsubscribe form.</li>
          <li>
            Sale or sharing of your information: use our <Link to={PAGE_LINKS.doNotSell.to}>do-not-sell form</Link>. We
            also treat a Global Privacy Control signal from your browser as a request not to sell or share.
          </li>
        </ul>
        <p>
          We act on opt-out requests within 48 hours. Lenders and partners who already received your information have
          their own opt-out procedures; contact them directly to stop their messages.
        </p>
      </LegalSection>

      <LegalSection id="push-notifications" title="Push notifications">
        <p>
          If you allow it in your browser, we may send push notifications about your request and related offers. You can
          turn them off at any time in your browser or device settings; doing so does not affect your request.
        </p>
      </LegalSection>

      <LegalSection id="changes" title="Changes to this policy">
        <p>
          We may update this policy. The date at the top shows when it last changed; a change applies to information we
          collect from that date.
        </p>
      </LegalSection>

      <LegalSection id="contact" title="Contact us">
        <address>
          {company}
          {formatPostalAddress(site.contact.address).map((line) => (
            <span key={line}>
              <br />
              {line}
            </span>
          ))}
          <br />
          E-mail: {email}
          <br />
          Phone: <a href={phoneHref(site.contact.phone)}>{site.contact.phone}</a>
        </address>
      </LegalSection>
    </LegalPage>
  );
}
