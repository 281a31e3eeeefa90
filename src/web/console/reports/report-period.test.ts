import { describe, expect, it } from "vitest";
import { PERIOD_MESSAGES } from "#domain/contracts/console-reports.ts";
import {
  formatDays,
  matchPreset,
  periodLine,
  periodQuery,
  presetRange,
  rangeProblem,
  readPeriod,
  todayIn,
  writePeriod,
} from "./report-period.ts";

const TODAY = "2026-03-10";
const read = (search: string, fallback?: Parameters<typeof readPeriod>[2]) =>
  readPeriod(new URLSearchParams(search), TODAY, fallback);

describe("the named periods' days", () => {
  it("counts them as the server does, today included", () => {
    expect(presetRange("today", TODAY)).toEqual({ from: TODAY, to: TODAY });
    expect(presetRange("yesterday", TODAY)).toEqual({ from: "2026-03-09", to: "2026-03-09" });
    expect(presetRange("7d", TODAY)).toEqual({ from: "2026-03-04", to: TODAY });
    expect(presetRange("30d", TODAY)).toEqual({ from: "2026-02-09", to: TODAY });
    expect(presetRange("this_month", TODAY)).toEqual({ from: "2026-03-01", to: TODAY });
    expect(presetRange("last_month", TODAY)).toEqual({ from: "2026-02-01", to: "2026-02-28" });
    expect(presetRange("last_month", "2026-01-15")).toEqual({ from: "2025-12-01", to: "2025-12-31" });
    expect(presetRange("yesterday", "2026-03-01")).toEqual({ from: "2026-02-28", to: "2026-02-28" });
  });

  it("takes today from the operator's zone, not the browser's", () => {
    const at = new Date("2026-03-10T03:00:00Z");
    expect(todayIn("UTC", at)).toBe("2026-03-10");
    expect(todayIn("America/New_York", at)).toBe("2026-03-09");
    expect(todayIn("Asia/Tokyo", new Date("2026-03-09T16:00:00Z"))).toBe("2026-03-10");
  });

  it("recognises a range that is a named period, the first in order when two agree", () => {
    expect(matchPreset({ from: "2026-03-04", to: TODAY }, TODAY)).toBe("7d");
    expect(matchPreset({ from: "2026-02-01", to: "2026-02-28" }, TODAY)).toBe("last_month");
    expect(matchPreset({ from: "2026-03-05", to: TODAY }, TODAY)).toBeUndefined();
    // On the 1st, this month so far is today alone.
    expect(matchPreset({ from: "2026-03-01", to: "2026-03-01" }, "2026-03-01")).toBe("today");
  });
});

describe("the address's period", () => {
  it("reads a named period, a range and the comparison", () => {
    expect(read("period=30d")).toEqual({ period: "30d", compare: false });
    expect(read("from=2026-01-01&to=2026-01-31&compare=previous")).toEqual({
      period: "custom",
      from: "2026-01-01",
      to: "2026-01-31",
      compare: true,
    });
  });

  it("is the screen's own period when the address names none", () => {
    expect(read("")).toEqual({ period: "today", compare: false });
    expect(read("compare=previous", "7d")).toEqual({ period: "7d", compare: true });
  });

  it.each([
    ["an unknown name", "period=90d"],
    ["a day that is not one", "from=2026-02-30&to=2026-03-01"],
    ["half a range", "from=2026-03-01"],
    ["a range backwards", "from=2026-03-05&to=2026-03-01"],
    ["a range too long", "from=2024-01-01&to=2026-03-01"],
    ["a range ending after today", "from=2026-03-01&to=2026-03-11"],
    ["garbage", "from=%3Cscript%3E&to=x&period=7d"],
  ])("falls back to today on %s", (_, search) => {
    expect(read(search, "7d")).toEqual({ period: "today", compare: false });
  });

  it("says why a range cannot be a period, with the contract's words", () => {
    expect(rangeProblem({ from: "2026-03-05", to: "2026-03-01" }, TODAY)).toBe(PERIOD_MESSAGES.order);
    expect(rangeProblem({ from: "2025-01-01", to: TODAY }, TODAY)).toBe(PERIOD_MESSAGES.tooLong);
    expect(rangeProblem({ from: TODAY, to: "2026-03-11" }, TODAY)).toBe(PERIOD_MESSAGES.future);
    expect(rangeProblem({ from: "2026-03-01", to: TODAY }, TODAY)).toBeUndefined();
  });

  it("keeps a chosen range as a named period when it is one, else as days, other parameters kept", () => {
    const base = new URLSearchParams("sort=by_source.revenue.desc&from=2026-01-01&to=2026-01-02");
    const preset = writePeriod(base, { range: { from: "2026-03-04", to: TODAY } }, TODAY);
    expect(preset.toString()).toBe("sort=by_source.revenue.desc&period=7d");
    const custom = writePeriod(preset, { range: { from: "2026-03-02", to: "2026-03-08" } }, TODAY);
    expect(custom.toString()).toBe("sort=by_source.revenue.desc&from=2026-03-02&to=2026-03-08");
    expect(writePeriod(custom, { compare: true }, TODAY).get("compare")).toBe("previous");
    expect(writePeriod(writePeriod(custom, { compare: true }, TODAY), { compare: false }, TODAY).has("compare")).toBe(
      false,
    );
  });

  it("asks the server for the address's period in the session's zone", () => {
    expect(periodQuery(read("period=7d&compare=previous"), "America/New_York")).toEqual({
      period: "7d",
      tz: "America/New_York",
      compare: "previous",
    });
    expect(periodQuery(read("from=2026-03-01&to=2026-03-02"), "UTC")).toEqual({
      from: "2026-03-01",
      to: "2026-03-02",
      tz: "UTC",
    });
  });

  it("reads back what it wrote", () => {
    for (const range of [
      { from: "2026-03-04", to: TODAY },
      { from: "2025-12-01", to: "2026-01-15" },
    ]) {
      const choice = readPeriod(writePeriod(new URLSearchParams(), { range }, TODAY), TODAY);
      const days =
        choice.period === "custom" ? { from: choice.from, to: choice.to } : presetRange(choice.period, TODAY);
      expect(days).toEqual(range);
    }
  });
});

describe("the period for a reader", () => {
  it("writes the days, their zone and the period compared with", () => {
    expect(formatDays({ from: "2026-03-04", to: "2026-03-10" })).toBe("Mar 4 – 10, 2026");
    expect(formatDays({ from: "2026-03-10", to: "2026-03-10" })).toBe("Mar 10, 2026");
    expect(
      periodLine(
        { first_day: "2026-03-04", last_day: "2026-03-10", tz: "America/New_York" },
        { bounds: { first_day: "2026-02-25", last_day: "2026-03-03" } },
      ),
    ).toBe("Mar 4 – 10, 2026 (America/New_York), compared with Feb 25 – Mar 3, 2026.");
    expect(periodLine({ first_day: "2025-12-30", last_day: "2026-01-02", tz: "UTC" }, null)).toBe(
      "Dec 30, 2025 – Jan 2, 2026 (UTC).",
    );
  });
});
