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
