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

/** Why the buyer cannot take this lead, or undefined when it can. */
export function ineligibility(buyer: Buyer, doc: LeadDocument, testLead: boolean, now: Date): string | undefined {
  if (!buyer.enabled) return "disabled";
  if (testLead ? buyer.testMode === "live" : buyer.testMode === "test") return "test mode";
  const state = String(doc.state ?? "");
  if (buyer.kind === "licensed_lender" && !buyer.licensedStates?.includes(state)) return "not licensed in state";
  const f = buyer.filters;
  if (f.states && !f.states.includes(state)) return "state";
  const amount = Number(doc.loan_amount);
  if (f.loanAmount?.min !== undefined && !(amount >= f.loanAmount.min)) return "loan amount";
  if (f.loanAmount?.max !== undefined && !(amount <= f.loanAmount.max)) return "loan amount";
  if (f.minMonthlyIncome !== undefined && !(Number(doc.income_net_monthly) >= f.minMonthlyIncome)) return "income";
  if (f.creditScores && !f.creditScores.includes(String(doc.credit_score))) return "credit score";
  if (f.payFrequencies && !f.payFrequencies.includes(String(doc.income_payment_frequency))) return "pay frequency";
  if (f.directDepositOnly && doc.bank_direct_deposit !== "YES") return "direct deposit";
  const age = typeof doc.age === "number" ? doc.age : undefined;
  if (f.age?.min !== undefined && !(age !== undefined && age >= f.age.min)) return "age";
  if (f.age?.max !== undefined && !(age !== undefined && age <= f.age.max)) return "age";
  if (f.military !== undefined && (doc.active_military === "YES") !== f.military) return "military";
  if (!isOpen(buyer, now)) return "closed";
  return undefined;
}
