// What the landing page promises beside the quick start form. Only what
// holds for this product: requesting runs no credit check of ours (the quick start asks for an amount, a reason and a
// zip code, docs/product/screens-and-routes.md#quick-start-form), but the SSN step authorises a credit report and
// lenders may check credit, as the footer says, so nothing promises the score is untouched
// (docs/decisions/0030-funnel-words.md). The service is free for the consumer with no obligation
// (docs/product/overview.md). No lender count is claimed, because the network is configured at run time
// (docs/product/lender-network.md) and the page is prerendered.
export const QUICK_START_ASSURANCES = [
  { id: "no-credit-check", text: "We don't check your credit; lenders may" },
  { id: "free", text: "Free, no obligation" },
] as const;
