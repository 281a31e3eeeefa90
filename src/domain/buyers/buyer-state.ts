// How a buyer stands right now on the console's buyers list (docs/product/lender-network.md#file-and-console): what
// the next auction would do with it. One word per state, and for a full cap which one, so "32 of 30 daily" never
// reads as Running.

export const CAP_PERIODS = ["hourly", "daily", "monthly"] as const;
export type CapPeriod = (typeof CAP_PERIODS)[number];

/**
 * paused: switched off in the console or the file; capped: a cap is used up, so it is not posted to until its hour,
 * day or month turns (in its own zone); outside_hours: its weekly schedule is closed now; shadow: pinged, never
 * sold to; running: taking leads.
 */
export const BUYER_STATES = ["running", "shadow", "paused", "capped", "outside_hours"] as const;
export type BuyerState = (typeof BUYER_STATES)[number];

type CapUse = { used: number; cap: number };

/** The state, the stronger reason first: a paused buyer is paused whatever its caps; a full cap outranks the hours. */
export function buyerStateOf(buyer: {
  enabled: boolean;
  shadow: boolean;
  caps: Partial<Record<CapPeriod, CapUse>>;
  open: boolean;
}): { state: BuyerState; full_caps: CapPeriod[] } {
  // The auction refuses a post once the count reaches the cap (auction-store's reservePost), so at the cap is full.
  const full = CAP_PERIODS.filter((period) => {
    const cap = buyer.caps[period];
    return cap !== undefined && cap.used >= cap.cap;
  });
  const state: BuyerState = !buyer.enabled
    ? "paused"
    : full.length > 0
      ? "capped"
      : !buyer.open
        ? "outside_hours"
        : buyer.shadow
          ? "shadow"
          : "running";
  return { state, full_caps: state === "capped" ? full : [] };
}

const LABELS: Record<BuyerState, string> = {
  running: "Running",
  shadow: "Shadow",
  paused: "Paused",
  capped: "Capped",
  outside_hours: "Outside hours",
};

/** "Running", "Paused", "Capped (daily)", "Capped (hourly, monthly)", "Outside hours", "Shadow". */
export function buyerStateLabel(buyer: { state: BuyerState; full_caps: CapPeriod[] }): string {
  const label = LABELS[buyer.state];
  return buyer.state === "capped" && buyer.full_caps.length > 0 ? `${label} (${buyer.full_caps.join(", ")})` : label;
}
