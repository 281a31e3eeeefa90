import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ageByYearOnly, ageOn, isAdult, MINIMUM_AGE } from "./age.ts";

const d = (iso: string) => new Date(`${iso}T00:00:00Z`);

describe("age", () => {
  it("counts whole years, turning over on the birthday", () => {
    expect(ageOn(d("2008-11-23"), d("2026-11-22"))).toBe(17);
    expect(ageOn(d("2008-11-23"), d("2026-11-23"))).toBe(18);
    expect(ageOn(d("2008-12-01"), d("2026-11-30"))).toBe(17);
  });

  it("turns a Feb 29 birthday over on Mar 1 in common years", () => {
    expect(ageOn(d("2008-02-29"), d("2026-02-28"))).toBe(17);
    expect(ageOn(d("2008-02-29"), d("2026-03-01"))).toBe(18);
    expect(ageOn(d("2008-02-29"), d("2028-02-29"))).toBe(20);
  });

  it("is n on the n-th birthday and n - 1 the day before", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1920, max: 2020 }),
        fc.integer({ min: 0, max: 11 }),
        fc.integer({ min: 1, max: 28 }),
        fc.integer({ min: 1, max: 90 }),
        (y, m, day, n) => {
          const birth = new Date(Date.UTC(y, m, day));
          const birthday = new Date(Date.UTC(y + n, m, day));
          expect(ageOn(birth, birthday)).toBe(n);
          expect(ageOn(birth, new Date(birthday.getTime() - 86_400_000))).toBe(n - 1);
        },
      ),
    );
  });

  it("is adult from the 18th birthday on, not from the year alone", () => {
    const today = d("2026-11-23");
    expect(MINIMUM_AGE).toBe(18);
    expect(isAdult("2008-11-23", today)).toBe(true);
    expect(isAdult("2008-11-24", today)).toBe(false);
    // The spec's year-only rule would let the second one through.
    expect(ageByYearOnly(2008, today)).toBe(18);
    expect(ageByYearOnly(2009, today)).toBe(17);
    expect(isAdult("1927-01-01", today)).toBe(true);
  });

  it("ignores the clock time of today", () => {
    expect(isAdult("2008-11-23", new Date("2026-11-23T23:59:59Z"))).toBe(true);
    expect(isAdult("2008-11-24", new Date("2026-11-23T23:59:59Z"))).toBe(false);
  });

  it("refuses impossible or future dates", () => {
    const today = d("2026-11-23");
    expect(isAdult("2000-02-30", today)).toBe(false);
    expect(isAdult("not-a-date", today)).toBe(false);
    expect(isAdult("2030-01-01", today)).toBe(false);
  });
});
