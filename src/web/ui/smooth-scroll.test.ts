import { describe, expect, it } from "vitest";
import { easeInOutCubic, scrollPosition, SCROLL_DURATION_MS } from "./smooth-scroll.ts";

describe("smooth scroll", () => {
  it("lasts the spec's 800 ms", () => {
    expect(SCROLL_DURATION_MS).toBe(800);
  });

  it("starts at the start, lands on the target and passes halfway at half time", () => {
    expect(scrollPosition(100, 900, 0)).toBe(100);
    expect(scrollPosition(100, 900, 400)).toBeCloseTo(500);
    expect(scrollPosition(100, 900, 800)).toBe(900);
    expect(scrollPosition(100, 900, 5000)).toBe(900);
  });

  it("moves only forward, ever closer to the target", () => {
    let previous = -1;
    for (let t = 0; t <= 1; t += 0.05) {
      const value = easeInOutCubic(t);
      expect(value).toBeGreaterThanOrEqual(previous);
      previous = value;
    }
  });
});
