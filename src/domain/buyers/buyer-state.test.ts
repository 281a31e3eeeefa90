import { describe, expect, it } from "vitest";
import { buyerStateLabel, buyerStateOf } from "./buyer-state.ts";

const running = { enabled: true, shadow: false, caps: {}, open: true };
const labelOf = (buyer: Parameters<typeof buyerStateOf>[0]) => buyerStateLabel(buyerStateOf(buyer));

describe("a buyer's state", () => {
  it("reads a cap used up, or past it, as Capped with the cap named, never as Running", () => {
    expect(labelOf({ ...running, caps: { daily: { used: 32, cap: 30 } } })).toBe("Capped (daily)");
    expect(labelOf({ ...running, caps: { daily: { used: 30, cap: 30 } } })).toBe("Capped (daily)");
    expect(labelOf({ ...running, caps: { daily: { used: 29, cap: 30 } } })).toBe("Running");
    expect(
      buyerStateOf({
        ...running,
        caps: { hourly: { used: 3, cap: 3 }, daily: { used: 5, cap: 30 }, monthly: { used: 90, cap: 90 } },
      }),
    ).toEqual({ state: "capped", full_caps: ["hourly", "monthly"] });
  });

  it("puts paused first, then a full cap, then the opening hours, then shadow mode", () => {
    const full = { daily: { used: 1, cap: 1 } };
    expect(labelOf({ ...running, enabled: false, caps: full, open: false })).toBe("Paused");
    expect(labelOf({ ...running, caps: full, open: false })).toBe("Capped (daily)");
    expect(labelOf({ ...running, shadow: true, open: false })).toBe("Outside hours");
    expect(labelOf({ ...running, shadow: true })).toBe("Shadow");
    expect(labelOf(running)).toBe("Running");
  });
});
