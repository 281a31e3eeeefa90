// What happened to each buyer in a lead's auction (docs/product/lender-network.md#every-buyers-outcome): one code
// per buyer, kept with the decision, with a detail where the code alone does not say enough (which filter, which
// cap, the buyer's own reason). The console's lead page shows them by these labels.

const BUYER_OUTCOME_LABELS = {
  post_accepted: "Bought",
  post_rejected: "Rejected the post",
  cap_full: "Cap full",
  no_room: "Out of money",
  outbid: "Outbid",
  not_reached: "Not reached",
  below_floor: "Bid below its floor",
  ping_rejected: "Declined the ping",
  timeout: "Timed out",
  connection_failed: "Connection failed",
  error: "Error answer",
  unreadable: "Answer unreadable",
  shadow: "Shadow mode, never sold to",
  duplicate_window: "Bought this person before",
  outside_schedule: "Outside its schedule",
  filtered: "Filtered out",
  not_licensed: "Not licensed in the state",
  test_mode: "Test mode does not fit",
  paused: "Paused",
  stopped: "Sale stopped",
  screened: "Refused by the gate",
} as const;

export type BuyerOutcome = keyof typeof BUYER_OUTCOME_LABELS;

/** The caps a post may find full, in the order they are named. */
export const CAP_PERIODS = ["hourly", "daily", "weekly", "monthly"] as const;
export type CapPeriod = (typeof CAP_PERIODS)[number];

/**
 * An outcome as a person reads it: its label, and its detail in brackets ("Cap full (daily)"). A code this build
 * does not know (written by a newer one) is shown as it is.
 */
export function outcomeText(outcome: string, detail: string | null | undefined): string {
  const label = Object.hasOwn(BUYER_OUTCOME_LABELS, outcome) ? BUYER_OUTCOME_LABELS[outcome as BuyerOutcome] : outcome;
  return detail ? `${label} (${detail})` : label;
}
