import type { RuleContext } from "#domain/fields/lead-fields.ts";

// "Today" for the date rules (age, next pay date window). The server runs in UTC but its visitors are
// in the US: the date in US Eastern time is the calendar date most of them see.
const EASTERN = new Intl.DateTimeFormat("en-US", {
  timeZone: "America/New_York",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

export function usToday(now: Date = new Date()): Date {
  const parts = EASTERN.formatToParts(now);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return new Date(Date.UTC(get("year"), get("month") - 1, get("day")));
}

// The rules' "today" is the US Eastern date, read at each check; a pay date picked just before midnight
// may arrive after it, so every write allows one day of grace before the window (pay-dates.ts). The funnel's
// writes and the publishers' posts check by it alike.
export const SERVER_RULES: RuleContext = { today: () => usToday(), payDateGraceDays: 1 };
