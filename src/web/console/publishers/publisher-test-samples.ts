import type { PublisherTestKind } from "#domain/contracts/console-publisher-test.ts";
import { allowedNextPayDates, secondPayDate } from "#domain/pay-dates.ts";

// The test console's starting bodies: the examples of docs/guides/publisher-integration.md (section 2's post, section
// 6's ping; publisher-test-samples.test.ts holds them to the guide), as a test, with today's pay dates and a consent
// given a minute ago so the sample passes the API's checks on any day.

const POST_EXAMPLE = {
  loan_amount: 800,
  loan_reason: "DEBT_CONSOLIDATION",
  email: "jolene.marsh@example.com",
  first_name: "Jolene",
  last_name: "Marsh",
  cell_phone: "6462014477",
  zip: "10001",
  city: "New York",
  state: "NY",
  address: "350 5th Ave",
  dob: "1988-04-12",
  income_type: "EMPLOYMENT",
  income_payment_frequency: "BIWEEKLY",
  income_net_monthly: 3500,
  income_next_date_1: "2026-12-11",
  income_next_date_2: "2026-12-25",
  bank_direct_deposit: "YES",
  bank_aba: "021000021",
  bank_account_type: "CHECKING",
  bank_account_number: "000123456789",
  ssn: "612345678",
  sub1: "spring-campaign",
  click_id: "clk-8842",
  consent_text:
    "By clicking Get my loan I agree that Loanpath and its lenders may call and text me at the number I gave, including by autodialer.",
  consent_at: "2026-12-07T14:02:11Z",
  consent_ip: "198.51.100.23",
  consent_user_agent: "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X)",
  consent_page_url: "https://loans.publisher.example/apply",
  timeout_ms: 20000,
};

const PING_EXAMPLE = {
  loan_amount: 800,
  loan_reason: "DEBT_CONSOLIDATION",
  zip: "10001",
  city: "New York",
  state: "NY",
  income_type: "EMPLOYMENT",
  income_payment_frequency: "BIWEEKLY",
  income_net_monthly: 3500,
  income_next_date_1: "2026-12-11",
  income_next_date_2: "2026-12-25",
  bank_direct_deposit: "YES",
  bank_account_type: "CHECKING",
  age: 38,
  sub1: "spring-campaign",
  click_id: "clk-8842",
};

/** The guide's examples as written, for the test that compares them with the guide. */
export const GUIDE_EXAMPLES: Record<PublisherTestKind, Record<string, unknown>> = {
  post: POST_EXAMPLE,
  ping: PING_EXAMPLE,
};

/** The sample body of `kind` on `now`'s day, as indented JSON text with `test: true`. */
export function sampleBody(kind: PublisherTestKind, now: Date = new Date()): string {
  // The fourth allowed pay date: a few days out, inside the window on either side of midnight in the US.
  const first = allowedNextPayDates(now)[3]!;
  const dates = { income_next_date_1: first, income_next_date_2: secondPayDate(first, "BIWEEKLY") };
  const body =
    kind === "post"
      ? { ...POST_EXAMPLE, ...dates, consent_at: new Date(now.getTime() - 60_000).toISOString(), test: true }
      : { ...PING_EXAMPLE, ...dates, test: true };
  return JSON.stringify(body, null, 2);
}
