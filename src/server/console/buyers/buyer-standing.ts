import { buyerStateOf } from "../../../domain/buyers/buyer-state.ts";
import type { BuyerSummary } from "../../../domain/contracts/console-buyers.ts";
import { isOpen } from "../../distribution/auction/eligibility.ts";
import type { ConsoleBuyer } from "./buyer-store.ts";

/** The buyer's state now, from its caps as the auction counts them and its opening hours. */
export function standing(b: ConsoleBuyer, caps: BuyerSummary["caps"], now: Date) {
  return buyerStateOf({
    enabled: b.config.enabled,
    shadow: b.config.shadow ?? false,
    caps,
    open: isOpen(b.config, now),
  });
}
