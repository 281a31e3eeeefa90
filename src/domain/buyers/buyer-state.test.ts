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

  it("counts the weekly cap and the budgets: a budget spent to the cent is full", () => {
    expect(labelOf({ ...running, caps: { weekly: { used: 40, cap: 40 } } })).toBe("Capped (weekly)");
    expect(labelOf({ ...running, caps: { weekly: { used: 39, cap: 40 } } })).toBe("Running");
    const budgets = { daily: { used_cents: 5_000, budget_cents: 5_000 }, monthly: { used_cents: 1, budget_cents: 9 } };
    expect(buyerStateOf({ ...running, caps: { hourly: { used: 1, cap: 1 } }, budgets })).toEqual({
      state: "capped",
      full_caps: ["hourly", "daily budget"],
    });
    expect(labelOf({ ...running, budgets: { daily: { used_cents: 4_999, budget_cents: 5_000 } } })).toBe("Running");
  });

  it("reads a billed buyer whose room is spent as Out of money; an unbilled one never", () => {
    expect(labelOf({ ...running, room: 0 })).toBe("Out of money");
    expect(labelOf({ ...running, room: -120 })).toBe("Out of money");
    expect(labelOf({ ...running, room: 1 })).toBe("Running");
    expect(labelOf({ ...running, room: null })).toBe("Running");
  });

  it("puts paused first, then out of money, then a full cap, then the opening hours, then shadow mode", () => {
    const full = { daily: { used: 1, cap: 1 } };
    expect(labelOf({ ...running, enabled: false, caps: full, room: 0, open: false })).toBe("Paused");
    expect(buyerStateOf({ ...running, caps: full, room: 0, open: false })).toEqual({ state: "no_room", full_caps: [] });
    expect(labelOf({ ...running, caps: full, open: false })).toBe("Capped (daily)");
    expect(labelOf({ ...running, shadow: true, open: false })).toBe("Outside hours");
    expect(labelOf({ ...running, shadow: true })).toBe("Shadow");
    expect(labelOf(running)).toBe("Running");
  });
});
