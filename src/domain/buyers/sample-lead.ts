import type { Buyer } from "./buyer-schema.ts";
import type { LeadValues } from "./request-body.ts";
import type { QualityField } from "../screening/quality-checks.ts";

// The person the console's test sends (docs/product/lender-network.md#file-and-console): plainly fake, so no buyer
// takes it for an applicant and its values can be shown whole. A test lead (test_mode), a lead id that
// says so, a 555-01xx phone (reserved for fiction), an SSN starting 000 (never issued), an example.com
// address, an all-zero account number and a routing number that passes the checksum (a Federal Reserve
// bank's own, no person's account). The console's test sends it, and the buyer form's preview builds its requests
// from it. Its gate answers are a clean lead's (docs/product/screening.md#what-buyers-see), with no certificate, as it
// carries none.

const SAMPLE_QUALITY: Record<QualityField, string> = {
  quality_phone_number: "valid",
  quality_phone_line_type: "mobile",
  quality_email_domain: "ok",
  quality_email_role: "personal",
  quality_email_mx: "deliverable",
  quality_velocity: "ok",
  quality_address: "match",
  quality_consent_certificate: "none",
};

const SAMPLE_LEAD: LeadValues = {
  lead_id: "ld_console_test",
  test_mode: true,
  loan_amount: 1000,
  loan_reason: "DEBT_CONSOLIDATION",
  email: "test.applicant@example.com",
  first_name: "Test",
  last_name: "Applicant",
  cell_phone: "2125550199",
  home_phone: null,
  contact_time: "ANYTIME",
  zip: "10001",
  city: "New York",
  state: "NY",
  address: "1 Test Street",
  time_at_residence: 24,
  own_home: "YES",
  income_type: "EMPLOYMENT",
  active_military: "NO",
  work_time_at_employer: 36,
  income_payment_frequency: "BIWEEKLY",
  income_net_monthly: 2500,
  income_next_date_1: "2026-12-04",
  income_next_date_2: "2026-12-18",
  work_company_name: "Test Company",
  job_title: "Tester",
  bank_direct_deposit: "YES",
  bank_aba: "011000015",
  bank_name: "Test Bank",
  bank_account_type: "CHECKING",
  bank_account_length_month: 48,
  bank_account_number: "000000000000",
  drivers_license_number: "T0000000",
  drivers_license_state: "NY",
  own_car: "NO",
  credit_score: "FAIR",
  ssn: "000000000",
  dob: "1990-01-01",
  age: 36,
  user_agent: "Loanpath console test",
  user_ip: "192.0.2.1",
  email_sha256: "0".repeat(64),
  phone_sha256: "0".repeat(64),
  utm_source: "console-test",
  consent_text_version: "console-test",
  consent_text_hash: "0".repeat(64),
  consent_at: "2026-01-01T00:00:00.000Z",
  consent_ip: "192.0.2.1",
  consent_user_agent: "Loanpath console test",
  consent_page: "/console/test",
  ...SAMPLE_QUALITY,
};

/** The sample in a state the buyer takes, so a licensed lender's test post carries what a sale would. */
export function sampleFor(buyer: Pick<Buyer, "kind" | "licensedStates" | "filters">): LeadValues {
  const states = buyer.kind === "licensed_lender" ? buyer.licensedStates : buyer.filters.states;
  const state = states?.length && !states.includes("NY") ? states[0] : "NY";
  return { ...SAMPLE_LEAD, state: state ?? "NY" };
}
