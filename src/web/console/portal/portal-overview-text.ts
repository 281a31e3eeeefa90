import type { PriceRule } from "#domain/buyers/price-rules.ts";
import type { PortalOverview } from "#domain/contracts/portal-overview.ts";
import { CREDIT_SCORE_OPTIONS, PAY_FREQUENCY_OPTIONS } from "#domain/options.ts";
import { DEMAND_LABELS, LINE_TYPE_LABELS } from "../buyers/quality-demands.tsx";
import { QUALITY_DEMANDS } from "../buyers/buyer-draft.ts";
import { DAY_NAMES, DAYS } from "../buyers/schedule-hours.ts";
import { formatCents } from "../reports/report-format.ts";

// The buyer's terms as sentences for its overview (docs/product/buyer-money.md#the-buyer-portal): each filter, price
// rule and opening day in words, from the configuration's own values. A filter the buyer does not have is left out.

/** A price or floor in dollars, as the configuration states it: "$28.50". */
export const dollars = (amount: number) => formatCents(Math.round(amount * 100));

const labelOf = (options: readonly { value: string; label: string }[], value: string) =>
  options.find((o) => o.value === value)?.label ?? value;

const credit = (values: readonly string[]) => values.map((v) => labelOf(CREDIT_SCORE_OPTIONS, v)).join(", ");

/** "$500 to $3,000", "$1,000 or more", "up to $800". */
function range(r: { min?: number | undefined; max?: number | undefined }, format: (n: number) => string): string {
  if (r.min !== undefined && r.max !== undefined) return `${format(r.min)} to ${format(r.max)}`;
  if (r.min !== undefined) return `${format(r.min)} or more`;
  if (r.max !== undefined) return `up to ${format(r.max)}`;
  return "any";
}

const wholeDollars = (n: number) => `$${n.toLocaleString("en-US")}`;

/** A price rule's conditions, all of which a lead must meet: "states CA, TX; credit Good (680-719); amount $1,000 or more". */
export function ruleConditions(rule: PriceRule): string {
  return [
    rule.states ? `states ${rule.states.join(", ")}` : "",
    rule.creditScores ? `credit ${credit(rule.creditScores)}` : "",
    rule.loanAmount ? `amount ${range(rule.loanAmount, wholeDollars)}` : "",
    rule.sources ? `source ${rule.sources.join(", ")}` : "",
    rule.publishers ? `publisher ${rule.publishers.join(", ")}` : "",
  ]
    .filter(Boolean)
    .join("; ");
}

/** The filters the buyer has, each as a label and its value in words, in the buyer form's order. */
export function filterFacts(overview: Pick<PortalOverview, "filters" | "licensed_states">): [string, string][] {
  const f = overview.filters;
  const facts: [string, string][] = [];
  if (overview.licensed_states) facts.push(["Licensed in", overview.licensed_states.join(", ") || "no state"]);
  if (f.states) facts.push(["States", f.states.join(", ")]);
  if (f.loanAmount) facts.push(["Loan amount", range(f.loanAmount, wholeDollars)]);
  if (f.minMonthlyIncome !== undefined) facts.push(["Monthly income", `${wholeDollars(f.minMonthlyIncome)} or more`]);
  if (f.creditScores) facts.push(["Credit", credit(f.creditScores)]);
  if (f.payFrequencies) facts.push(["Paid", f.payFrequencies.map((v) => labelOf(PAY_FREQUENCY_OPTIONS, v)).join(", ")]);
  if (f.directDepositOnly) facts.push(["Direct deposit", "Only applicants paid by direct deposit"]);
  if (f.age) facts.push(["Age", range(f.age, String)]);
  if (f.military !== undefined) facts.push(["Active military", f.military ? "Only active military" : "None"]);
  if (f.publishers) {
    const entries = f.publishers.entries.map((e) => (e.subId ? `${e.affId} (sub id ${e.subId})` : e.affId));
    const list = entries.join(", ") || "none listed";
    facts.push(["Publishers", f.publishers.mode === "allow" ? `Only ${list}` : `All but ${list}`]);
  }
  const q = f.quality;
  if (q) {
    if (q.phoneLineTypes)
      facts.push([
        "Phone lines",
        q.phoneLineTypes.map((t) => LINE_TYPE_LABELS[t as keyof typeof LINE_TYPE_LABELS] ?? t).join(", "),
      ]);
    const demands = QUALITY_DEMANDS.filter((d) => q[d]).map((d) => DEMAND_LABELS[d]);
    if (demands.length) facts.push(["Quality", demands.join("; ")]);
  }
  return facts;
}

/** Each day of the week with its opening hours in the buyer's zone: "09:00–17:00", or "Closed". */
export function scheduleDays(schedule: NonNullable<PortalOverview["schedule"]>): [string, string][] {
  return DAYS.map((day) => {
    const ranges = schedule[day] ?? [];
    return [DAY_NAMES[day], ranges.length ? ranges.map(([from, to]) => `${from}–${to}`).join(", ") : "Closed"];
  });
}

export const TEST_MODE_TEXT: Record<PortalOverview["test_mode"], string> = {
  live: "Real leads only",
  test: "Test leads only",
  both: "Real and test leads",
};
