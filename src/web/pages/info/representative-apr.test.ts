import { describe, expect, it } from "vitest";
import { amortizedMonthlyPayment, representativeExample, usd } from "./representative-apr.ts";

describe("representative APR example", () => {
  it("gives the spec's $219.79 a month for $2,500 over 12 months at 10% APR with a 3% fee", () => {
    const example = representativeExample();
    expect(example.monthlyPayment).toBe(219.79);
    expect(usd(example.monthlyPayment)).toBe("$219.79");
    expect(example.fee).toBe(75);
    expect(example.amountReceived).toBe(2425);
    expect(example.totalOfPayments).toBe(2637.48);
  });

  it("is the standard annuity formula", () => {
    expect(amortizedMonthlyPayment(2500, 10, 12)).toBeCloseTo(219.7897, 4);
    expect(amortizedMonthlyPayment(1200, 0, 12)).toBe(100);
    // The other reading (fee financed) would not give the spec's figure.
    expect(amortizedMonthlyPayment(2575, 10, 12)).toBeCloseTo(226.38, 2);
  });

  it("formats dollars the US way", () => {
    expect(usd(2500)).toBe("$2,500");
    expect(usd(2637.476)).toBe("$2,637.48");
  });
});
