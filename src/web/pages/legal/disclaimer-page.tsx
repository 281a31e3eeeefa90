import { Link } from "react-router";
import { MAX_LOAN_AMOUNT, MIN_LOAN_AMOUNT } from "#domain/options.ts";
import { PAGE_LINKS } from "#web/site/legal-links.ts";
import { pageTitle } from "#web/site/page-title.ts";
import { useSite } from "#web/site/use-site.ts";
import { usd } from "#web/ui/money.ts";
import { LegalPage, LegalSection } from "./legal-page.tsx";

export function meta() {
  return [
    { title: pageTitle("Disclaimer") },
    { name: "description", content: "What our service is, and what it is not." },
  ];
}

export default function DisclaimerPage() {
  const site = useSite();
  const name = site.brand.name;
  return (
    <LegalPage title="Disclaimer">
      <LegalSection id="not-a-lender" title="We are not a lender">
        <p>
          The operator of this website, {site.brand.legalName}, is not a lender, does not make loans or credit
          decisions, and is not an agent, representative or broker of any lender. {name} provides a free service that
          passes the information you submit to lenders, lending partners and marketing partners in its network. We do
          not endorse any lender or product, and we are not responsible for the actions, offers or terms of any lender.
        </p>
      </LegalSection>
      <LegalSection id="no-guarantee" title="No guarantee of an offer or approval">
        <p>
          Submitting a request does not guarantee that you will be connected with a lender, receive an offer, or be
          approved for a loan of {usd(MIN_LOAN_AMOUNT)} to {usd(MAX_LOAN_AMOUNT)} or any amount. Lenders decide on their
          own criteria and may verify your information, including your Social Security number, driver's license or state
          ID number, bank details and credit, with consumer reporting agencies. You are never obliged to accept an
          offer.
        </p>
      </LegalSection>
      <LegalSection id="costs-and-timing" title="Costs, terms and timing">
        <p>
          Rates, fees and terms are set by each lender, depend on your state, your credit and other factors, and are
          disclosed to you by the lender before you accept. Read them carefully; see our{" "}
          <Link to={PAGE_LINKS.faqs.to}>FAQs</Link> for a representative example. Funds are often sent as soon as the
          next business day, but the time depends on the lender and your bank. Late or missed payments can lead to fees,
          collection activity and harm to your credit.
        </p>
      </LegalSection>
      <LegalSection id="availability" title="Availability">
        <p>
          Our service is not available in every state, and the lenders and products you may be offered vary by state.
          Nothing on this website is an offer or solicitation of credit where it would be unlawful.
        </p>
      </LegalSection>
      <LegalSection id="financial-advice" title="Not financial advice">
        <p>
          The information on this website is general and for information only; it is not financial, legal or tax advice.
          Short-term credit is not a long-term financial solution. If you have debt problems, consider talking to a
          non-profit credit counselor.
        </p>
      </LegalSection>
      <LegalSection id="contact-communications" title="Calls, texts and e-mails">
        <p>
          By submitting a request you agree that {name}, lenders and marketing partners may contact you as described in
          our <Link to={PAGE_LINKS.privacy.to}>Privacy Policy</Link>. You can opt out at any time through our{" "}
          <Link to={PAGE_LINKS.unsubscribe.to}>unsubscribe form</Link>.
        </p>
      </LegalSection>
    </LegalPage>
  );
}
