import { describe, expect, it } from "vitest";
import { isClosable, lastClosablePeriod, nextPeriod, periodOf } from "./invoice-periods.ts";

describe("the invoices' calendar", () => {
  it("makes a week Monday to Sunday and a month the calendar month, across the year's end", () => {
    expect(periodOf("weekly", "2027-01-01")).toEqual({ kind: "weekly", start: "2026-12-28", end: "2027-01-03" });
    expect(periodOf("weekly", "2026-12-28")).toEqual({ kind: "weekly", start: "2026-12-28", end: "2027-01-03" });
    expect(periodOf("weekly", "2027-01-03")).toEqual({ kind: "weekly", start: "2026-12-28", end: "2027-01-03" });
    expect(periodOf("monthly", "2028-02-15")).toEqual({ kind: "monthly", start: "2028-02-01", end: "2028-02-29" });
    expect(periodOf("monthly", "2026-12-31")).toEqual({ kind: "monthly", start: "2026-12-01", end: "2026-12-31" });
  });

  it("closes a period ten minutes after its last day ends (UTC), not before", () => {
    const week = periodOf("weekly", "2027-01-06");
    expect(isClosable(week, new Date("2027-01-11T00:09:59.999Z"))).toBe(false);
    expect(isClosable(week, new Date("2027-01-11T00:10:00Z"))).toBe(true);
    expect(lastClosablePeriod("weekly", new Date("2027-01-11T00:09:00Z")).start).toBe("2026-12-28");
    expect(lastClosablePeriod("weekly", new Date("2027-01-11T00:10:00Z")).start).toBe("2027-01-04");
    expect(lastClosablePeriod("monthly", new Date("2027-03-01T00:05:00Z")).start).toBe("2027-01-01");
    expect(lastClosablePeriod("monthly", new Date("2027-03-01T00:10:00Z"))).toEqual({
      kind: "monthly",
      start: "2027-02-01",
      end: "2027-02-28",
    });
  });

  it("follows on from the last invoice, cut short after a change of kind, and skips periods without a row", () => {
    // Weekly until Sunday 10 January, monthly since: the rest of January, then February.
    expect(nextPeriod("monthly", "2027-01-11", "2027-01-20")).toEqual({
      kind: "monthly",
      start: "2027-01-11",
      end: "2027-01-31",
    });
    // Monthly until January, weekly since: 1 February is a Monday.
    expect(nextPeriod("weekly", "2027-02-01", "2027-02-01")).toEqual({
      kind: "weekly",
      start: "2027-02-01",
      end: "2027-02-07",
    });
    // Nothing from 11 January until 3 March: the period of that row.
    expect(nextPeriod("weekly", "2027-01-11", "2027-03-03")).toEqual({
      kind: "weekly",
      start: "2027-03-01",
      end: "2027-03-07",
    });
  });
});
