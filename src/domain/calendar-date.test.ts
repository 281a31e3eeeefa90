import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addOneMonth,
  daysInMonth,
  isWeekend,
  localToday,
  parseIsoDate,
  startOfUtcDay,
  toIsoDate,
} from "./calendar-date.ts";

const d = (iso: string) => parseIsoDate(iso)!;

describe("plain calendar dates (docs/product/server-calls.md: year-month-day)", () => {
  it("parses real dates only", () => {
    expect(d("2028-02-29").toISOString()).toBe("2028-02-29T00:00:00.000Z");
    expect(parseIsoDate("2027-02-29")).toBeUndefined();
    expect(parseIsoDate("2026-13-01")).toBeUndefined();
    expect(parseIsoDate("2026-1-01")).toBeUndefined();
    expect(parseIsoDate("2026-01-01T00:00:00Z")).toBeUndefined();
    expect(parseIsoDate("")).toBeUndefined();
  });

  it("round-trips every date of a few centuries", () => {
    fc.assert(
      fc.property(fc.integer({ min: -36500, max: 36500 }), (offset) => {
        const iso = toIsoDate(addDays(d("2000-01-01"), offset));
        expect(toIsoDate(d(iso))).toBe(iso);
      }),
    );
  });

  it("adds days across month, year and daylight-saving changes", () => {
    expect(toIsoDate(addDays(d("2026-03-07"), 1))).toBe("2026-03-08");
    expect(toIsoDate(addDays(d("2026-03-08"), 1))).toBe("2026-03-09");
    expect(toIsoDate(addDays(d("2026-12-31"), 1))).toBe("2027-01-01");
    expect(toIsoDate(addDays(d("2026-03-01"), -1))).toBe("2026-02-28");
  });

  it("adds one month, clamped to the month's last day", () => {
    expect(toIsoDate(addOneMonth(d("2026-01-15")))).toBe("2026-02-15");
    expect(toIsoDate(addOneMonth(d("2026-01-31")))).toBe("2026-02-28");
    expect(toIsoDate(addOneMonth(d("2028-01-31")))).toBe("2028-02-29");
    expect(toIsoDate(addOneMonth(d("2026-03-31")))).toBe("2026-04-30");
    expect(toIsoDate(addOneMonth(d("2026-12-31")))).toBe("2027-01-31");
  });

  it("knows month lengths and weekends", () => {
    expect([daysInMonth(2026, 2), daysInMonth(2028, 2), daysInMonth(2000, 2), daysInMonth(1900, 2)]).toEqual([
      28, 29, 29, 28,
    ]);
    expect([daysInMonth(2026, 4), daysInMonth(2026, 12)]).toEqual([30, 31]);
    expect(isWeekend(d("2026-11-21"))).toBe(true); // Saturday
    expect(isWeekend(d("2026-11-22"))).toBe(true); // Sunday
    expect(isWeekend(d("2026-11-23"))).toBe(false); // Monday
  });

  it("turns a clock reading into its day: UTC for the server, local for the browser", () => {
    expect(toIsoDate(startOfUtcDay(new Date("2026-11-23T23:59:59.999Z")))).toBe("2026-11-23");
    expect(startOfUtcDay(new Date("2026-11-23T23:59:59.999Z")).getTime()).toBe(d("2026-11-23").getTime());
    expect(toIsoDate(localToday(new Date(2026, 10, 23, 0, 0)))).toBe("2026-11-23");
    expect(toIsoDate(localToday(new Date(2026, 10, 23, 23, 59)))).toBe("2026-11-23");
  });
});
