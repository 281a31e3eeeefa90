// The representative loan of the Rates and Fees pop-up and the FAQs (docs/product/constants.md): $2,500 over
// 12 months at a 10% interest rate with a 3% origination fee. Computed, never typed, so every figure in the
// text agrees with the others, and stated the way Regulation Z means it (docs/product/settled-readings.md,
// representative example): the fee is deducted from what is paid out, so it is part of the finance charge,
// and the APR is the rate at which the payments repay only the amount the borrower actually received.

/** Level monthly payment that repays `principal` over `months` at `ratePercent` a year (standard annuity). */
export function amortizedMonthlyPayment(principal: number, ratePercent: number, months: number): number {
  const rate = ratePercent / 100 / 12;
  if (rate === 0) return principal / months;
  return (principal * rate) / (1 - (1 + rate) ** -months);
}

/** What `months` level payments are worth today at monthly rate `i`. */
function presentValue(payment: number, months: number, i: number): number {
  return i === 0 ? payment * months : (payment * (1 - (1 + i) ** -months)) / i;
}

/**
 * The annual percentage rate of a loan repaid in `months` level monthly payments, for the amount financed
 * (what the borrower receives): Regulation Z's actuarial method for equal monthly periods, APR = 12 x the
 * monthly rate at which the payments' present value equals the amount financed. Bisection: the present
 * value falls as the rate rises, so the rate is found to well under a thousandth of a percent.
 */
export function annualPercentageRate(amountFinanced: number, payment: number, months: number): number {
  if (payment * months <= amountFinanced) return 0;
  let low = 0;
  let high = 1;
  for (let k = 0; k < 100; k++) {
    const mid = (low + high) / 2;
    if (presentValue(payment, months, mid) > amountFinanced) low = mid;
    else high = mid;
  }
  return ((low + high) / 2) * 12 * 100;
}

export type RepresentativeLoan = {
  amount: number;
  months: number;
  interestRatePercent: number;
  feePercent: number;
  /** The origination fee, taken from the amount paid out. */
  fee: number;
  /** Regulation Z's amount financed: what reaches the borrower's account. */
  amountFinanced: number;
  monthlyPayment: number;
  totalOfPayments: number;
  /** Interest plus the fee. */
  financeCharge: number;
  /** Rounded to a tenth of a percent, as the text states it. */
  aprPercent: number;
};

export function representativeLoan(
  amount = 2500,
  months = 12,
  interestRatePercent = 10,
  feePercent = 3,
): RepresentativeLoan {
  const monthlyPayment = roundCents(amortizedMonthlyPayment(amount, interestRatePercent, months));
  const fee = roundCents((amount * feePercent) / 100);
  const amountFinanced = roundCents(amount - fee);
  const totalOfPayments = roundCents(monthlyPayment * months);
  return {
    amount,
    months,
    interestRatePercent,
    feePercent,
    fee,
    amountFinanced,
    monthlyPayment,
    totalOfPayments,
    financeCharge: roundCents(totalOfPayments - amountFinanced),
    aprPercent: Math.round(annualPercentageRate(amountFinanced, monthlyPayment, months) * 10) / 10,
  };
}

function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}
