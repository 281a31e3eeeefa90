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

/** The zones a publisher's caps may count in: the US ones a publisher would pick, and UTC. */
const PUBLISHER_TIME_ZONES = [
  { value: "America/New_York", label: "Eastern (America/New_York)" },
  { value: "America/Chicago", label: "Central (America/Chicago)" },
  { value: "America/Denver", label: "Mountain (America/Denver)" },
  { value: "America/Phoenix", label: "Arizona, no daylight saving (America/Phoenix)" },
  { value: "America/Los_Angeles", label: "Pacific (America/Los_Angeles)" },
  { value: "America/Anchorage", label: "Alaska (America/Anchorage)" },
  { value: "Pacific/Honolulu", label: "Hawaii (Pacific/Honolulu)" },
  { value: "UTC", label: "UTC" },
];

/** The list, with `current` first when it is another zone (set through the API), so the form never drops it. */
export function publisherTimeZoneOptions(current: string) {
  return PUBLISHER_TIME_ZONES.some((z) => z.value === current)
    ? PUBLISHER_TIME_ZONES
    : [{ value: current, label: current }, ...PUBLISHER_TIME_ZONES];
}

/** The auction's reasons for rejecting a lead (docs/product/lender-network.md) as the console names them. */
const REJECTION_REASONS: Record<string, string> = {
  duplicate: "Duplicate of an earlier lead",
  "no eligible buyer": "No eligible buyer",
  "no buyer accepted": "No buyer accepted",
  "answer unreadable": "Buyers' answers unreadable",
  "time budget": "Time budget spent",
  "do not sell": "Do not sell",
  suppressed: "Suppressed",
  "lead gone": "Lead gone",
  erased: "Erased",
  other: "Other",
};

/** A reason's name; one the console does not know yet as the auction wrote it. */
export const rejectionReasonLabel = (reason: string) => REJECTION_REASONS[reason] ?? reason;
