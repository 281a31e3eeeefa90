import { csvLine } from "../../platform/csv/csv-stream.ts";
import type { PartnerKind, Statement } from "./statement-totals.ts";

// A month's statements of one kind as CSV (docs/product/partners.md#statements): one line per partner, amounts in
// dollars with two decimals, so a spreadsheet sums them as they are.

const COLUMNS: Record<PartnerKind, [string, string][]> = {
  buyer: [
    ["leads_sold", "leads sold"],
    ["sold_cents", "sold (USD)"],
    ["returns", "returns"],
    ["returned_cents", "returned (USD)"],
    ["net_cents", "net (USD)"],
  ],
  publisher: [
    ["payouts_earned", "payouts earned"],
    ["earned_cents", "earned (USD)"],
    ["payouts_reversed", "payouts reversed"],
    ["reversed_cents", "reversed (USD)"],
    ["payouts_final", "payouts made final"],
    ["final_cents", "made final (USD)"],
    ["net_cents", "net (USD)"],
  ],
};

/** Cents as dollars with two decimals and no symbol, as a spreadsheet sums them. */
export const dollars = (cents: number) =>
  `${cents < 0 ? "-" : ""}${Math.floor(Math.abs(cents) / 100)}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;

export function statementsCsv(
  kind: PartnerKind,
  month: string,
  list: Statement[],
  nameOf: (s: Statement) => string,
): string {
  const columns = COLUMNS[kind];
  const lines = [["month", kind, "name", ...columns.map(([, label]) => label)]];
  for (const s of list) {
    if (s.partner_kind !== kind) continue;
    const totals = s.totals as Record<string, number>;
    lines.push([
      month,
      s.partner_id,
      nameOf(s),
      ...columns.map(([key]) => (key.endsWith("_cents") ? dollars(totals[key] ?? 0) : String(totals[key] ?? 0))),
    ]);
  }
  return lines.map(csvLine).join("");
}
