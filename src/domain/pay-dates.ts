import {
  addDays,
  addOneMonth,
  isWeekend,
  parseIsoDate,
  startOfUtcDay,
  toIsoDate,
  type IsoDate,
} from "./calendar-date.ts";
import { isBankHoliday } from "./bank-holidays.ts";
import { PAY_FREQUENCY_OPTIONS, type PayFrequency } from "./options.ts";

// Next pay date window (docs/product/settled-readings.md#5-next-pay-date-window): today through 30 days ahead, weekdays
// only, and no bank holiday, on which no payroll lands (docs/decisions/0032-bank-holidays.md).
export const PAY_DATE_WINDOW_DAYS = 30;

/** A day a payroll deposit can land on: a weekday that is not a bank holiday. */
function isPayday(date: Date): boolean {
  return !isWeekend(date) && !isBankHoliday(toIsoDate(date));
}

export type PayDateWindowOptions = {
  /**
   * Extra days accepted before the window's first day. The browser checks against the visitor's own
   * date; a server that checks against US Eastern time should allow 1, because a visitor in Hawaii or on
   * the Pacific coast can still be on the previous calendar day. The last day needs none: no US visitor's
   * date is ahead of Eastern, so their window never ends later than the server's.
   */
  graceDays?: number;
};

/** `today` may carry a clock time; only its UTC calendar day counts (pass `localToday(now)` in a browser). */
export function isAllowedNextPayDate(value: IsoDate, today: Date, options: PayDateWindowOptions = {}): boolean {
  const date = parseIsoDate(value);
  if (!date || !isPayday(date)) return false;
  const grace = options.graceDays ?? 0;
  const first = addDays(startOfUtcDay(today), -grace);
  const last = addDays(startOfUtcDay(today), PAY_DATE_WINDOW_DAYS);
  return date.getTime() >= first.getTime() && date.getTime() <= last.getTime();
}

/** The selectable dates of the calendar, in order (no grace: the calendar shows the exact window). */
export function allowedNextPayDates(today: Date): IsoDate[] {
  const dates: IsoDate[] = [];
  for (let i = 0; i <= PAY_DATE_WINDOW_DAYS; i++) {
    const d = addDays(startOfUtcDay(today), i);
    if (isPayday(d)) dates.push(toIsoDate(d));
  }
  return dates;
}

/**
 * docs/product/behaviour.md: biweekly or twice-monthly +14 days, monthly +1 month, weekly +7 days; a Saturday moves
 * forward 2 days and a Sunday 1, both to Monday. Monthly clamps to the month's end (Jan 31 -> Feb 28/29). A bank
 * holiday moves forward the same way, to the next day a payroll can land on (docs/decisions/0032-bank-holidays.md).
 */
export function secondPayDate(first: IsoDate, frequency: PayFrequency): IsoDate {
  const date = parseIsoDate(first);
  if (!date) throw new RangeError(`Not a date: ${first}`);
  let next = frequency === "MONTHLY" ? addOneMonth(date) : addDays(date, frequency === "WEEKLY" ? 7 : 14);
  while (!isPayday(next)) next = addDays(next, 1);
  return toIsoDate(next);
}

/** Every second pay date the funnel can compute from `first`, one per pay frequency (docs/product/behaviour.md). */
export function possibleSecondPayDates(first: IsoDate): IsoDate[] {
  return [...new Set(PAY_FREQUENCY_OPTIONS.map((o) => secondPayDate(first, o.value)))];
}

/** docs/product/behaviour.md: the second pay date is the first plus one pay period of some frequency. */
export function isSecondPayDateOf(first: IsoDate, second: IsoDate): boolean {
  return possibleSecondPayDates(first).includes(second);
}
