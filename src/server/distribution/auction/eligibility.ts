import { firstAttribution, PUBLISHER_KEYS, SUB_ID_KEYS } from "#domain/attribution.ts";
import type { BuyerOutcome } from "#domain/buyers/buyer-outcomes.ts";
import { publisherRefusal, type LeadSource } from "#domain/buyers/publisher-filter.ts";
import { qualityRefusal } from "#domain/screening/quality-checks.ts";
import type { Buyer } from "./buyer-config.ts";
import type { LeadDocument } from "./lead-document.ts";
import { wallTime } from "./zoned-time.ts";

// Which buyers may see a lead (docs/product/lender-network.md#eligibility): its filters, its licence, its
// test mode and its opening hours. Caps and earlier purchases need the database and are checked by the
// auction; everything here is pure.

/** Open now by its weekly schedule, in its own time zone; no schedule means always open. */
export function isOpen(buyer: Pick<Buyer, "schedule" | "timeZone">, now: Date): boolean {
  if (!buyer.schedule) return true;
  const w = wallTime(now, buyer.timeZone);
  const minute = w.hour * 60 + w.minute;
  const toMinutes = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3));
  return (buyer.schedule[w.weekday] ?? []).some(([from, to]) => minute >= toMinutes(from) && minute < toMinutes(to));
}

/** Why a buyer cannot take a lead: its outcome (src/domain/buyers/buyer-outcomes.ts), and which filter or state. */
export type Ineligible = {
  outcome: Extract<BuyerOutcome, "paused" | "test_mode" | "not_licensed" | "filtered" | "outside_schedule">;
  detail?: string;
};

const filtered = (detail: string): Ineligible => ({ outcome: "filtered", detail });

/** The publisher and sub id a lead's tracking fields credit, read as the console reads them. */
const leadSourceOf = (doc: LeadDocument): LeadSource => ({
  publisher: firstAttribution(doc, PUBLISHER_KEYS),
  subId: firstAttribution(doc, SUB_ID_KEYS),
});

/** Why the buyer cannot take this lead, or undefined when it can. */
export function ineligibility(buyer: Buyer, doc: LeadDocument, testLead: boolean, now: Date): Ineligible | undefined {
  if (!buyer.enabled) return { outcome: "paused" };
  if (testLead ? buyer.testMode === "live" : buyer.testMode === "test") {
    return { outcome: "test_mode", detail: testLead ? "test lead, live buyer" : "live lead, test buyer" };
  }
  const state = String(doc.state ?? "");
  if (buyer.kind === "licensed_lender" && !buyer.licensedStates?.includes(state)) {
    return { outcome: "not_licensed", detail: state };
  }
  const f = buyer.filters;
  if (f.states && !f.states.includes(state)) return filtered("state");
  const amount = Number(doc.loan_amount);
  if (f.loanAmount?.min !== undefined && !(amount >= f.loanAmount.min)) return filtered("loan amount");
  if (f.loanAmount?.max !== undefined && !(amount <= f.loanAmount.max)) return filtered("loan amount");
  if (f.minMonthlyIncome !== undefined && !(Number(doc.income_net_monthly) >= f.minMonthlyIncome)) {
    return filtered("income");
  }
  if (f.creditScores && !f.creditScores.includes(String(doc.credit_score))) return filtered("credit score");
  if (f.payFrequencies && !f.payFrequencies.includes(String(doc.income_payment_frequency))) {
    return filtered("pay frequency");
  }
  if (f.directDepositOnly && doc.bank_direct_deposit !== "YES") return filtered("direct deposit");
  const age = typeof doc.age === "number" ? doc.age : undefined;
  if (f.age?.min !== undefined && !(age !== undefined && age >= f.age.min)) return filtered("age");
  if (f.age?.max !== undefined && !(age !== undefined && age <= f.age.max)) return filtered("age");
  if (f.military !== undefined && (doc.active_military === "YES") !== f.military) return filtered("military");
  const refusal = publisherRefusal(f.publishers, leadSourceOf(doc));
  if (refusal) return filtered(refusal);
  // The gate's answers travel in the document (lead-document.ts); a ping's document has none, so they are unknown.
  const quality = qualityRefusal(f.quality, (check) => doc[`quality_${check}`]);
  if (quality) return filtered(quality);
  if (!isOpen(buyer, now)) return { outcome: "outside_schedule" };
  return undefined;
}
