// The console's rates, one name and one definition each (docs/decisions/0043-report-measures.md): the screens show
// the name as a label and the definition in its tooltip, and the contracts name their fields after the same keys,
// so no two measures share a label and no label means two things.

export type Measure = { name: string; definition: string };

export const MEASURES = {
  /** Today: of the applications completed in the period, the share sold. */
  sell_through: {
    name: "Sell-through",
    definition:
      "Applications sold ÷ applications completed (final submissions) in the period. Test leads are left out.",
  },
  earnings_per_lead: {
    name: "Earnings per lead",
    definition: "Revenue ÷ applications completed in the period.",
  },
  ping_to_post_rate: {
    name: "Ping-to-post rate",
    definition:
      "Posts that followed a bid from the same buyer for the same lead ÷ such bids. Direct-post buyers, never pinged, are not in it.",
  },
  redirect_rate: {
    name: "Redirect rate",
    definition: "Applications sold whose visitor reached the lender's page ÷ applications sold.",
  },
  /** Buyers: of one buyer's posts that ended, the share it accepted. */
  post_acceptance: {
    name: "Post acceptance",
    definition:
      "Posts the buyer accepted ÷ its posts that ended (accepted, refused, timed out, failed or unreadable) today. Pings are not in it.",
  },
  /** Publishers: of the leads one publisher posted through the publisher API, the share sold. */
  posted_acceptance: {
    name: "Posted acceptance",
    definition:
      "Posted leads sold ÷ leads the publisher posted through the publisher API in the period (by when they were posted). Test posts are left out.",
  },
} as const satisfies Record<string, Measure>;
