import { addDays, parseIsoDate, toIsoDate, type IsoDate } from "./calendar-date.ts";

// The days the Federal Reserve's payment services are closed, on which no payroll deposit lands
// (docs/decisions/0032-bank-holidays.md): the eleven federal holidays, a Sunday holiday closed on the
// Monday after, a Saturday holiday not moved at all (the Fed stays open that Friday).

export type BankHoliday = { date: IsoDate; name: string };

const utc = (year: number, month1to12: number, day: number) => new Date(Date.UTC(year, month1to12 - 1, day));

/** The `nth` (1-based) `weekday` (0 Sunday .. 6 Saturday) of a month; nth -1 is the month's last. */
function nthWeekday(year: number, month1to12: number, weekday: number, nth: number): Date {
  if (nth === -1) {
    const last = utc(year, month1to12 + 1, 0);
    return addDays(last, -((last.getUTCDay() - weekday + 7) % 7));
  }
  const first = utc(year, month1to12, 1);
  return addDays(first, ((weekday - first.getUTCDay() + 7) % 7) + 7 * (nth - 1));
}

/** A fixed-date holiday as the Fed closes for it: Sunday moves to Monday; Saturday stays (closes nothing). */
function observed(date: Date): Date {
  return date.getUTCDay() === 0 ? addDays(date, 1) : date;
}

const MONDAY = 1;
const THURSDAY = 4;

/** The bank holidays of `year` that fall on a weekday, in date order. */
export function bankHolidays(year: number): BankHoliday[] {
  const days: [Date, string][] = [
    [observed(utc(year, 1, 1)), "New Year's Day"],
    [nthWeekday(year, 1, MONDAY, 3), "Martin Luther King Jr. Day"],
    [nthWeekday(year, 2, MONDAY, 3), "Presidents Day"],
    [nthWeekday(year, 5, MONDAY, -1), "Memorial Day"],
    // A federal holiday since 2021; the Fed first closed for it in 2022.
    ...(year >= 2022 ? [[observed(utc(year, 6, 19)), "Juneteenth"] as [Date, string]] : []),
    [observed(utc(year, 7, 4)), "Independence Day"],
    [nthWeekday(year, 9, MONDAY, 1), "Labor Day"],
    [nthWeekday(year, 10, MONDAY, 2), "Columbus Day"],
    [observed(utc(year, 11, 11)), "Veterans Day"],
    [nthWeekday(year, 11, THURSDAY, 4), "Thanksgiving Day"],
    [observed(utc(year, 12, 25)), "Christmas Day"],
  ];
  return days
    .filter(([date]) => date.getUTCDay() !== 6)
    .map(([date, name]) => ({ date: toIsoDate(date), name }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

const byYear = new Map<number, Map<IsoDate, string>>();

/** The holiday's name when the Fed is closed on `value` for one, else undefined. */
export function bankHolidayOn(value: IsoDate): string | undefined {
  const date = parseIsoDate(value);
  if (!date) return undefined;
  const year = date.getUTCFullYear();
  let holidays = byYear.get(year);
  if (!holidays) {
    holidays = new Map(bankHolidays(year).map((h) => [h.date, h.name]));
    byYear.set(year, holidays);
  }
  return holidays.get(value);
}

export const isBankHoliday = (value: IsoDate): boolean => bankHolidayOn(value) !== undefined;
