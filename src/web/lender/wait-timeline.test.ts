import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { counterAt, introAt, introDone, planCounter, planIntro, searchCircleAt } from "./wait-timeline.ts";

const seededRandom = fc.array(fc.double({ min: 0, max: 0.999, noNaN: true }), { minLength: 40, maxLength: 40 });
const sequence = (values: number[]) => {
  let i = 0;
  return () => values[i++ % values.length]!;
};

describe("the lender connection's animation", () => {
  it("runs the intro steps one after another, each bar rising to 100, and completes them all when the call returns", () => {
    fc.assert(
      fc.property(seededRandom, (values) => {
        const plan = planIntro(sequence(values));
        let previous = introAt(plan, 0, false);
        expect(previous.map((s) => s.status)).toEqual(["active", "ready", "ready"]);
        for (let t = 100; t < 10_000; t += 100) {
          const now = introAt(plan, t, false);
          expect(now.filter((s) => s.status === "active").length).toBeLessThanOrEqual(1);
          now.forEach((s, i) => expect(s.progress).toBeGreaterThanOrEqual(previous[i]!.progress));
          previous = now;
        }
        expect(introDone(previous)).toBe(true);
        expect(introAt(plan, 50, true).every((s) => s.status === "completed" && s.progress === 100)).toBe(true);
      }),
    );
  });

  it("searches for 193 s, connects for 0.5 s with a pause after each, then shows Redirect...", () => {
    expect(searchCircleAt(0)).toEqual({ label: "Searching Lenders", progress: 0 });
    expect(searchCircleAt(96_500)).toEqual({ label: "Searching Lenders", progress: 50 });
    expect(searchCircleAt(193_200)).toEqual({ label: "Searching Lenders", progress: 100 });
    expect(searchCircleAt(193_500)).toEqual({ label: "Connecting Lenders", progress: 0 });
    expect(searchCircleAt(194_100)).toEqual({ label: "Connecting Lenders", progress: 100 });
    expect(searchCircleAt(194_500)).toEqual({ label: "Redirect...", progress: 100 });
  });

  it("counts 1 to 10 at 15 to 21 s a step, reaching 10 about 210 s in", () => {
    fc.assert(
      fc.property(seededRandom, (values) => {
        const plan = planCounter(sequence(values));
        expect(plan).toHaveLength(9);
        expect(plan.at(-1)).toBe(210_000);
        const steps = plan.map((at, i) => at - (plan[i - 1] ?? 0));
        for (const step of steps.slice(0, 8)) expect(step >= 15_000 && step <= 21_000).toBe(true);
        expect(counterAt(plan, 0)).toBe(1);
        expect(counterAt(plan, plan[0]!)).toBe(2);
        expect(counterAt(plan, 209_999)).toBe(9);
        expect(counterAt(plan, 400_000)).toBe(10);
      }),
    );
  });
});
