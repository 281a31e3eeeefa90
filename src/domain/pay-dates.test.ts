import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isBankHoliday } from "./bank-holidays.ts";
import { addDays, localToday, parseIsoDate, toIsoDate } from "./calendar-date.ts";
import { PAY_FREQUENCY_OPTIONS } from "./options.ts";
import {
  allowedNextPayDates,
  isAllowedNextPayDate,
  isSecondPayDateOf,
  PAY_DATE_WINDOW_DAYS,
  possibleSecondPayDates,
  secondPayDate,
} from "./pay-dates.ts";

// 2026-11-23 is a Monday.
const today = new Date("2026-11-23T00:00:00Z");
const frequencies = PAY_FREQUENCY_OPTIONS.map((o) => o.value);
const anyDay = fc
  .integer({ min: 0, max: 3650 })
  .map((offset) => toIsoDate(addDays(new Date(Date.UTC(2025, 0, 1)), offset)));
const dayNumber = (iso: string) => parseIsoDate(iso)!.getTime() / 86_400_000;

describe("next pay date window (docs/product/settled-readings.md#5-next-pay-date-window)", () => {
  it("allows today through 30 days ahead", () => {
    expect(PAY_DATE_WINDOW_DAYS).toBe(30);
    expect(isAllowedNextPayDate("2026-11-23", today)).toBe(true);
    expect(isAllowedNextPayDate("2026-12-23", today)).toBe(true); // day 30, a Wednesday
    expect(isAllowedNextPayDate("2026-12-24", today)).toBe(false); // day 31
    expect(isAllowedNextPayDate("2026-11-20", today)).toBe(false); // last Friday
  });

  it("disables weekends", () => {
    expect(isAllowedNextPayDate("2026-11-28", today)).toBe(false); // Saturday
    expect(isAllowedNextPayDate("2026-11-29", today)).toBe(false); // Sunday
    expect(isAllowedNextPayDate("2026-11-27", today)).toBe(true); // Friday
    expect(isAllowedNextPayDate("2026-11-30", today)).toBe(true); // Monday
  });

  it("disables bank holidays: no payroll lands on them (docs/decisions/0032-bank-holidays.md)", () => {
    // Thanksgiving (Thursday 2026-11-26) and Christmas (Friday 2026-12-25); the days around them stay open.
    expect(isAllowedNextPayDate("2026-11-26", today)).toBe(false);
    expect(isAllowedNextPayDate("2026-12-25", new Date("2026-12-01T00:00:00Z"))).toBe(false);
    expect(isAllowedNextPayDate("2026-11-25", today)).toBe(true);
    expect(isAllowedNextPayDate("2026-11-27", today)).toBe(true);
    // Today itself when today is a holiday, and on the server's grace day too.
    const thanksgiving = new Date("2026-11-26T15:00:00Z");
    expect(isAllowedNextPayDate("2026-11-26", thanksgiving)).toBe(false);
    expect(allowedNextPayDates(thanksgiving)[0]).toBe("2026-11-27");
    expect(isAllowedNextPayDate("2026-11-26", new Date("2026-11-27T00:00:00Z"), { graceDays: 1 })).toBe(false);
  });

  it("refuses what is not a plain date", () => {
    expect(isAllowedNextPayDate("2026-11-31", today)).toBe(false);
    expect(isAllowedNextPayDate("2026-11-24T00:00:00Z", today)).toBe(false);
    expect(isAllowedNextPayDate("", today)).toBe(false);
  });

  it("counts calendar days, whatever the clock time of today", () => {
    const lateToday = new Date("2026-11-23T23:30:00Z");
    expect(isAllowedNextPayDate("2026-11-23", lateToday)).toBe(true);
    expect(isAllowedNextPayDate("2026-12-23", lateToday)).toBe(true);
    expect(isAllowedNextPayDate("2026-12-24", lateToday)).toBe(false);
    expect(allowedNextPayDates(lateToday)[0]).toBe("2026-11-23");
  });

  it("takes the visitor's local calendar day as today", () => {
    // 23:30 local on the 23rd is the 23rd, whatever UTC says.
    const now = new Date(2026, 10, 23, 23, 30);
    expect(toIsoDate(localToday(now))).toBe("2026-11-23");
  });

  it("widens the start, never the end, by the grace days a server may allow", () => {
    const tuesday = new Date("2026-11-24T00:00:00Z");
    expect(isAllowedNextPayDate("2026-11-23", tuesday)).toBe(false);
    expect(isAllowedNextPayDate("2026-11-23", tuesday, { graceDays: 1 })).toBe(true);
    expect(isAllowedNextPayDate("2026-11-20", tuesday, { graceDays: 1 })).toBe(false); // Friday, 4 days back
    expect(isAllowedNextPayDate("2026-12-25", tuesday)).toBe(false); // day 31
    expect(isAllowedNextPayDate("2026-12-25", tuesday, { graceDays: 1 })).toBe(false);
    expect(isAllowedNextPayDate("2026-12-24", tuesday, { graceDays: 1 })).toBe(true); // day 30
  });

  it("lists exactly the allowed days", () => {
    const dates = allowedNextPayDates(today);
    expect(dates[0]).toBe("2026-11-23");
    expect(dates.at(-1)).toBe("2026-12-23");
    expect(dates).toHaveLength(22); // 31 days minus 8 weekend days and Thanksgiving
    expect(dates).not.toContain("2026-11-26");
    expect(dates.every((x) => isAllowedNextPayDate(x, today))).toBe(true);
  });

  it("lists only paydays in the window (no weekend, no bank holiday), and every one of them, from any today", () => {
    fc.assert(
      fc.property(anyDay, (todayIso) => {
        const start = parseIsoDate(todayIso)!;
        const dates = allowedNextPayDates(start);
        for (let i = -2; i <= PAY_DATE_WINDOW_DAYS + 2; i++) {
          const day = toIsoDate(addDays(start, i));
          expect(dates.includes(day)).toBe(isAllowedNextPayDate(day, start));
        }
        for (const date of dates) {
          expect([0, 6]).not.toContain(parseIsoDate(date)!.getUTCDay());
          expect(isBankHoliday(date)).toBe(false);
        }
      }),
    );
  });
});

