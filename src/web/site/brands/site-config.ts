import type { ComponentType } from "react";
import type { Brand } from "#domain/brands.ts";

// Everything that names the operator of a site (docs/product/settled-readings.md#18-operator-details). Components read
// these values through useSite(); none of them is ever typed into a component, so a new brand is one new file (and its
// hosts and partners in src/domain/brands.ts).

export type PostalAddress = { line1: string; line2?: string; city: string; state: string; zip: string };

type ExternalLink = { label: string; href: string };

type TrustSeal = {
  /** Stable id, used in test ids and CSS hooks. */
  id: "certificate-authority" | "ssl" | "online-lenders-alliance";
  /** Accessible name of the seal. */
  alt: string;
  /** Where a click on the seal leads, when the issuer offers a verification page. */
  href?: string;
} & (
  | {
      /** SVG shapes in a 120 x 48 box, drawn as part of the page (cheaper for a phone than an image file). */
      artwork: ComponentType;
    }
  | {
      /** A file under public/, as an issuer supplies it (local only: the Content-Security-Policy allows no other
          origin). */
      image: string;
    }
);

// A brand's id, host names and partners are shared with the server (src/domain/brands.ts); the rest is here.
export type SiteConfig = Brand & {
  brand: {
    name: string;
    /** Text of the logo in the navbar (the logo is text, so no image request and no layout shift). */
    logoText: string;
    /** The company behind the brand, as named in the legal pages. */
    legalName: string;
    /** Canonical site address, used in the legal pages. */
    url: string;
  };
  contact: {
    email: string;
    phone: string;
    address: PostalAddress;
    /** When the support line answers, shown on the Contact Us page. */
    hours: string;
  };
  social: readonly ExternalLink[];
  blog: readonly ExternalLink[];
  copyrightYear: number;
  trustSeals: readonly TrustSeal[];
  /** SMS short code of the opt-out instruction in the consent text (docs/product/overview.md). */
  smsShortCode: string;
  /** What lenders in the network typically offer, for the Rates and Fees disclosure. */
  rates: { aprMin: number; aprMax: number; termMinDays: number; termMaxMonths: number };
};

export function formatPostalAddress(address: PostalAddress): string[] {
  const street = address.line2 ? `${address.line1}, ${address.line2}` : address.line1;
  return [street, `${address.city}, ${address.state} ${address.zip}`];
}

/** `(800) 555-0142` -> `tel:+18005550142` */
export function phoneHref(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  return `tel:+${digits.length === 10 ? `1${digits}` : digits}`;
}
