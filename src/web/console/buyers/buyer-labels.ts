import type { BuyerSummary } from "#domain/contracts/console-buyers.ts";

/** Where its configuration comes from, and what a console row replaces. */
export function sourceLabel(buyer: Pick<BuyerSummary, "source" | "overrides">): string {
  if (buyer.source === "file") return "BUYERS_FILE";
  if (buyer.source === "built-in") return "Built in";
  return buyer.overrides ? `Console (over ${buyer.overrides === "file" ? "BUYERS_FILE" : "built in"})` : "Console";
}
