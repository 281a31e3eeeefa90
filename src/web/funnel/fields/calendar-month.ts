import { addDays, daysInMonth, parseIsoDate, toIsoDate, type IsoDate } from "#domain/calendar-date.ts";

// The pure part of the pay-date calendar (pay-date-calendar.tsx): the weeks of a month, where each key of
// the WAI-ARIA date grid moves to, and dates in words. Dates stay "YYYY-MM-DD" in UTC, as
// src/domain/calendar-date.ts keeps them, so the visitor's time zone never shifts a day.

/** A shown month: "YYYY-MM". */
export type MonthKey = string;

export const monthOf = (date: IsoDate): MonthKey => date.slice(0, 7);

function parts(month: MonthKey): [number, number] {
  return [Number(month.slice(0, 4)), Number(month.slice(5, 7))];
}

/** The month's days in weeks from Sunday to Saturday; null pads the first and last week. */
export function weeksOf(month: MonthKey): (IsoDate | null)[][] {
  const [year, m] = parts(month);
  const first = new Date(Date.UTC(year, m - 1, 1));
  const cells: (IsoDate | null)[] = Array.from({ length: first.getUTCDay() }, () => null);
  for (let day = 0; day < daysInMonth(year, m); day++) cells.push(toIsoDate(addDays(first, day)));
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: (IsoDate | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** The window's months in order (one, or two when it crosses a month's end). */
export function monthsBetween(first: IsoDate, last: IsoDate): MonthKey[] {
  const months: MonthKey[] = [];
  let [year, m] = parts(monthOf(first));
  const end = monthOf(last);
  for (;;) {
    const key = `${year}-${String(m).padStart(2, "0")}`;
    months.push(key);
    if (key >= end) return months;
    [year, m] = m === 12 ? [year + 1, 1] : [year, m + 1];
  }
}

const clamp = (date: IsoDate, first: IsoDate, last: IsoDate) => (date < first ? first : date > last ? last : date);

function shift(date: IsoDate, days: number): IsoDate {
  return toIsoDate(addDays(parseIsoDate(date) as Date, days));
}

/** The same day of the month `months` away, clamped to that month's last day (Jan 31 -> Feb 28). */
function shiftMonths(date: IsoDate, months: number): IsoDate {
  const [year, m] = parts(monthOf(date));
  const index = year * 12 + (m - 1) + months;
  const y = Math.floor(index / 12);
  const mm = (index % 12) + 1;
  const day = Math.min(Number(date.slice(8, 10)), daysInMonth(y, mm));
  return toIsoDate(new Date(Date.UTC(y, mm - 1, day)));
}

/**
 * Where a key of the date grid moves the focused day (WAI-ARIA date picker grid: arrows by day and week,
 * Home and End to the week's first and last day, Page Up and Page Down by month), never leaving the
 * window [first, last]. Undefined for any other key.
 */
export function dateAfterKey(date: IsoDate, key: string, first: IsoDate, last: IsoDate): IsoDate | undefined {
  const weekday = (parseIsoDate(date) as Date).getUTCDay();
  const moves: Record<string, () => IsoDate> = {
    ArrowLeft: () => shift(date, -1),
    ArrowRight: () => shift(date, 1),
    ArrowUp: () => shift(date, -7),
    ArrowDown: () => shift(date, 7),
    Home: () => shift(date, -weekday),
    End: () => shift(date, 6 - weekday),
    PageUp: () => shiftMonths(date, -1),
    PageDown: () => shiftMonths(date, 1),
  };
  const move = moves[key];
  return move ? clamp(move(), first, last) : undefined;
}

const LONG_DATE = new Intl.DateTimeFormat("en-US", {
  weekday: "long",
  month: "long",
  day: "numeric",
  year: "numeric",
  timeZone: "UTC",
});
const MONTH_TITLE = new Intl.DateTimeFormat("en-US", { month: "long", year: "numeric", timeZone: "UTC" });

/** "Friday, December 4, 2026". */
export const dateInWords = (date: IsoDate): string => LONG_DATE.format(parseIsoDate(date));

/** "December 2026". */
export const monthTitle = (month: MonthKey): string => MONTH_TITLE.format(parseIsoDate(`${month}-01`));
