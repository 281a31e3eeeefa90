import { afterEach, describe, expect, it, vi } from "vitest";
import { monthIn, savedTimeZone, timeZoneChoices } from "./time.ts";

afterEach(() => {
  vi.restoreAllMocks();
  localStorage.clear();
});

const browserIn = (timeZone: string) => {
  const real = Intl.DateTimeFormat.prototype.resolvedOptions;
  vi.spyOn(Intl.DateTimeFormat.prototype, "resolvedOptions").mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...real.call(this), timeZone };
  });
};

describe("the console's time zone", () => {
  it("reads a browser in UTC, by any of its names, as UTC, which the picker offers first", () => {
    for (const name of ["UTC", "Etc/UTC", "Etc/GMT", "GMT", "Etc/Universal"]) {
      vi.restoreAllMocks();
      browserIn(name);
      expect(savedTimeZone(), name).toBe("UTC");
    }
    const choices = timeZoneChoices("UTC");
    expect(choices[0]).toBe("UTC");
    expect(choices.filter((zone) => zone === "UTC")).toHaveLength(1);
    expect(choices).toContain("America/New_York");
  });

  it("keeps a saved zone, and offers it even when the browser's list names it otherwise", () => {
    localStorage.setItem("console.timeZone", "Etc/UTC");
    expect(savedTimeZone()).toBe("UTC");
    localStorage.setItem("console.timeZone", "US/Eastern");
    expect(savedTimeZone()).toBe("US/Eastern");
    expect(timeZoneChoices("US/Eastern")[0]).toBe("US/Eastern");
  });

  it("names the month of the zone, not of UTC", () => {
    const at = new Date("2026-03-01T03:00:00Z");
    expect(monthIn("UTC", at)).toBe("2026-03");
    expect(monthIn("America/New_York", at)).toBe("2026-02");
  });
});
