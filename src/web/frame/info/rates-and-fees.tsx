import { Link } from "react-router";
import { PAGE_LINKS } from "#web/site/legal-links.ts";
import type { SiteConfig } from "#web/site/brands/site-config.ts";
import { representativeLoan } from "#domain/loan-cost.ts";
import { usd } from "#web/ui/money.ts";

// Body of the Rates and Fees pop-up (docs/product/overview.md): what loans through the network cost, with the
// representative example computed in src/domain/loan-cost.ts.
export function RatesAndFees({ site }: { site: Pick<SiteConfig, "brand" | "rates"> }) {
  const name = site.brand.name;
  const { aprMin, aprMax, termMinDays, termMaxMonths } = site.rates;
  const example = representativeLoan();
  return (
    <div className="info-text">
      <h3>APR disclosure</h3>
      <p>
        {name} is not a lender and cannot tell you the exact annual percentage rate (APR) of a loan: the lender sets it
        from the information you submit, your credit and your state's law, and must show it to you before you accept.
        Lenders in our network offer installment loans with APRs from {aprMin}% to {aprMax}% and terms from{" "}
        {termMinDays} days to {termMaxMonths} months. Short-term loans and cash advances, where state law allows them,
        can carry higher APRs. The APR is the yearly cost of a loan, including interest and fees.
      </p>

      <h3>Representative example</h3>
      <p>
        A {usd(example.amount)} loan repaid over {example.months} months at an interest rate of{" "}
        {example.interestRatePercent}% with a {example.feePercent}% origination fee ({usd(example.fee)}, deducted from
        the amount paid out, so you receive {usd(example.amountFinanced)}) has {example.months} monthly payments of{" "}
        <strong>{usd(example.monthlyPayment)}</strong>, {usd(example.totalOfPayments)} in total. Because the fee is a
        cost of the loan, its APR is about <strong>{example.aprPercent}%</strong>: {usd(example.financeCharge)} in
        interest and fees on the {usd(example.amountFinanced)} you receive.
      </p>

      <h3>Fees</h3>
      <p>
        Using {name} is free. Lenders may charge an origination fee, late-payment fees and returned-payment fees within
        the limits of state law. Every fee is set out in the loan agreement you receive before you sign.
      </p>

      <h3>Late payments and non-payment</h3>
      <p>
        Paying late or not at all can add fees, can be reported to credit bureaus and lower your credit score, and can
        lead to collection activity. If you think you may miss a payment, call your lender before the due date.
      </p>

      <h3>Renewals</h3>
      <p>
        Some lenders offer to renew or extend a loan for an additional fee, where state law allows it. A renewal makes
        the loan cost more; check the lender's renewal policy in its loan agreement first.
      </p>

      <h3>Collection practices</h3>
      <p>
        Lenders in our network agree to collect debts fairly and lawfully, following the Fair Debt Collection Practices
        Act and state law. Their practices are described in their loan agreements.
      </p>

      <p>
        More answers are in our <Link to={PAGE_LINKS.faqs.to}>frequently asked questions</Link>.
      </p>
    </div>
  );
}
