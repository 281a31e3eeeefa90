import type { BuyerSummary } from "../../../domain/contracts/console-buyers.ts";
import type { Db } from "../../platform/db/database.ts";
import type { Buyer } from "../../distribution/auction/buyer-config.ts";
import { capUse, capUses } from "../../distribution/auction/auction-store.ts";

// A buyer's figures of the day as the buyers list shows them (read by reports/buyer-day-figures.ts, which the console
// hands the list's route), and its caps, counted as the auction counts them (capUse, capUses).

export type Figures = BuyerSummary["today"];

const NONE: Figures = {
  pings: 0,
  bids: 0,
  posts: 0,
  sold: 0,
  revenue_cents: 0,
  post_acceptance: null,
  p50_ms: null,
  p90_ms: null,
  timeouts: 0,
  connection_failures: 0,
};

export const noFigures = (): Figures => ({ ...NONE });

type CapUse = { hour: number; day: number; month: number };

/** The caps a buyer has, each with what it has used (`used`) in its own current hour, day and month. */
function capsWith(buyer: Buyer, used: CapUse): BuyerSummary["caps"] {
  const { hourly, daily, monthly } = buyer.caps;
  return {
    ...(hourly !== undefined ? { hourly: { used: used.hour, cap: hourly } } : {}),
    ...(daily !== undefined ? { daily: { used: used.day, cap: daily } } : {}),
    ...(monthly !== undefined ? { monthly: { used: used.month, cap: monthly } } : {}),
  };
}

const hasCaps = (buyer: Buyer) =>
  buyer.caps.hourly !== undefined || buyer.caps.daily !== undefined || buyer.caps.monthly !== undefined;

/** The caps a buyer has, each with what it has used in its own current hour, day and month. */
export async function capsOf(db: Db, buyer: Buyer, now: Date): Promise<BuyerSummary["caps"]> {
  if (!hasCaps(buyer)) return {};
  return capsWith(buyer, await capUse(db, buyer, now));
}

/** capsOf of many buyers, their use counted in one statement (capUses). */
export async function capsOfAll(db: Db, buyers: Buyer[], now: Date): Promise<Map<string, BuyerSummary["caps"]>> {
  const capped = buyers.filter(hasCaps);
  const used = await capUses(db, capped, now);
  return new Map(
    buyers.map((b) => [b.id, hasCaps(b) ? capsWith(b, used.get(b.id) ?? { hour: 0, day: 0, month: 0 }) : {}]),
  );
}
