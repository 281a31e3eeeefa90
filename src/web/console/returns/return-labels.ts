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
