// The site's own pages that the footer, consent texts and legal pages link to (docs/product/screens-and-routes.md).
export const PAGE_LINKS = {
  terms: { to: "/terms-of-use", label: "Terms of Use" },
  privacy: { to: "/privacy", label: "Privacy Policy" },
  disclaimer: { to: "/disclaimer", label: "Disclaimer" },
  contact: { to: "/contact-us", label: "Contact Us" },
  faqs: { to: "/frequently-asked-questions", label: "FAQs" },
  creditAuthorization: { to: "/credit-authorization-agreement", label: "Credit Authorization Agreement" },
  partners: { to: "/partners", label: "Marketing Partners" },
  unsubscribe: { to: "/unsubscribe", label: "Unsubscribe" },
  doNotSell: { to: "/do-not-sell-information", label: "Do Not Sell or Share My Personal Information" },
} as const;
