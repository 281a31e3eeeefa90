import type { SiteConfig } from "#web/site/brands/site-config.ts";
import { howItWorksSteps } from "./how-it-works-steps.ts";

// Body of the How it works pop-up: the landing page's three steps as a numbered list.
export function HowItWorks({ site }: { site: Pick<SiteConfig, "brand"> }) {
  return (
    <ol className="how-it-works-list">
      {howItWorksSteps(site).map((step) => (
        <li key={step.title} className="how-it-works-list__step">
          <h3 className="how-it-works-list__title">{step.title}</h3>
          <p>{step.text}</p>
        </li>
      ))}
    </ol>
  );
}
