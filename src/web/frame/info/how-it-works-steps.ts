import type { SiteConfig } from "#web/site/brands/site-config.ts";

export type HowItWorksStep = { title: string; text: string };

// The three steps of docs/product/overview.md (submit information, fast loan decision, check your account), used by
// the landing page carousel and the How it works pop-up.
export function howItWorksSteps(site: Pick<SiteConfig, "brand">): HowItWorksStep[] {
  return [
    {
      title: "Submit your information",
      text: `Fill in our short, secure form in a few minutes. Using ${site.brand.name} is free, and a request never obliges you to accept an offer.`,
    },
    {
      title: "Get a fast loan decision",
      text: "We pass your request to lenders in our network right away. A lender that can help may show you an offer within minutes: read its terms before you accept.",
    },
    {
      title: "Check your account",
      text: "If you accept an offer and the lender approves you, the money is sent to your bank account, often as soon as the next business day.",
    },
  ];
}
