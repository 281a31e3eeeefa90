import { describe, expect, it } from "vitest";
import { dateAfterKey, dateInWords, monthsBetween, monthTitle, weeksOf } from "./calendar-month.ts";

describe("calendar month", () => {
  it("lays a month out in weeks from Sunday, padded with null", () => {
    // November 2026 starts on a Sunday and has 30 days: five weeks, the last padded.
    const weeks = weeksOf("2026-11");
    expect(weeks).toHaveLength(5);
    expect(weeks[0]).toEqual([
      "2026-11-01",
      "2026-11-02",
      "2026-11-03",
      "2026-11-04",
      "2026-11-05",
      "2026-11-06",
      "2026-11-07",
    ]);
    expect(weeks[4]).toEqual(["2026-11-29", "2026-11-30", null, null, null, null, null]);
    // December 2026 starts on a Tuesday.
    expect(weeksOf("2026-12")[0]).toEqual([
      null,
      null,
      "2026-12-01",
      "2026-12-02",
      "2026-12-03",
      "2026-12-04",
      "2026-12-05",
    ]);
  });

  it("names the months a window covers, across a year's end", () => {
    expect(monthsBetween("2026-11-02", "2026-11-30")).toEqual(["2026-11"]);
    expect(monthsBetween("2026-12-15", "2027-01-14")).toEqual(["2026-12", "2027-01"]);
  });

  it("moves by day, week, week's ends and month, never out of the window", () => {
    const move = (date: string, key: string) => dateAfterKey(date, key, "2026-11-24", "2026-12-24");
    expect(move("2026-11-30", "ArrowRight")).toBe("2026-12-01");
    expect(move("2026-12-01", "ArrowLeft")).toBe("2026-11-30");
    expect(move("2026-11-25", "ArrowDown")).toBe("2026-12-02");
    expect(move("2026-11-25", "ArrowUp")).toBe("2026-11-24");
    expect(move("2026-11-25", "Home")).toBe("2026-11-24");
    expect(move("2026-11-25", "End")).toBe("2026-11-28");
    expect(move("2026-11-30", "PageDown")).toBe("2026-12-24");
    expect(move("2026-12-10", "PageUp")).toBe("2026-11-24");
    expect(move("2026-12-24", "ArrowRight")).toBe("2026-12-24");
    expect(move("2026-12-24", "Tab")).toBeUndefined();
  });

  it("says a date and a month in words", () => {
    expect(dateInWords("2026-12-04")).toBe("Friday, December 4, 2026");
    expect(monthTitle("2027-01")).toBe("January 2027");
  });
});
