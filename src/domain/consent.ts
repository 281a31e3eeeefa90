// The consent texts a visitor agrees to by pressing a button (docs/product/overview.md;
// docs/product/security-and-privacy.md). Each has a version: the server stores the version and the sha256 of the exact
// template with every consent, so the wording shown on any day can be proved later. Changing a word means a new
// version. "{brand}" is the site's brand name and "{shortCode}" its SMS short code, filled in by the page from the
// brand's configuration. The template (and so its hash) is the same for every brand; the values filled in
// travel with the consent evidence and are stored beside the hash, so template + values give back the
// exact text shown (docs/decisions/0014-forms.md).
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
    version: "2026-11-23.2",
    button: "REQUEST NOW",
    kinds: ["tcpa", "email", "terms_privacy"],
    template:
      "By clicking REQUEST NOW, I agree to the Privacy Policy, Terms of Use, Rates and Fees and the list of marketing partners, " +
      "and I consent to receive e-mail, SMS text messages and autodialed or prerecorded calls from {brand}, its lenders and " +
      "marketing partners at the number and address I provide, even if it is on a Do-Not-Call list. Message and data rates " +
      "may apply. Consent is not required to obtain a loan. Text STOP to {shortCode} to opt out.",
  },
  phone: {
    key: "phone",
    version: "2026-11-23.2",
    button: "Next",
    kinds: ["tcpa"],
    template:
      "By clicking Next, I consent to receive calls, including autodialed and prerecorded calls, and SMS text messages " +
      "from {brand}, its lenders and marketing partners at this number, even if it is on a Do-Not-Call list. " +
      "Consent is not required to obtain a loan. Text STOP to {shortCode} to opt out.",
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

/**
 * Every earlier version of a consent text, word for word: a consent given under it must be shown as it was
 * for as long as its evidence is kept (5 years, docs/product/security-and-privacy.md#consent-evidence). A text
 * that changes moves here with its old version; nothing here is ever edited.
 */
const RETIRED_CONSENT_TEXTS: readonly ConsentText[] = [
  {
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
  {
    key: "phone",
    version: "2026-11-23",
    button: "Next",
    kinds: ["tcpa"],
    template:
      "By clicking Next, I consent to receive calls, including autodialed and prerecorded calls, and SMS text messages " +
      "from {brand}, its lenders and marketing partners at this number, even if it is on a Do-Not-Call list. " +
      "Consent is not required to obtain a loan. Text STOP to 41411 to opt out.",
  },
];

/** Every consent text ever shown, current and retired. */
export const ALL_CONSENT_TEXTS: readonly ConsentText[] = [...Object.values(CONSENT_TEXTS), ...RETIRED_CONSENT_TEXTS];

/** What the page fills into a template: the brand's name and SMS short code (src/web/site). */
export type ConsentPlaceholders = { brand: string; shortCode: string };
export type ConsentPlaceholder = keyof ConsentPlaceholders;

const PLACEHOLDER = /\{(brand|shortCode)\}/g;

/** The placeholders a template holds, each once: the values its consent evidence must carry. */
export function placeholdersIn(text: ConsentText): ConsentPlaceholder[] {
  return [...new Set([...text.template.matchAll(PLACEHOLDER)].map((m) => m[1] as ConsentPlaceholder))];
}

/** The text as shown: every placeholder replaced in one pass, so a value is never read as a placeholder. */
export function fillConsent(text: ConsentText, values: ConsentPlaceholders): string {
  return text.template.replace(PLACEHOLDER, (_, name: ConsentPlaceholder) => values[name]);
}

/**
 * Lead creation carries the quick start's consent (docs/product/security-and-privacy.md); the steps that carry one say
 * so in their rows of the step table (CONSENT_BY_STEP in steps/step-bodies.ts).
 */
export const CONSENT_ON_CREATE: ConsentKey = "quick_start";
