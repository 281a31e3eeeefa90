// What the landing page promises beside the quick start form. Only what
// holds for this product: the quick start asks for an amount, a reason and a zip code and runs no credit check
// (docs/product/screens-and-routes.md#quick-start-form), and the service is free for the consumer with no obligation
// (docs/product/overview.md). Lenders may check credit later, which the footer's disclaimer says; no lender count is
// claimed, because the network is configured at run time (docs/product/lender-network.md) and the page is prerendered.
export const QUICK_START_ASSURANCES = [
  { id: "no-credit-check", text: "Won't affect your credit score" },
  { id: "free", text: "Free, no obligation" },
] as const;
