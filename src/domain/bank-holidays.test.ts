import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bankHolidayOn, bankHolidays, isBankHoliday } from "./bank-holidays.ts";
import { parseIsoDate } from "./calendar-date.ts";

const weekday = (iso: string) => parseIsoDate(iso)!.getUTCDay();
const datesOf = (year: number) => bankHolidays(year).map((h) => h.date);

// Each year's list is worked out by hand from one weekday per month, not from the code's rule: e.g. in 2022
// January 1 is a Saturday, so the Mondays of January are the 3rd, 10th, 17th (MLK Day, the third), and so on.
// They agree with the closing days the Federal Reserve published for those years.
describe("bank holidays (docs/decisions/0032-bank-holidays.md)", () => {
  it("2022: New Year's Day on a Saturday closes nothing; Juneteenth and Christmas on a Sunday close the Monday", () => {
    expect(datesOf(2022)).toEqual([
      // Jan 1 is a Saturday: the Fed stayed open on Friday, December 31, 2021.
      "2022-01-17", // Jan 1 Saturday -> Mondays 3, 10, 17
      "2022-02-21", // Feb 1 Tuesday -> Mondays 7, 14, 21
      "2022-05-30", // May 31 Tuesday -> last Monday the 30th
      "2022-06-20", // June 19 is a Sunday
      "2022-07-04", // a Monday
      "2022-09-05", // Sep 1 Thursday -> first Monday the 5th
      "2022-10-10", // Oct 1 Saturday -> Mondays 3, 10
      "2022-11-11", // a Friday
      "2022-11-24", // Nov 1 Tuesday -> Thursdays 3, 10, 17, 24
      "2022-12-26", // Christmas is a Sunday
    ]);
  });

  it("2023: New Year's Day on a Sunday closes January 2; Veterans Day on a Saturday closes nothing", () => {
    expect(datesOf(2023)).toEqual([
      "2023-01-02",
      "2023-01-16", // Jan 2 is a Monday -> 2, 9, 16
      "2023-02-20", // Feb 1 Wednesday -> Mondays 6, 13, 20
      "2023-05-29", // May 31 Wednesday -> last Monday the 29th
      "2023-06-19", // a Monday
      "2023-07-04", // a Tuesday
      "2023-09-04", // Sep 1 Friday -> first Monday the 4th
      "2023-10-09", // Oct 1 Sunday -> Mondays 2, 9
      // Nov 11 is a Saturday: open on Friday the 10th.
      "2023-11-23", // Nov 1 Wednesday -> Thursdays 2, 9, 16, 23
      "2023-12-25", // a Monday
    ]);
  });

  it("2026: Independence Day on a Saturday leaves Friday, July 3 a payday", () => {
    expect(datesOf(2026)).toEqual([
      "2026-01-01", // a Thursday
      "2026-01-19", // Jan 1 Thursday -> Mondays 5, 12, 19
      "2026-02-16", // Feb 1 Sunday -> Mondays 2, 9, 16
      "2026-05-25", // May 31 Sunday -> last Monday the 25th
      "2026-06-19", // a Friday
      "2026-09-07", // Sep 1 Tuesday -> first Monday the 7th
      "2026-10-12", // Oct 1 Thursday -> Mondays 5, 12
      "2026-11-11", // a Wednesday
      "2026-11-26", // Nov 1 Sunday -> Thursdays 5, 12, 19, 26
      "2026-12-25", // a Friday
    ]);
    expect(isBankHoliday("2026-07-03")).toBe(false);
    expect(isBankHoliday("2026-07-04")).toBe(false);
  });

  it("2027: Independence Day on a Sunday closes July 5; Juneteenth and Christmas on a Saturday close nothing", () => {
    expect(datesOf(2027)).toEqual([
      "2027-01-01", // a Friday
      "2027-01-18", // Jan 1 Friday -> Mondays 4, 11, 18
      "2027-02-15", // Feb 1 Monday -> 1, 8, 15
      "2027-05-31", // May 31 is a Monday
      "2027-07-05", // July 4 is a Sunday
      "2027-09-06", // Sep 1 Wednesday -> first Monday the 6th
      "2027-10-11", // Oct 1 Friday -> Mondays 4, 11
      "2027-11-11", // a Thursday
      "2027-11-25", // Nov 1 Monday -> Thursdays 4, 11, 18, 25
    ]);
    expect(isBankHoliday("2027-06-18")).toBe(false);
    expect(isBankHoliday("2027-12-24")).toBe(false);
  });

  it("names the holiday of a date, and none for other days or what is not a date", () => {
    expect(bankHolidayOn("2026-11-26")).toBe("Thanksgiving Day");
    expect(bankHolidayOn("2027-07-05")).toBe("Independence Day");
    expect(bankHolidayOn("2026-11-27")).toBeUndefined();
    expect(bankHolidayOn("2026-02-30")).toBeUndefined();
    expect(bankHolidayOn("not a date")).toBeUndefined();
  });

  it("in any year: a weekday each, Monday holidays on their Mondays, fixed dates kept or moved to Monday", () => {
    fc.assert(
      fc.property(fc.integer({ min: 2022, max: 2200 }), (year) => {
        const holidays = bankHolidays(year);
        const byName = new Map(holidays.map((h) => [h.name, h.date]));
        // Never a weekend, always in the year, in order, no day twice.
        for (const h of holidays) {
          expect([1, 2, 3, 4, 5]).toContain(weekday(h.date));
          expect(h.date.slice(0, 4)).toBe(String(year));
        }
        expect(holidays.map((h) => h.date)).toEqual([...new Set(holidays.map((h) => h.date))].sort());
        // The Monday holidays: their week of the month read off the day number.
        const mondays: [string, string, number, number][] = [
          ["Martin Luther King Jr. Day", "01", 15, 21],
          ["Presidents Day", "02", 15, 21],
          ["Memorial Day", "05", 25, 31],
          ["Labor Day", "09", 1, 7],
          ["Columbus Day", "10", 8, 14],
        ];
        for (const [name, month, from, to] of mondays) {
          const date = byName.get(name)!;
          expect(weekday(date)).toBe(1);
          expect(date.slice(5, 7)).toBe(month);
          expect(Number(date.slice(8))).toBeGreaterThanOrEqual(from);
          expect(Number(date.slice(8))).toBeLessThanOrEqual(to);
        }
        const thanksgiving = byName.get("Thanksgiving Day")!;
        expect(weekday(thanksgiving)).toBe(4);
        expect(Number(thanksgiving.slice(8))).toBeGreaterThanOrEqual(22);
        expect(Number(thanksgiving.slice(8))).toBeLessThanOrEqual(28);
        // A fixed date: itself on a weekday, the Monday after on a Sunday, nothing on a Saturday.
        for (const [name, monthDay] of [
          ["New Year's Day", "01-01"],
          ["Juneteenth", "06-19"],
          ["Independence Day", "07-04"],
          ["Veterans Day", "11-11"],
          ["Christmas Day", "12-25"],
        ] as const) {
          const day = `${year}-${monthDay}`;
          const expected = weekday(day) === 6 ? undefined : weekday(day) === 0 ? nextDay(day) : day;
          expect(byName.get(name)).toBe(expected);
        }
      }),
    );
  });

  it("has no Juneteenth before 2022, the first year the Fed closed for it", () => {
    expect(bankHolidays(2021).map((h) => h.name)).not.toContain("Juneteenth");
    expect(bankHolidayOn("2022-06-20")).toBe("Juneteenth");
  });
});

function nextDay(iso: string): string {
  const date = parseIsoDate(iso)!;
  return new Date(date.getTime() + 86_400_000).toISOString().slice(0, 10);
}
