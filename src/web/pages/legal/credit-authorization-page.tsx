import { Link } from "react-router";
import { PAGE_LINKS } from "#web/site/legal-links.ts";
import { pageTitle } from "#web/site/page-title.ts";
import { formatPostalAddress } from "#web/site/brands/site-config.ts";
import { useSite } from "#web/site/use-site.ts";
import { LegalPage } from "./legal-page.tsx";

export function meta() {
  return [
    { title: pageTitle("Credit Authorization Agreement") },
    { name: "description", content: "What you authorize when you submit a loan request." },
  ];
}

// The credit authorization agreement of docs/product/screens-and-routes.md: seven agreements, a to g.
export default function CreditAuthorizationPage() {
  const site = useSite();
  const name = site.brand.name;
  const email = <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>;
  return (
    <LegalPage
      title="Credit Authorization Agreement"
      intro={
        <p>
          By submitting a loan request through {name}, operated by {site.brand.legalName}, you agree to the following:
        </p>
      }
    >
      <ol className="legal-page__list-alpha">
        <li id="agreement-a">
          <strong>Consumer reports.</strong> You give written instructions under the Fair Credit Reporting Act
          authorizing {name}, and the lenders and lending partners to which your request is sent, to obtain consumer
          reports and related information about you from one or more consumer reporting agencies, such as Experian,
          Equifax, TransUnion and specialty agencies, to evaluate your request, confirm your identity and prevent fraud.
        </li>
        <li id="agreement-b">
          <strong>Verification.</strong> You authorize those companies to verify the information you gave, including
          your identity, address, phone number, employment, income and bank account, with your employer, your bank and
          data providers, and to contact them for this purpose.
        </li>
        <li id="agreement-c">
          <strong>Sharing with lenders and partners.</strong> You authorize {name} to share your request and the
          information in it with lenders, lending partners and the{" "}
          <Link to={PAGE_LINKS.partners.to}>marketing partners</Link> in its network, as described in our{" "}
          <Link to={PAGE_LINKS.privacy.to}>Privacy Policy</Link>.
        </li>
        <li id="agreement-d">
          <strong>Effect on your credit.</strong> You understand that checks made to match your request are usually soft
          inquiries that do not affect your credit score, but that a lender to which you apply may make a hard inquiry,
          which may. Lenders may report your loan and your payments to credit bureaus; late or missed payments can lower
          your credit score.
        </li>
        <li id="agreement-e">
          <strong>Accurate information.</strong> You confirm that the information you submit is true, complete and your
          own, that you are at least 18 years old and a legal resident of the United States, and that you may be refused
          credit if it is not.
        </li>
        <li id="agreement-f">
          <strong>Electronic signature.</strong> You agree that pressing the button that submits your request is your
          electronic signature on this agreement, with the same effect as a handwritten signature, and that you may
          receive this agreement and related notices electronically.
        </li>
        <li id="agreement-g">
          <strong>Duration and revocation.</strong> This authorization lasts as long as it is needed to process your
          request and any loan that results from it. You may revoke it for the future by writing to {email} or to{" "}
          {site.brand.legalName}, {formatPostalAddress(site.contact.address).join(", ")}; revoking does not undo checks
          already made.
        </li>
      </ol>
    </LegalPage>
  );
}
