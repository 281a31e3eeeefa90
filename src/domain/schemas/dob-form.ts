import { z } from "zod";
import { isAdult } from "../age.ts";
import { daysInMonth, parseIsoDate } from "../calendar-date.ts";
import { MESSAGES } from "../messages.ts";
import { birthYears, dayOptions, MONTH_OPTIONS, type Option } from "../options.ts";
import { dayOf, fieldsValid, type Today } from "./field-rules.ts";

// Date of birth: month, day and year selects (docs/product/validation.md), sent as one "YYYY-MM-DD"
// (docs/product/server-calls.md, step 5). "Today" comes from the caller, never from the clock here.

/** "7" and "07" both mean July; anything else stays as typed and fails its check. */
const twoDigits = (v: unknown) =>
  typeof v === "number" ? String(v).padStart(2, "0") : typeof v === "string" ? v.trim().padStart(2, "0") : v;

const MONTHS: readonly string[] = MONTH_OPTIONS.map((m) => m.value);
const DAY = /^(0[1-9]|[12]\d|3[01])$/;

/**
 * Output `{ dob }`. An impossible day (Feb 30) is reported on `day`; under 18 on `year`, the select
 * that decides it. Age is birthday-aware (age.ts), not the spec's year-only subtraction.
 */
export function dobFormSchema(today: Today) {
  return z
    .object({
      month: z.preprocess(twoDigits, z.string({ message: MESSAGES.monthRequired })).refine((v) => MONTHS.includes(v), {
        message: MESSAGES.monthRequired,
      }),
      day: z.preprocess(twoDigits, z.string({ message: MESSAGES.dayRequired })).refine((v) => DAY.test(v), {
        message: MESSAGES.dayRequired,
      }),
      year: z
        .preprocess(
          (v) => (typeof v === "number" ? String(v) : typeof v === "string" ? v.trim() : v),
          z.string({ message: MESSAGES.yearRequired }),
        )
        .refine((v) => birthYears(dayOf(today)).map(String).includes(v), { message: MESSAGES.yearRequired }),
    })
    .superRefine((v, ctx) => {
      const iso = `${v.year}-${v.month}-${v.day}`;
      if (parseIsoDate(iso) === undefined)
        ctx.addIssue({ code: "custom", path: ["day"], message: MESSAGES.dateInvalid });
      else if (!isAdult(iso, dayOf(today)))
        ctx.addIssue({ code: "custom", path: ["year"], message: MESSAGES.underage });
    }, fieldsValid)
    .transform((v) => ({ dob: `${v.year}-${v.month}-${v.day}` }));
}

/**
 * The day select's options once a month is chosen (docs/product/behaviour.md: the day count follows the month).
 * The year comes after the day, so February offers 29 days until a common year is known.
 */
export function dobDayOptions(month: string, year?: string): Option[] {
  const m = Number(month);
  if (!Number.isInteger(m) || m < 1 || m > 12) return [];
  const y = year && /^\d{4}$/.test(year) ? Number(year) : 2000; // 2000 is a leap year
  return dayOptions(daysInMonth(y, m));
}
