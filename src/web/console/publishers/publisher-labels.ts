import type { PublisherSettings } from "#domain/partners/publisher.ts";
import { percentOfBasisPoints } from "#domain/partners/payout-input.ts";
import { formatCents } from "../reports/report-format.ts";

export const PAYOUT_KIND_LABELS: Record<PublisherSettings["payout_kind"], string> = {
  per_sold: "Fixed per sold lead",
  revenue_share: "Share of the sale's price",
  per_completed: "Fixed per completed application",
};

/** "$7.00 per sold lead", "25% of each sale". */
export function payoutRule(p: Pick<PublisherSettings, "payout_kind" | "payout_amount">): string {
  if (p.payout_kind === "revenue_share") return `${percentOfBasisPoints(p.payout_amount)}% of each sale`;
  return `${formatCents(p.payout_amount)} per ${p.payout_kind === "per_sold" ? "sold lead" : "completed application"}`;
}
