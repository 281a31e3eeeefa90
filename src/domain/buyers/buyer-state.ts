import { CAP_PERIODS, outcomeText, type CapPeriod } from "./buyer-outcomes.ts";

// How a buyer stands right now on the console's buyers list (docs/product/lender-network.md#file-and-console): what
// the next auction would do with it. One word per state, and for a full cap or budget which one, so "32 of 30 daily"
// never reads as Running.

/** The budgets a buyer may have (docs/product/buyer-money.md#caps), named as a full one is: "daily budget". */
const BUDGET_LIMITS = ["daily budget", "monthly budget"] as const;

/** What a capped buyer has used up: a cap (its period) or a budget, in the order they are named. */
export const FULL_LIMITS = [...CAP_PERIODS, ...BUDGET_LIMITS] as const;
export type FullLimit = (typeof FULL_LIMITS)[number];

/**
 * paused: switched off in the console or the file; no_room: a billed buyer whose room is spent
 * (docs/product/buyer-money.md#room), so it is not pinged until it pays; capped: a cap or budget is used up, so it is
 * not posted to until its hour, day, week or month turns (in its own zone); outside_hours: its weekly schedule is
 * closed now; shadow: pinged, never sold to; running: taking leads.
 */
export const BUYER_STATES = ["running", "shadow", "paused", "no_room", "capped", "outside_hours"] as const;
export type BuyerState = (typeof BUYER_STATES)[number];

type Use = { used: number; cap: number };
type BudgetUse = { used_cents: number; budget_cents: number };

/**
 * The state, the stronger reason first: a paused buyer is paused whatever its caps; a buyer out of money is so whatever
 * its caps; a full cap or budget outranks the hours.
 */
export function buyerStateOf(buyer: {
  enabled: boolean;
  shadow: boolean;
  caps: Partial<Record<CapPeriod, Use>>;
  budgets?: Partial<Record<"daily" | "monthly", BudgetUse>>;
  /** Its room in cents (billing.ts roomCents); null for a buyer not billed. */
  room?: number | null;
  open: boolean;
}): { state: BuyerState; full_caps: FullLimit[] } {
  // The auction refuses a post once the count reaches the cap (auction-store's reservePost), so at the cap is full;
  // a budget spent to the cent takes no lead of any price.
  const caps = CAP_PERIODS.filter((period) => {
    const cap = buyer.caps[period];
    return cap !== undefined && cap.used >= cap.cap;
  });
  const budgets = (["daily", "monthly"] as const).filter((period) => {
    const budget = buyer.budgets?.[period];
    return budget !== undefined && budget.used_cents >= budget.budget_cents;
  });
  const full: FullLimit[] = [...caps, ...budgets.map((period) => `${period} budget` as const)];
  const room = buyer.room ?? null;
  const state: BuyerState = !buyer.enabled
    ? "paused"
    : room !== null && room <= 0
      ? "no_room"
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
  // The words the lead page's outcome uses for the same cause.
  no_room: outcomeText("no_room", null),
  capped: "Capped",
  outside_hours: "Outside hours",
};

/** "Running", "Paused", "Out of money", "Capped (daily)", "Capped (hourly, daily budget)", "Outside hours", "Shadow". */
export function buyerStateLabel(buyer: { state: BuyerState; full_caps: readonly FullLimit[] }): string {
  const label = LABELS[buyer.state];
  return buyer.state === "capped" && buyer.full_caps.length > 0 ? `${label} (${buyer.full_caps.join(", ")})` : label;
}
