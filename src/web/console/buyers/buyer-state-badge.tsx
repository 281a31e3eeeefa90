import { Badge } from "@mantine/core";
import { buyerStateLabel, type BuyerState, type FullLimit } from "#domain/buyers/buyer-state.ts";

// A buyer's state as a badge whose words say it ("Capped (daily)"); the dot's colour only repeats them, and the
// text keeps the page's own colour, so it reads at AA on both schemes.
const COLORS: Record<BuyerState, string> = {
  running: "green",
  shadow: "grape",
  paused: "gray",
  no_room: "red",
  capped: "orange",
  outside_hours: "blue",
};

export function BuyerStateBadge({ buyer }: { buyer: { state: BuyerState; full_caps: readonly FullLimit[] } }) {
  return (
    <Badge component="span" variant="dot" color={COLORS[buyer.state]} tt="none" size="md">
      {buyerStateLabel(buyer)}
    </Badge>
  );
}
