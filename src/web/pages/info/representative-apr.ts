// The representative example of the Rates and Fees pop-up and the FAQs (docs/product/overview.md and
// docs/product/constants.md): $2,500 over 1 year at 10% APR with a 3% fee, about $219.79 a month. Computed, never
// typed, so the figures in the text always agree with each other.

/** Level monthly payment that repays `principal` over `months` at `aprPercent` a year (standard annuity). */
export function amortizedMonthlyPayment(principal: number, aprPercent: number, months: number): number {
  const rate = aprPercent / 100 / 12;
  if (rate === 0) return principal / months;
  return (principal * rate) / (1 - (1 + rate) ** -months);
}

export type RepresentativeExample = {
  amount: number;
  months: number;
  aprPercent: number;
  feePercent: number;
  /** The origination fee, charged once when the loan is paid out. */
  fee: number;
  /** What reaches the borrower's account: the amount less the fee. */
  amountReceived: number;
  monthlyPayment: number;
  totalOfPayments: number;
};

// The fee is taken from the amount paid out, not added to the balance: that is the reading under which
// the spec's $219.79 holds (adding 3% to the principal would make the payment $226.38).
export function representativeExample(
  amount = 2500,
  months = 12,
  aprPercent = 10,
  feePercent = 3,
): RepresentativeExample {
  const monthly = roundCents(amortizedMonthlyPayment(amount, aprPercent, months));
  const fee = roundCents((amount * feePercent) / 100);
  return {
    amount,
    months,
    aprPercent,
    feePercent,
    fee,
    amountReceived: roundCents(amount - fee),
    monthlyPayment: monthly,
    totalOfPayments: roundCents(monthly * months),
  };
}

function roundCents(value: number): number {
  return Math.round(value * 100) / 100;
}

/** 2637.476 -> "$2,637.48"; whole amounts keep no cents: 2500 -> "$2,500". */
export function usd(value: number): string {
  const cents = Number.isInteger(value) ? 0 : 2;
  return value.toLocaleString("en-US", {
    style: "currency",
    currency: "USD",
    minimumFractionDigits: cents,
    maximumFractionDigits: cents,
  });
}
