import type { ReactNode } from "react";
import { Link } from "react-router";
import { MAX_LOAN_AMOUNT, MIN_LOAN_AMOUNT } from "#domain/options.ts";
import { PAGE_LINKS } from "#web/site/legal-links.ts";
import type { SiteConfig } from "#web/site/brands/site-config.ts";
import { representativeLoan } from "#domain/loan-cost.ts";
import { usd } from "#web/ui/money.ts";

export type Faq = { id: string; question: string; answer: ReactNode };

// The 14 questions of docs/product/overview.md, shown in the FAQs pop-up and on /frequently-asked-questions.
export function faqs(site: Pick<SiteConfig, "brand" | "contact">): Faq[] {
  const name = site.brand.name;
  const example = representativeLoan();
  return [
    {
      id: "what-is",
      question: `What is ${name}?`,
      answer: (
        <p>
          {name} is a free online service that connects people who need {usd(MIN_LOAN_AMOUNT)} to {usd(MAX_LOAN_AMOUNT)}{" "}
          with lenders and lending partners. You fill in one secure form; we pass it to lenders in our network, and a
          lender that can help may offer you a loan.
        </p>
      ),
    },
    {
      id: "cost",
      question: `How much does it cost to use ${name}?`,
      answer: (
        <p>
          Nothing. {name} never charges you for submitting a request. Lenders pay us for the requests we refer. If you
          accept a loan, its interest and fees are set by the lender and shown to you before you sign.
        </p>
      ),
    },
    {
      id: "speed",
      question: "How fast can I get my money?",
      answer: (
        <p>
          The form takes a few minutes and most requests get an answer within minutes. If you accept an offer and are
          approved, many lenders send the money as soon as the next business day; the exact time depends on the lender
          and your bank.
        </p>
      ),
    },
    {
      id: "why-ssn",
      question: "Why do you ask for my Social Security number?",
      answer: (
        <p>
          Lenders use it to confirm who you are, to protect you against identity theft and to review your credit
          history. Many lenders cannot consider a request without it. It is sent over an encrypted connection, stored
          encrypted and shown to no one else.
        </p>
      ),
    },
    {
      id: "why-bank",
      question: "Why do you ask for my bank account details?",
      answer: (
        <p>
          Lenders need an account to send the money to and, if you agree, to collect your repayments. Your account
          details also help them verify your identity and income. Lenders cannot take money from your account without
          your authorization in the loan agreement.
        </p>
      ),
    },
    {
      id: "not-a-lender",
      question: `Is ${name} a lender?`,
      answer: (
        <p>
          No. {name} does not make loans or credit decisions and is not a broker or agent of any lender. Lenders decide
          whether to offer you a loan and set its terms. You are never obliged to accept an offer.
        </p>
      ),
    },
    {
      id: "bad-credit",
      question: "Can I request a loan with bad credit?",
      answer: (
        <p>
          Yes. We welcome all credit types, and some lenders in our network work with people whose credit is less than
          perfect. Approval is not guaranteed: each lender decides based on its own criteria.
        </p>
      ),
    },
    {
      id: "routing-number",
      question: "Where do I find my bank's routing number?",
      answer: (
        <p>
          The routing number is the 9-digit number printed at the bottom left of your checks, before your account
          number. You can also find it in your bank's app or website, on a bank statement, or by calling your bank.
        </p>
      ),
    },
    {
      id: "non-payment",
      question: "What happens if I do not repay my loan?",
      answer: (
        <p>
          Missing a payment can cost you late fees and returned-payment fees set by your lender, can be reported to
          credit bureaus and lower your credit score, and may lead the lender to send your debt to collection. Read the
          lender's late and non-payment policy before you accept, and call your lender as soon as you think you may miss
          a payment: many can arrange a new payment date.
        </p>
      ),
    },
    {
      id: "renewals",
      question: "Can I renew or extend my loan?",
      answer: (
        <p>
          Some lenders allow a renewal or extension, usually for an extra fee, and state law limits how often a loan can
          be renewed. Renewing adds to what the loan costs you. Ask your lender about its renewal policy before you sign
          the loan agreement.
        </p>
      ),
    },
    {
      id: "collections",
      question: "How do lenders collect late payments?",
      answer: (
        <p>
          Lenders in our network agree to collect debts fairly and lawfully, in line with the Fair Debt Collection
          Practices Act and state law. Each lender has its own collection practices, described in its loan agreement;
          they may include reminders, calls and letters and, for unpaid debts, a collection agency.
        </p>
      ),
    },
    {
      id: "representative-apr",
      question: "What does a loan cost? A representative example",
      answer: (
        <p>
          For example, a {usd(example.amount)} loan over {example.months === 12 ? "1 year" : `${example.months} months`}{" "}
          at an interest rate of {example.interestRatePercent}% with a {example.feePercent}% origination fee (
          {usd(example.fee)}, deducted from the amount paid out) is repaid in {example.months} monthly payments of{" "}
          {usd(example.monthlyPayment)}, {usd(example.totalOfPayments)} in total. Counting the fee, as the APR does,
          that is an APR of about {example.aprPercent}%. Your rate, fees and payments depend on the lender, your state
          and your credit, and are shown to you before you accept.
        </p>
      ),
    },
    {
      id: "who-can-apply",
      question: "Who can request a loan?",
      answer: (
        <p>
          You must be at least 18 years old and a legal resident of the United States, with a valid bank account, an
          e-mail address and a phone number. Lenders may have further requirements, such as a regular income.
        </p>
      ),
    },
    {
      id: "stop-messages",
      question: "How do I stop receiving calls, texts or e-mails?",
      answer: (
        <p>
          Use our <Link to={PAGE_LINKS.unsubscribe.to}>unsubscribe form</Link>, reply STOP to any text message, or write
          to <a href={`mailto:${site.contact.email}`}>{site.contact.email}</a>. Opting out takes up to 48 hours.
          Residents of California, Nevada, Virginia, Utah and Connecticut can also use our{" "}
          <Link to={PAGE_LINKS.doNotSell.to}>privacy rights request form</Link>.
        </p>
      ),
    },
  ];
}
