import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { amortizedMonthlyPayment, annualPercentageRate, representativeLoan } from "./loan-cost.ts";

describe("the representative loan", () => {
  it("costs $219.79 a month, and its 3% fee taken from the payout makes the APR about 15.8%, not 10%", () => {
    const loan = representativeLoan();
    expect(loan).toMatchObject({ monthlyPayment: 219.79, fee: 75, amountFinanced: 2425, totalOfPayments: 2637.48 });
    expect(loan.financeCharge).toBe(212.48);
    expect(loan.aprPercent).toBe(15.8);
  });

  it("is the standard annuity formula", () => {
    expect(amortizedMonthlyPayment(2500, 10, 12)).toBeCloseTo(219.7897, 4);
    expect(amortizedMonthlyPayment(1200, 0, 12)).toBe(100);
  });

  it("finds the rate at which the payments repay exactly the amount financed", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 100, max: 5000 }),
        fc.integer({ min: 3, max: 60 }),
        fc.double({ min: 0.5, max: 36, noNaN: true }),
        fc.oneof(fc.constant(0), fc.double({ min: 0.1, max: 10, noNaN: true })),
        (amount, months, rate, feePercent) => {
          const payment = amortizedMonthlyPayment(amount, rate, months);
          const financed = amount * (1 - feePercent / 100);
          const apr = annualPercentageRate(financed, payment, months);
          // The APR's own annuity on the amount financed gives back the payment.
          expect(amortizedMonthlyPayment(financed, apr, months)).toBeCloseTo(payment, 6);
          // No fee: the APR is the interest rate; any fee raises it.
          if (feePercent === 0) expect(apr).toBeCloseTo(rate, 6);
          else expect(apr).toBeGreaterThan(rate);
        },
      ),
    );
  });
});
