import { describe, expect, it } from "vitest";
import { clearDay, copyMondayToWeekdays, coverage, dayText, toggleCell, toggleHour } from "./schedule-hours.ts";

describe("opening hours as hour cells", () => {
  it("reads a day's ranges hour by hour: open, partly open (minutes) or closed", () => {
    const ranges: [string, string][] = [
      ["09:30", "11:00"],
      ["10:30", "12:00"],
    ];
    expect([8, 9, 10, 11, 12].map((hour) => coverage(ranges, hour))).toEqual([
      "closed",
      "partly",
      "open",
      "open",
      "closed",
    ]);
    expect(coverage([["22:00", "24:00"]], 23)).toBe("open");
    // A range that ends before it starts opens nothing, as the auction reads it.
    expect(coverage([["17:00", "09:00"]], 12)).toBe("closed");
  });

  it("opens an hour by joining it to its neighbours, and closes one by splitting the range around it", () => {
    expect(toggleHour([["09:00", "10:00"]], 10)).toEqual([["09:00", "11:00"]]);
    expect(toggleHour([["09:00", "17:00"]], 12)).toEqual([
      ["09:00", "12:00"],
      ["13:00", "17:00"],
    ]);
    expect(toggleHour([["09:30", "17:00"]], 9)).toEqual([["09:00", "17:00"]]);
    expect(toggleHour(undefined, 23)).toEqual([["23:00", "24:00"]]);
  });

  it("changes only the day toggled, and takes a day left with no hours out", () => {
    const week = { mon: [["09:00", "10:00"]] as [string, string][], sat: [["10:15", "12:45"]] as [string, string][] };
    expect(toggleCell(week, "mon", 9)).toEqual({ sat: [["10:15", "12:45"]] });
    expect(toggleCell(week, "tue", 0)).toEqual({ ...week, tue: [["00:00", "01:00"]] });
  });

  it("copies Monday to the weekdays and clears a day", () => {
    const week = { mon: [["08:00", "16:00"]] as [string, string][], wed: [["01:00", "02:00"]] as [string, string][] };
    const copied = copyMondayToWeekdays(week);
    expect(Object.keys(copied).sort()).toEqual(["fri", "mon", "thu", "tue", "wed"]);
    expect(copied.thu).toEqual([["08:00", "16:00"]]);
    expect(copyMondayToWeekdays({ tue: [["01:00", "02:00"]] })).toEqual({});
    expect(clearDay(week, "mon")).toEqual({ wed: [["01:00", "02:00"]] });
    expect(dayText(week.mon)).toBe("08:00–16:00");
    expect(dayText(undefined)).toBe("Closed");
  });
});
