import { buyerStateOf } from "../../../domain/buyers/buyer-state.ts";
import { isOpen } from "../../distribution/auction/eligibility.ts";
import type { Limits, Money } from "./buyer-figures.ts";
import type { ConsoleBuyer } from "./buyer-store.ts";

/** The buyer's state now, from its room, its caps and budgets as the auction counts them, and its opening hours. */
export function standing(b: Pick<ConsoleBuyer, "config">, limits: Limits, money: Money, now: Date) {
  return buyerStateOf({
    enabled: b.config.enabled,
    shadow: b.config.shadow ?? false,
    caps: limits.caps,
    budgets: limits.budgets,
    room: money.account?.room_cents ?? null,
    open: isOpen(b.config, now),
  });
}
