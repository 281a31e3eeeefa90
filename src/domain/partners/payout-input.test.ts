import { describe, expect, it } from "vitest";
import {
  PAYOUT_DOLLARS_MESSAGE,
  PAYOUT_PERCENT_MESSAGE,
  PAYOUT_SHARE_TOO_LARGE,
  optionalCentsOf,
  payoutAmountOf,
  payoutTextOf,
} from "./payout-input.ts";

describe("a payout as typed and as stored", () => {
  it("reads dollars as cents and percent as basis points, exactly", () => {
    expect(payoutAmountOf("per_sold", "$7.50")).toEqual({ amount: 750 });
    expect(payoutAmountOf("per_sold", " 0.29 ")).toEqual({ amount: 29 });
    expect(payoutAmountOf("per_completed", "$1,200.5")).toEqual({ amount: 120_050 });
    expect(payoutAmountOf("revenue_share", "12.5%")).toEqual({ amount: 1250 });
    expect(payoutAmountOf("revenue_share", "100")).toEqual({ amount: 10_000 });
    expect(payoutAmountOf("revenue_share", "0.01 %")).toEqual({ amount: 1 });
  });

  it("refuses what is not an amount of its unit, with the message that says what to type", () => {
    for (const text of ["", "7.505", "-7", "7,50", "12,34.5", "1e3", "$"])
      expect(payoutAmountOf("per_sold", text), text).toEqual({ message: PAYOUT_DOLLARS_MESSAGE });
    for (const text of ["", "12.555", "-1", "12,5", "%"])
      expect(payoutAmountOf("revenue_share", text), text).toEqual({ message: PAYOUT_PERCENT_MESSAGE });
    expect(payoutAmountOf("revenue_share", "100.01")).toEqual({ message: PAYOUT_SHARE_TOO_LARGE });
  });

  it("shows a stored amount in its unit, which reads back to the same amount", () => {
    for (const [kind, amount] of [
      ["per_sold", 750],
      ["per_completed", 5],
      ["revenue_share", 1250],
      ["revenue_share", 33],
    ] as const) {
      expect(payoutAmountOf(kind, payoutTextOf(kind, amount))).toEqual({ amount });
    }
    expect(payoutTextOf("per_sold", 750)).toBe("7.50");
    expect(payoutTextOf("revenue_share", 1250)).toBe("12.5");
  });

  it("reads an amount that may be left empty: none, cents, or what to type", () => {
    expect(optionalCentsOf("  ")).toEqual({ amount: null });
    expect(optionalCentsOf("$2.50")).toEqual({ amount: 250 });
    expect(optionalCentsOf("0")).toEqual({ amount: 0 });
    expect(optionalCentsOf("2.505")).toEqual({ message: PAYOUT_DOLLARS_MESSAGE });
  });
});
