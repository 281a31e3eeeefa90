import { describe, expect, it } from "vitest";
import { changeOf } from "./change.ts";

describe("a figure against the period before", () => {
  it("says a rise in revenue as good news, in arrow, percent and words", () => {
    expect(changeOf("revenue", 138_825, 123_400)).toEqual({
      shown: "▲ 12.5%",
      before: "$1,234.00",
      spoken: "up 12.5% from $1,234.00",
      tone: "good",
    });
  });

  it("says a fall in profit or sold as bad news", () => {
    expect(changeOf("profit", 50_00, 100_00)).toMatchObject({
      shown: "▼ 50.0%",
      spoken: "down 50.0% from $100.00",
      tone: "bad",
    });
    expect(changeOf("sold", 3, 4)).toMatchObject({ spoken: "down 25.0% from 4", tone: "bad" });
  });

  it("says more rejected as bad news and fewer as good", () => {
    expect(changeOf("rejected", 6, 3)).toMatchObject({ shown: "▲ 100.0%", tone: "bad" });
    expect(changeOf("rejected", 2, 4)).toMatchObject({ shown: "▼ 50.0%", tone: "good" });
  });

  it("colours neither way a figure that is neither good nor bad, nor no change", () => {
    expect(changeOf("payouts", 300, 200)?.tone).toBe("neutral");
    expect(changeOf("revenue", 100, 100)).toEqual({
      shown: "no change",
      before: "$1.00",
      spoken: "no change from $1.00",
      tone: "neutral",
    });
  });

  it("gives a rate's change in points", () => {
    expect(changeOf("sell_through", 0.521, 0.5)).toMatchObject({
      shown: "▲ 2.1 pts",
      spoken: "up 2.1 points from 50.0%",
      tone: "good",
    });
  });

  it("gives no percentage from nothing, and nothing when either figure is missing", () => {
    expect(changeOf("sold", 4, 0)).toMatchObject({ shown: "▲", spoken: "up from 0", tone: "good" });
    expect(changeOf("sell_through", null, 0.5)).toBeUndefined();
    expect(changeOf("sell_through", 0.5, null)).toBeUndefined();
  });

  it("reads a change from a loss against the loss's size", () => {
    expect(changeOf("profit", -50_00, -100_00)).toMatchObject({ shown: "▲ 50.0%", tone: "good" });
  });
});
