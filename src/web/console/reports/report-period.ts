import {
  daysBetween,
  MAX_PERIOD_DAYS,
  PERIOD_MESSAGES,
  REPORT_PERIODS,
  type ReportPeriod,
} from "#domain/contracts/console-reports.ts";

// A report's period as the screen's address keeps it (`period=7d`, or `from=2026-03-01&to=2026-03-14`, and
// `compare=previous`), so a link shared or reloaded shows the same days; and the query the server gets from it. The
// named periods are the server's (docs/decisions/0047-report-periods-and-profit.md), computed here from "today" in
// the operator's zone only to draw them in the picker and to recognise a range that is one of them.

/** A range of calendar days, both counted, YYYY-MM-DD. */
export type DayRange = { from: string; to: string };
/** What the address asks: a named period or a range of days, and whether the period before comes beside it. */
export type PeriodChoice = ({ period: ReportPeriod } | { period: "custom"; from: string; to: string }) & {
  compare: boolean;
};

export const PRESET_LABELS: Record<ReportPeriod, string> = {
  today: "Today",
  yesterday: "Yesterday",
  "7d": "Last 7 days",
  "30d": "Last 30 days",
  this_month: "This month",
  last_month: "Last month",
};

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** A real calendar day written YYYY-MM-DD (not 2026-02-30). */
function isDay(value: string | null | undefined): value is string {
  if (!value || !DAY.test(value)) return false;
  const ms = Date.parse(`${value}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().startsWith(value);
}

/** The calendar day it is at `at` in `timeZone`. */
export function todayIn(timeZone: string, at = new Date()): string {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  return `${part("year")}-${part("month")}-${part("day")}`;
}

/** `day` moved by `days` (calendar arithmetic: no zone, no clock change). */
export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** The days a named period covers when `today` is today, as the server reads it. */
export function presetRange(period: ReportPeriod, today: string): DayRange {
  const monthStart = `${today.slice(0, 7)}-01`;
  switch (period) {
    case "today":
      return { from: today, to: today };
    case "yesterday":
      return { from: addDays(today, -1), to: addDays(today, -1) };
    case "7d":
      return { from: addDays(today, -6), to: today };
    case "30d":
      return { from: addDays(today, -29), to: today };
    case "this_month":
      return { from: monthStart, to: today };
    case "last_month": {
      const last = addDays(monthStart, -1);
      return { from: `${last.slice(0, 7)}-01`, to: last };
    }
  }
}

/**
 * The named period whose days are exactly `range`, if any: the first in REPORT_PERIODS' order, so on the 1st of a
 * month the one day is "today", not "this month".
 */
export function matchPreset(range: DayRange, today: string): ReportPeriod | undefined {
  return REPORT_PERIODS.find((period) => {
    const days = presetRange(period, today);
    return days.from === range.from && days.to === range.to;
  });
}

/** Why a range cannot be a report's period, or undefined when it can (the contract's own rules and messages). */
export function rangeProblem(range: DayRange, today: string): string | undefined {
  if (!isDay(range.from) || !isDay(range.to)) return PERIOD_MESSAGES.day;
  const days = daysBetween(range.from, range.to);
  if (days < 1) return PERIOD_MESSAGES.order;
  if (days > MAX_PERIOD_DAYS) return PERIOD_MESSAGES.tooLong;
  if (range.to > today) return PERIOD_MESSAGES.future;
  return undefined;
}

const isPreset = (value: string | null): value is ReportPeriod =>
  value !== null && (REPORT_PERIODS as readonly string[]).includes(value);

/**
 * The address's period. Nothing given is the screen's `fallback`; anything the server would refuse (an unknown
 * name, a day that is not one, a range backwards, too long or ending after today) is today, never an error page.
 */
export function readPeriod(params: URLSearchParams, today: string, fallback: ReportPeriod = "today"): PeriodChoice {
  const compare = params.get("compare") === "previous";
  const period = params.get("period");
  const from = params.get("from");
  const to = params.get("to");
  if (from !== null || to !== null) {
    const range = { from: from ?? "", to: to ?? "" };
    return rangeProblem(range, today) === undefined
      ? { period: "custom", ...range, compare }
      : { period: "today", compare };
  }
  if (period === null) return { period: fallback, compare };
  return { period: isPreset(period) ? period : "today", compare };
}

/** The days a choice covers when `today` is today. */
export const rangeOf = (choice: PeriodChoice, today: string): DayRange =>
  choice.period === "custom" ? { from: choice.from, to: choice.to } : presetRange(choice.period, today);

/**
 * The address after choosing `range` (kept as a preset's name when it is one, so a shared link stays "last 7 days")
 * or switching the comparison; every other parameter (a table's sorting, a filter) is kept.
 */
export function writePeriod(
  params: URLSearchParams,
  change: { range?: DayRange; compare?: boolean },
  today: string,
): URLSearchParams {
  const next = new URLSearchParams(params);
  if (change.range) {
    next.delete("period");
    next.delete("from");
    next.delete("to");
    const preset = matchPreset(change.range, today);
    if (preset) next.set("period", preset);
    else {
      next.set("from", change.range.from);
      next.set("to", change.range.to);
    }
  }
  if (change.compare !== undefined) {
    if (change.compare) next.set("compare", "previous");
    else next.delete("compare");
  }
  return next;
}

/** What the server is asked: the period as the address gives it, in the session's zone, and the comparison. */
export function periodQuery(
  choice: PeriodChoice,
  tz: string,
): { period?: ReportPeriod; from?: string; to?: string; tz: string; compare?: "previous" } {
  const period = choice.period === "custom" ? { from: choice.from, to: choice.to } : { period: choice.period };
  return { ...period, tz, ...(choice.compare ? { compare: "previous" as const } : {}) };
}

const dayFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: "UTC",
  month: "short",
  day: "numeric",
  year: "numeric",
});
const dayOf = (day: string) => new Date(`${day}T00:00:00Z`);

/** The days for a reader: "Mar 4 – 10, 2026", or "Mar 10, 2026" for one day. */
export function formatDays({ from, to }: DayRange): string {
  // ICU puts thin spaces around the dash; plain ones read and search alike.
  const text = from === to ? dayFormat.format(dayOf(from)) : dayFormat.formatRange(dayOf(from), dayOf(to));
  return text.replace(/\s/g, " ");
}

/** What a report's header says of its answer: the days it covers, their zone, and the period it is compared with. */
export function periodLine(
  bounds: { first_day: string; last_day: string; tz: string },
  previous: { bounds: { first_day: string; last_day: string } } | null,
): string {
  const days = formatDays({ from: bounds.first_day, to: bounds.last_day });
  const before = previous
    ? `, compared with ${formatDays({ from: previous.bounds.first_day, to: previous.bounds.last_day })}`
    : "";
  return `${days} (${bounds.tz})${before}.`;
}