describe("secondPayDate (docs/product/behaviour.md)", () => {
  it("adds 14 days for biweekly and twice monthly, 7 for weekly, a month for monthly", () => {
    expect(secondPayDate("2026-11-25", "BIWEEKLY")).toBe("2026-12-09");
    expect(secondPayDate("2026-11-25", "TWICEMONTHLY")).toBe("2026-12-09");
    expect(secondPayDate("2026-11-25", "WEEKLY")).toBe("2026-12-02");
    expect(secondPayDate("2026-11-24", "MONTHLY")).toBe("2026-12-24");
  });

  it("moves a Saturday 2 days and a Sunday 1 day forward, to Monday", () => {
    expect(secondPayDate("2026-12-14", "MONTHLY")).toBe("2027-01-14"); // Thursday stays
    expect(secondPayDate("2026-12-12", "WEEKLY")).toBe("2026-12-21"); // Sat 19th -> Mon 21st
    expect(secondPayDate("2026-12-13", "WEEKLY")).toBe("2026-12-21"); // Sun 20th -> Mon 21st
    expect(secondPayDate("2026-12-11", "WEEKLY")).toBe("2026-12-18"); // Friday stays
  });

  it("moves a bank holiday forward as a weekend, to the next day a payroll can land on", () => {
    expect(secondPayDate("2026-11-25", "MONTHLY")).toBe("2026-12-28"); // Christmas, a Friday -> Monday
    expect(secondPayDate("2026-11-12", "BIWEEKLY")).toBe("2026-11-27"); // Thanksgiving -> Friday
    expect(secondPayDate("2027-06-28", "WEEKLY")).toBe("2027-07-06"); // July 4, 2027 is a Sunday: Monday closed
    // Saturday 2027-09-04 (Labor Day weekend): past Sunday and Labor Day Monday to Tuesday.
    expect(secondPayDate("2027-08-04", "MONTHLY")).toBe("2027-09-07");
  });

  it("clamps a month-end date to the next month's last day", () => {
    expect(secondPayDate("2027-01-29", "MONTHLY")).toBe("2027-03-01"); // Feb 28 2027 is a Sunday
    expect(secondPayDate("2026-10-30", "MONTHLY")).toBe("2026-11-30");
    expect(secondPayDate("2028-01-31", "MONTHLY")).toBe("2028-02-29"); // leap year
    expect(secondPayDate("2026-12-31", "MONTHLY")).toBe("2027-02-01"); // Jan 31 2027 is a Sunday
  });

  it("refuses what is not a date", () => {
    expect(() => secondPayDate("2026-02-30", "WEEKLY")).toThrow(RangeError);
  });

  it("always lands on a payday 7 to 34 days after the first date", () => {
    fc.assert(
      fc.property(anyDay, fc.constantFrom(...frequencies), (first, frequency) => {
        const second = secondPayDate(first, frequency);
        expect([0, 6]).not.toContain(parseIsoDate(second)?.getUTCDay());
        expect(isBankHoliday(second)).toBe(false);
        const gap = dayNumber(second) - dayNumber(first);
        expect(gap).toBeGreaterThanOrEqual(7);
        expect(gap).toBeLessThanOrEqual(34);
      }),
    );
  });

  it("keeps the day of the month for monthly pay, unless clamped or moved off a weekend or holiday", () => {
    fc.assert(
      fc.property(anyDay, (first) => {
        const second = parseIsoDate(secondPayDate(first, "MONTHLY"))!;
        const firstDay = parseIsoDate(first)!.getUTCDate();
        // Moved: the day before it is a weekend or a holiday.
        const before = addDays(second, -1);
        const shifted = [0, 6].includes(before.getUTCDay()) || isBankHoliday(toIsoDate(before));
        if (!shifted && firstDay <= 28) expect(second.getUTCDate()).toBe(firstDay);
      }),
    );
  });
});

describe("isSecondPayDateOf (docs/product/behaviour.md)", () => {
  it("accepts exactly the second dates some pay frequency computes", () => {
    // Friday 2026-11-27: weekly 12-04, biweekly and twice monthly 12-11, monthly 12-27 (a Sunday) -> 12-28.
    expect(possibleSecondPayDates("2026-11-27").sort()).toEqual(["2026-12-04", "2026-12-11", "2026-12-28"]);
    for (const second of ["2026-12-04", "2026-12-11", "2026-12-28"]) {
      expect(isSecondPayDateOf("2026-11-27", second)).toBe(true);
    }
    for (const second of ["2026-11-27", "2026-11-26", "2026-12-05", "2026-12-27", "2027-06-05"]) {
      expect(isSecondPayDateOf("2026-11-27", second)).toBe(false);
    }
  });
});
