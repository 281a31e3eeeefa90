import { SAMPLE_BRAND } from "#domain/brands.ts";
import type { SiteConfig } from "./site-config.ts";
import { CertificateAuthoritySeal, OnlineLendersAllianceSeal, SslSecureSeal } from "./sample-brand-seals.tsx";

// The sample brand every fresh install shows. Its operator details are placeholders (reserved .example
// domains, a 555-01xx phone number; its hosts and partners are in src/domain/brands.ts) to be replaced by a
// real brand file before going live.
export const sampleBrand: SiteConfig = {
  ...SAMPLE_BRAND,
  brand: {
    name: "Loanpath",
    logoText: "Loanpath",
    legalName: "Loanpath Sample LLC",
    url: "https://www.loanpath.example",
  },
  contact: {
    email: "support@loanpath.example",
    phone: "(800) 555-0142",
    address: { line1: "123 Sample Street", line2: "Suite 400", city: "Wilmington", state: "DE", zip: "19801" },
    hours: "Monday to Friday, 9 a.m. to 6 p.m. Eastern Time",
  },
  social: [
    { label: "Facebook", href: "https://www.facebook.com/loanpath.example" },
    { label: "X", href: "https://x.com/loanpath_example" },
    { label: "LinkedIn", href: "https://www.linkedin.com/company/loanpath-example" },
  ],
  blog: [
    { label: "Blog", href: "https://blog.loanpath.example/" },
    { label: "Money tips", href: "https://blog.loanpath.example/money-tips/" },
  ],
  copyrightYear: 2024,
  trustSeals: [
    {
      id: "certificate-authority",
      alt: "Secured by a trusted certificate authority",
      artwork: CertificateAuthoritySeal,
    },
    { id: "ssl", alt: "256-bit SSL secure connection", artwork: SslSecureSeal },
    { id: "online-lenders-alliance", alt: "Member of the Online Lenders Alliance", artwork: OnlineLendersAllianceSeal },
  ],
  smsShortCode: "41411",
  rates: { aprMin: 5.99, aprMax: 35.99, termMinDays: 61, termMaxMonths: 72 },
};
