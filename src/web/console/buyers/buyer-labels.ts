import type { BillingKind } from "#domain/buyers/billing.ts";
import { CAP_PERIODS } from "#domain/buyers/buyer-outcomes.ts";
import type { BuyerSummary } from "#domain/contracts/console-buyers.ts";
import { formatCents } from "../reports/report-format.ts";

/** Where its configuration comes from, and what a console row replaces. */
export function sourceLabel(buyer: Pick<BuyerSummary, "source" | "overrides">): string {
  if (buyer.source === "file") return "BUYERS_FILE";
  if (buyer.source === "built-in") return "Built in";
  return buyer.overrides ? `Console (over ${buyer.overrides === "file" ? "BUYERS_FILE" : "built in"})` : "Console";
}

/** How a buyer pays, in the form's choice and on the list (docs/product/buyer-money.md#billing). */
export const BILLING_LABELS: Record<BillingKind, string> = {
  none: "Unbilled",
  prepaid: "Prepaid",
  credit: "On credit",
};

/** "Unbilled", "Prepaid: $120.00 room", "On credit: -$5.00 room". */
export function moneyText(buyer: Pick<BuyerSummary, "billing" | "account">): string {
  const label = BILLING_LABELS[buyer.billing];
  return buyer.account ? `${label}: ${formatCents(buyer.account.room_cents)} room` : label;
}

/** "3 of 10 hourly, 32 of 30 daily, $120.00 of $500.00 daily budget", or "No caps". */
export function capsText(buyer: Pick<BuyerSummary, "caps" | "budgets">): string {
  const caps = CAP_PERIODS.flatMap((period) => {
    const cap = buyer.caps[period];
    return cap ? [`${cap.used} of ${cap.cap} ${period}`] : [];
  });
  const budgets = (["daily", "monthly"] as const).flatMap((period) => {
    const budget = buyer.budgets[period];
    return budget ? [`${formatCents(budget.used_cents)} of ${formatCents(budget.budget_cents)} ${period} budget`] : [];
  });
  const parts = [...caps, ...budgets];
  return parts.length ? parts.join(", ") : "No caps";
}
