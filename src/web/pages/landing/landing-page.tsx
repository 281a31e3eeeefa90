import { MAX_LOAN_AMOUNT, MIN_LOAN_AMOUNT } from "#domain/options.ts";
import { pageTitle } from "#web/site/page-title.ts";
import { useSite } from "#web/site/use-site.ts";
import { usd } from "#web/ui/money.ts";
import { QUICK_START_SECTION_ID } from "#web/frame/home-paths.ts";
import { EmailLinkOverlay, useEmailLinkEntry } from "./email-link-overlay.tsx";
import { HowItWorksCarousel } from "./how-it-works-carousel.tsx";
import { QuickStartForm } from "./quick-start-form.tsx";
import { ReadyToRequest } from "./ready-to-request.tsx";
import { WhyChooseUs } from "./why-choose-us.tsx";

export function meta() {
  return [
    { title: pageTitle(`Personal loans from ${usd(MIN_LOAN_AMOUNT)} to ${usd(MAX_LOAN_AMOUNT)}`) },
    {
      name: "description",
      content: `Request a personal loan of ${usd(MIN_LOAN_AMOUNT)} to ${usd(MAX_LOAN_AMOUNT)} in minutes. Free to use, all credit types welcome.`,
    },
  ];
}

// The landing page of docs/product/overview.md, at / and /start
// (docs/product/settled-readings.md#1-landing-page-paths).
export default function LandingPage() {
  const site = useSite();

  const emailLink = useEmailLinkEntry();

  return (
    <div className="landing">
      <EmailLinkOverlay state={emailLink} />
      <section id={QUICK_START_SECTION_ID} className="landing__hero" aria-labelledby="landing-title">
        <div className="landing__hero-inner">
          {/* The price range is one unbreakable phrase, so "$5,000" never sits alone on a line. */}
          <h1 id="landing-title" className="landing__title">
            Personal loans from{" "}
            <span className="landing__nowrap">
              {usd(MIN_LOAN_AMOUNT)} to {usd(MAX_LOAN_AMOUNT)}
            </span>
          </h1>
          <QuickStartForm />
          <div className="landing__pitch">
            <p className="landing__lead">
              Fill in one short form and {site.brand.name} connects you with lenders in minutes. Free, with no
              obligation, and funds can often arrive the next business day.
            </p>
            <ul className="landing__facts">
              <li>Free to use</li>
              <li>All credit types welcome</li>
              <li>Secure and encrypted</li>
            </ul>
          </div>
        </div>
      </section>
      <HowItWorksCarousel />
      <WhyChooseUs />
      <ReadyToRequest />
    </div>
  );
}
