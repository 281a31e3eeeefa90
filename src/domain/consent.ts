// The consent texts a visitor agrees to by pressing a button (docs/product/overview.md;
// docs/product/security-and-privacy.md). Each has a version: the server stores the version and the sha256 of the exact
// template with every consent, so the wording shown on any day can be proved later. Changing a word means a new
// version. "{brand}" is the site's brand name, filled in by the page from site configuration.
type ConsentKind = "tcpa" | "email" | "terms_privacy" | "fcra";

export type ConsentText = {
  key: "quick_start" | "phone" | "ssn";
  version: string;
  button: string;
  kinds: readonly ConsentKind[];
  template: string;
};

export const CONSENT_TEXTS = {
  quick_start: {
    key: "quick_start",
    version: "2026-11-23",
    button: "REQUEST NOW",
    kinds: ["tcpa", "email", "terms_privacy"],
    template:
      "By clicking REQUEST NOW, I agree to the Privacy Policy, Terms of Use, Rates and Fees and the list of marketing partners, " +
      "and I consent to receive e-mail, SMS text messages and autodialed or prerecorded calls from {brand}, its lenders and " +
      "marketing partners at the number and address I provide, even if it is on a Do-Not-Call list. Message and data rates " +
      "may apply. Consent is not required to obtain a loan. Text STOP to 41411 to opt out.",
  },
  phone: {
    key: "phone",
    version: "2026-11-23",
    button: "Next",
    kinds: ["tcpa"],
    template:
      "By clicking Next, I consent to receive calls, including autodialed and prerecorded calls, and SMS text messages " +
      "from {brand}, its lenders and marketing partners at this number, even if it is on a Do-Not-Call list. " +
      "Consent is not required to obtain a loan. Text STOP to 41411 to opt out.",
  },
  ssn: {
    key: "ssn",
    version: "2026-11-23",
    button: "Request Funds",
    kinds: ["fcra", "terms_privacy"],
    template:
      "By clicking Request Funds, I authorise {brand} and its network partners to obtain my consumer credit report and " +
      "other information from consumer reporting agencies to verify my identity and to evaluate my loan request, " +
      "and I agree to the Disclaimer, Privacy Policy, Credit Authorization Agreement, Rates and Fees, Terms of Use and " +
      "the list of partners.",
  },
} as const satisfies Record<string, ConsentText>;

export type ConsentKey = keyof typeof CONSENT_TEXTS;

export function fillConsent(text: ConsentText, brand: string): string {
  return text.template.replaceAll("{brand}", brand);
}

/**
 * Lead creation carries the quick start's consent (docs/product/security-and-privacy.md); the steps that carry one say
 * so in their rows of the step table (CONSENT_BY_STEP in steps/step-bodies.ts).
 */
export const CONSENT_ON_CREATE: ConsentKey = "quick_start";
