import type { InvoicePeriod } from "../../../domain/buyers/billing.ts";
import { LATE_ROWS_MS } from "../ledger/late-rows.ts";

// The calendar of invoices (docs/product/buyer-money.md#invoices): a week is Monday to Sunday and a month the calendar
// month, both in UTC, written as their first and last days (YYYY-MM-DD), both included.

export type Period = { kind: InvoicePeriod; start: string; end: string };

const DAY_MS = 86_400_000;

/** The UTC day of an instant. */
const dayOf = (at: Date) => at.toISOString().slice(0, 10);
/** The instant a day begins (00:00 UTC). */
export const dayStart = (day: string) => new Date(`${day}T00:00:00.000Z`);
export const addDays = (day: string, n: number) => dayOf(new Date(dayStart(day).getTime() + n * DAY_MS));

/** The period of this kind the day falls in. */
export function periodOf(kind: InvoicePeriod, day: string): Period {
  const at = dayStart(day);
  if (kind === "weekly") {
    const sinceMonday = (at.getUTCDay() + 6) % 7;
    const start = addDays(day, -sinceMonday);
    return { kind, start, end: addDays(start, 6) };
  }
  const y = at.getUTCFullYear();
  const m = at.getUTCMonth();
  return { kind, start: dayOf(new Date(Date.UTC(y, m, 1))), end: dayOf(new Date(Date.UTC(y, m + 1, 0))) };
}

/** The first instant after the period. */
export const periodEndsAt = (p: Pick<Period, "end">) => dayStart(addDays(p.end, 1));

/** Whether the period may be closed at `now`: it has ended, and the grace after it has passed. */
export const isClosable = (p: Pick<Period, "end">, now: Date) =>
  periodEndsAt(p).getTime() + LATE_ROWS_MS <= now.getTime();

/** The last period of this kind closable at `now`. */
export function lastClosablePeriod(kind: InvoicePeriod, now: Date): Period {
  const current = periodOf(kind, dayOf(new Date(now.getTime() - LATE_ROWS_MS)));
  return periodOf(kind, addDays(current.start, -1));
}

/**
 * The period a buyer's next invoice covers, from the first day no invoice of its covers (`since`) and the day of its
 * first ledger row on or after it: the period of its kind that begins at `since` (cut short at the start when the
 * buyer changed from weekly to monthly or back, so no day falls in two invoices), or, when that period has no row,
 * the period of the first row.
 */
export function nextPeriod(kind: InvoicePeriod, since: string, firstRowDay: string): Period {
  const from = { kind, start: since, end: periodOf(kind, since).end };
  return firstRowDay <= from.end ? from : periodOf(kind, firstRowDay);
}
