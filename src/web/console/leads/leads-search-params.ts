import { LEAD_SEARCH_STATUSES, leadSearchQuery } from "#domain/contracts/console-leads.ts";
import { LEAD_STAGES } from "#domain/contracts/console-reports.ts";
import type { Option } from "#domain/options.ts";

// The leads screen's state is its address (/console/leads?status=sold&buyer=b1...): the contract's own query
// fields, so a view can be shared, reloaded, and found again after opening a lead. Everything here reads or
// writes those parameters; the screen keeps no filter of its own.

/** The address parameters the search takes: the contract's, so a new filter needs no change here. */
const SEARCH_KEYS = Object.keys(leadSearchQuery.shape) as (keyof typeof leadSearchQuery.shape)[];
/** The filters, without the page's own cursor and size: what the export and the count are of. */
const FILTER_KEYS = SEARCH_KEYS.filter((key) => key !== "cursor" && key !== "limit");

export const PAGE = 50;

/** The filters the address applies, as the API and the export take them. */
export function filtersOf(params: URLSearchParams): Record<string, string> {
  const picked: Record<string, string> = {};
  for (const key of FILTER_KEYS) {
    const value = params.get(key);
    if (value) picked[key] = value;
  }
  return picked;
}

/**
 * The search box takes a lead id, an e-mail, a phone number or a buyer's own reference for the lead: the first
 * three go to `q` as the server reads them (src/server/console/leads/lead-search.ts), anything else is a buyer's
 * reference. A lead id starts "ld_"; a phone has 10 digits (11 with the leading 1) and only phone punctuation.
 */
export function searchFieldOf(text: string): "q" | "buyer_ref" {
  const value = text.trim();
  if (/^ld_/.test(value) || value.includes("@")) return "q";
  const digits = value.replace(/\D/g, "");
  const phone =
    /^[\d\s()+.-]+$/.test(value) && (digits.length === 10 || (digits.length === 11 && digits.startsWith("1")));
  return phone ? "q" : "buyer_ref";
}

/** The address with one filter set (or removed when empty), back on the first page. */
export function withFilter(params: URLSearchParams, changes: Record<string, string | null>): URLSearchParams {
  const next = new URLSearchParams(params);
  for (const [key, value] of Object.entries(changes)) {
    if (value) next.set(key, value);
    else next.delete(key);
  }
  next.delete("cursor");
  return next;
}

const number = new Intl.NumberFormat("en-US");

/** "1,234 leads", "1 lead", "More than 10,000 leads" when the count stopped at its cap. */
export function countText(total: number, capped: boolean): string {
  if (capped) return `More than ${number.format(total)} leads`;
  return `${number.format(total)} ${total === 1 ? "lead" : "leads"}`;
}

/** A status or a stage as words: "in progress". */
export const words = (value: string) => value.replace(/_/g, " ");

const capitalised = (value: string) => words(value).replace(/^./, (c) => c.toUpperCase());

export const STATUS_OPTIONS: Option<string>[] = LEAD_SEARCH_STATUSES.map((s) => ({ value: s, label: capitalised(s) }));
export const STAGE_OPTIONS: Option<string>[] = LEAD_STAGES.map((s) => ({ value: s, label: capitalised(s) }));
