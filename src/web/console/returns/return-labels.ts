import type { ReturnState } from "#domain/contracts/partner-api.ts";
import type { ReturnReason } from "#domain/partners/publisher.ts";

/** The reasons as an operator reads them (docs/product/partners.md#returns). */
export const REASON_LABELS: Record<ReturnReason, string> = {
  wrong_number: "Wrong number",
  disconnected: "Disconnected",
  duplicate: "Duplicate",
  fraud: "Fraud",
  not_the_person: "Not the person",
  other: "Other",
};

/** A return's state, and the colour of its badge's dot (its words say it; the dot only repeats them). */
export const RETURN_STATE_LABELS: Record<ReturnState, { label: string; color: string }> = {
  pending: { label: "Pending", color: "yellow" },
  approved: { label: "Approved", color: "green" },
  rejected: { label: "Rejected", color: "gray" },
};
