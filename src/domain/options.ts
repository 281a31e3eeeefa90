import { MINIMUM_AGE } from "./age.ts";

// Every option set of docs/product/lead-fields.md with its wire value, label and (where a label stands for a span of
// time) months. docs/product/settled-readings.md readings 4, 9, 10, 11, 14, 15 and 17 settle the open ones.
export type Option<V extends string | number = string> = { readonly value: V; readonly label: string };
export type MonthsOption = Option & { readonly months: number };
export type WireValue<T extends readonly Option<string | number>[]> = T[number]["value"];

/** Whole dollars as the site writes them: $1,000. */
export const formatUsd = (n: number) => `$${n.toLocaleString("en-US")}`;

// 100 to 900 by 100, then 1,000 to 5,000 by 1,000 (docs/product/lead-fields.md); default 500
// (docs/product/settled-readings.md#4-default-loan-amount).
export const LOAN_AMOUNTS = [100, 200, 300, 400, 500, 600, 700, 800, 900, 1000, 2000, 3000, 4000, 5000] as const;
export type LoanAmount = (typeof LOAN_AMOUNTS)[number];
export const LOAN_AMOUNT_OPTIONS: readonly Option<LoanAmount>[] = LOAN_AMOUNTS.map((value) => ({
  value,
  label: formatUsd(value),
}));
export const DEFAULT_LOAN_AMOUNT: LoanAmount = 500;
export const MIN_LOAN_AMOUNT = Math.min(...LOAN_AMOUNTS);
export const MAX_LOAN_AMOUNT = Math.max(...LOAN_AMOUNTS);

export const LOAN_REASON_OPTIONS = [
  { value: "AUTO_PURCHASE", label: "Auto Purchase" },
  { value: "AUTO_REPAIR", label: "Auto Repair" },
  { value: "HOME_IMPROVEMENT", label: "Home Improvement" },
  { value: "DEBT_CONSOLIDATION", label: "Debt Consolidation" },
  { value: "DEBT_SETTLEMENT", label: "Debt Settlement" },
  { value: "CREDIT_CARD_CONSOLIDATION", label: "Credit Card Consolidation" },
  { value: "BUSINESS", label: "Small Business" },
  { value: "RENT_OR_MORTGAGE", label: "Rent or Mortgage" },
  { value: "MEDICAL", label: "Medical" },
  { value: "MOVING", label: "Moving" },
  { value: "EMERGENCY_SITUATION", label: "Emergency Situation" },
  { value: "EDUCATION", label: "Education" },
  // Buyers expect the misspelt wire value (docs/product/settled-readings.md#17-renewable-energy-spelling); people read
  // the right word.
  { value: "RENEWABLE_ENGERGY", label: "Renewable Energy" },
  { value: "STUDENT_LOAN_REFINANCE", label: "Student Loan Refinance" },
  { value: "TAXES", label: "Taxes" },
  { value: "OTHER", label: "Other" },
] as const satisfies readonly Option[];
export type LoanReason = WireValue<typeof LOAN_REASON_OPTIONS>;
export const DEFAULT_LOAN_REASON: LoanReason = "DEBT_CONSOLIDATION";

// Offered by the e-mail screen's autocomplete once "@" is typed (docs/product/lead-fields.md).
export const EMAIL_DOMAINS = [
  "gmail.com",
  "outlook.com",
  "hotmail.com",
  "aol.com",
  "yahoo.com",
  "icloud.com",
  "yandex.com",
] as const;
export type EmailDomain = (typeof EMAIL_DOMAINS)[number];

// Main path: 1 to 9 years and 10+ (docs/product/lead-fields.md).
// prettier-ignore
export const RESIDENCE_DURATION_OPTIONS = [
  { value: "12", label: "1 Year", months: 12 }, { value: "24", label: "2 Years", months: 24 },
  { value: "36", label: "3 Years", months: 36 }, { value: "48", label: "4 Years", months: 48 },
  { value: "60", label: "5 Years", months: 60 }, { value: "72", label: "6 Years", months: 72 },
  { value: "84", label: "7 Years", months: 84 }, { value: "96", label: "8 Years", months: 96 },
  { value: "108", label: "9 Years", months: 108 }, { value: "120", label: "10+ Years", months: 120 },
] as const satisfies readonly MonthsOption[];
export type ResidenceDuration = WireValue<typeof RESIDENCE_DURATION_OPTIONS>;
// Always preselected (docs/product/validation.md); the main list starts at its first entry.
export const DEFAULT_RESIDENCE_DURATION: ResidenceDuration = "12";

// Alternate path, ascending (docs/product/settled-readings.md#9-alternate-residence-labels); "Over 10 years" with its
// capital, as a label that starts with a word (docs/decisions/0030-funnel-words.md).
export const RESIDENCE_DURATION_ALT_OPTIONS = [
  { value: "6", label: "0 - 1 year", months: 6 },
  { value: "24", label: "1 - 3 years", months: 24 },
  { value: "48", label: "3 - 5 years", months: 48 },
  { value: "72", label: "5 - 7 years", months: 72 },
  { value: "102", label: "7 - 10 years", months: 102 },
  { value: "120", label: "Over 10 years", months: 120 },
] as const satisfies readonly MonthsOption[];
export type ResidenceDurationAlt = WireValue<typeof RESIDENCE_DURATION_ALT_OPTIONS>;
export const DEFAULT_RESIDENCE_DURATION_ALT: ResidenceDurationAlt = "102";

export const OWN_HOME_OPTIONS = [
  { value: "YES", label: "Own" },
  { value: "NO", label: "Rent" },
] as const satisfies readonly Option[];
export type OwnHome = WireValue<typeof OWN_HOME_OPTIONS>;
// docs/product/screens-and-routes.md: the own-home screen defaults to the first option.
export const DEFAULT_OWN_HOME: OwnHome = "YES";

export const INCOME_SOURCE_OPTIONS = [
  { value: "EMPLOYMENT", label: "Employed" },
  { value: "SELF_EMPLOYMENT", label: "Self-employed" },
  { value: "MILITARY", label: "Military" },
  { value: "BENEFITS", label: "Benefits" },
] as const satisfies readonly Option[];
export type IncomeSource = WireValue<typeof INCOME_SOURCE_OPTIONS>;

export const PAY_FREQUENCY_OPTIONS = [
  { value: "BIWEEKLY", label: "Every other week" },
  { value: "TWICEMONTHLY", label: "Twice a month" },
  { value: "MONTHLY", label: "Once a month" },
  { value: "WEEKLY", label: "Every week" },
] as const satisfies readonly Option[];
export type PayFrequency = WireValue<typeof PAY_FREQUENCY_OPTIONS>;

export const DIRECT_DEPOSIT_OPTIONS = [
  { value: "YES", label: "Yes, electronic deposit" },
  { value: "NO", label: "No, paper check" },
] as const satisfies readonly Option[];
export type DirectDeposit = WireValue<typeof DIRECT_DEPOSIT_OPTIONS>;

export const BANK_ACCOUNT_TYPE_OPTIONS = [
  { value: "CHECKING", label: "Checking" },
  { value: "SAVING", label: "Saving" },
] as const satisfies readonly Option[];
export type BankAccountType = WireValue<typeof BANK_ACCOUNT_TYPE_OPTIONS>;
export const DEFAULT_BANK_ACCOUNT_TYPE: BankAccountType = "CHECKING";

// Both paths use these labels (docs/product/settled-readings.md#10-time-at-bank-labels), in plural where the original
// had "1 - 3 month" and "1 - 2 year" (docs/decisions/0030-funnel-words.md).
export const BANK_TIME_OPTIONS = [
  { value: "3", label: "1 - 3 months", months: 3 },
  { value: "6", label: "3 - 6 months", months: 6 },
  { value: "12", label: "7 - 12 months", months: 12 },
  { value: "24", label: "1 - 2 years", months: 24 },
  { value: "30", label: "More than 2 years", months: 30 },
] as const satisfies readonly MonthsOption[];
export type BankTime = WireValue<typeof BANK_TIME_OPTIONS>;
export const DEFAULT_BANK_TIME: BankTime = "30";

export const CREDIT_SCORE_OPTIONS = [
  { value: "EXCELLENT", label: "Excellent (720+)" },
  { value: "GOOD", label: "Good (680-719)" },
  { value: "FAIR", label: "Fair (640-679)" },
  { value: "POOR", label: "Poor (639 or less)" },
] as const satisfies readonly Option[];
export type CreditScore = WireValue<typeof CREDIT_SCORE_OPTIONS>;

// docs/product/settled-readings.md#11-time-at-employer-labels.
export const EMPLOYER_TIME_OPTIONS = [
  { value: "60", label: "More than 5 years", months: 60 },
  { value: "48", label: "3 - 5 years", months: 48 },
  { value: "24", label: "1 - 3 years", months: 24 },
  { value: "12", label: "6 - 12 months", months: 12 },
  { value: "3", label: "Less than 6 months", months: 3 },
] as const satisfies readonly MonthsOption[];
export type EmployerTime = WireValue<typeof EMPLOYER_TIME_OPTIONS>;

// docs/product/lead-fields.md gives the values and the two outer labels; each value stands for the band up to it.
export const MONTHLY_INCOME_OPTIONS = [
  { value: "10000", label: "More than $5,500" },
  { value: "5500", label: "$4,501 - $5,500" },
  { value: "4500", label: "$3,501 - $4,500" },
  { value: "3500", label: "$2,501 - $3,500" },
  { value: "2500", label: "$1,500 - $2,500" },
  { value: "1500", label: "Less than $1,500" },
] as const satisfies readonly Option[];
export type MonthlyIncome = WireValue<typeof MONTHLY_INCOME_OPTIONS>;

export const CONTACT_TIME_OPTIONS = [
  { value: "ANYTIME", label: "Anytime" },
  { value: "MORNING", label: "Morning" },
  { value: "AFTERNOON", label: "Afternoon" },
  { value: "EVENING", label: "Evening" },
] as const satisfies readonly Option[];
export type ContactTime = WireValue<typeof CONTACT_TIME_OPTIONS>;
// Always preselected; the main flow sends it with the phone step
// (docs/product/settled-readings.md#2-best-time-to-contact).
export const DEFAULT_CONTACT_TIME: ContactTime = "ANYTIME";

export const UNSECURED_DEBT_OPTIONS = [
  { value: "NONE", label: "None" },
  { value: "1000_4999", label: "$1,000-$4,999" },
  { value: "5000_9999", label: "$5,000-$9,999" },
  { value: "10000_20000", label: "$10,000-$20,000" },
  { value: "OVER_20000", label: "Over $20,000" },
] as const satisfies readonly Option[];
export type UnsecuredDebt = WireValue<typeof UNSECURED_DEBT_OPTIONS>;

export const YES_NO_OPTIONS = [
  { value: "YES", label: "Yes" },
  { value: "NO", label: "No" },
] as const satisfies readonly Option[];
/** Own car (docs/product/lead-fields.md) and the activeMilitary flag (docs/product/behaviour.md). */
export type YesNo = WireValue<typeof YES_NO_OPTIONS>;

// prettier-ignore
const STATE_PAIRS = [
  ["AL", "Alabama"], ["AK", "Alaska"], ["AZ", "Arizona"], ["AR", "Arkansas"], ["CA", "California"],
  ["CO", "Colorado"], ["CT", "Connecticut"], ["DE", "Delaware"], ["DC", "District of Columbia"], ["FL", "Florida"],
  ["GA", "Georgia"], ["HI", "Hawaii"], ["ID", "Idaho"], ["IL", "Illinois"], ["IN", "Indiana"], ["IA", "Iowa"],
  ["KS", "Kansas"], ["KY", "Kentucky"], ["LA", "Louisiana"], ["ME", "Maine"], ["MD", "Maryland"],
  ["MA", "Massachusetts"], ["MI", "Michigan"], ["MN", "Minnesota"], ["MS", "Mississippi"], ["MO", "Missouri"],
  ["MT", "Montana"], ["NE", "Nebraska"], ["NV", "Nevada"], ["NH", "New Hampshire"], ["NJ", "New Jersey"],
  ["NM", "New Mexico"], ["NY", "New York"], ["NC", "North Carolina"], ["ND", "North Dakota"], ["OH", "Ohio"],
  ["OK", "Oklahoma"], ["OR", "Oregon"], ["PA", "Pennsylvania"], ["RI", "Rhode Island"], ["SC", "South Carolina"],
  ["SD", "South Dakota"], ["TN", "Tennessee"], ["TX", "Texas"], ["UT", "Utah"], ["VT", "Vermont"],
  ["VA", "Virginia"], ["WA", "Washington"], ["WV", "West Virginia"], ["WI", "Wisconsin"], ["WY", "Wyoming"],
] as const;
export type StateCode = (typeof STATE_PAIRS)[number][0];
/** The 50 states and DC, by two-letter code (docs/product/lead-fields.md). */
export const US_STATES: readonly Option<StateCode>[] = STATE_PAIRS.map(([value, label]) => ({ value, label }));

// The licence issuing state list is the 50 states (docs/product/lead-fields.md), without DC.
export type LicenseState = Exclude<StateCode, "DC">;
export const LICENSE_STATE_OPTIONS = US_STATES.filter((s) => s.value !== "DC") as readonly Option<LicenseState>[];

// prettier-ignore
export const MONTH_OPTIONS = [
  "January", "February", "March", "April", "May", "June",
  "July", "August", "September", "October", "November", "December",
].map((label, i) => ({ value: String(i + 1).padStart(2, "0"), label }));

/**
 * Days "01".. for the date-of-birth day select; the screen shows as many as the month has (docs/product/behaviour.md).
 */
export function dayOptions(count: number): Option[] {
  return Array.from({ length: count }, (_, i) => ({ value: String(i + 1).padStart(2, "0"), label: String(i + 1) }));
}

/**
 * The date-of-birth year select, newest first. docs/product/lead-fields.md gives "100 years starting at 2023 going
 * down" (the year it was written), whose first 18 years no applicant can be born in: the list starts at this
 * year minus 18 instead (docs/decisions/0030-funnel-words.md) and ends where those 100 years ended, so the
 * years a visitor may pick are the same. Someone born late in the first year is still 17 until their
 * birthday, and gets the under-age message.
 */
const BIRTH_YEAR_SPAN = 100;

export function birthYears(today: Date): number[] {
  const newest = today.getUTCFullYear() - MINIMUM_AGE;
  return Array.from({ length: newest - oldestBirthYear(today) + 1 }, (_, i) => newest - i);
}

/** The last year of the birth-year select: the earliest birth year a visitor can pick. */
export function oldestBirthYear(today: Date): number {
  return today.getUTCFullYear() - (BIRTH_YEAR_SPAN - 1);
}

export const UNSUBSCRIBE_REASON_OPTIONS = [
  { value: "NO_LONGER_NEED", label: "I no longer need a loan" },
  { value: "TOO_MANY_MESSAGES", label: "I receive too many messages" },
  { value: "NEVER_REQUESTED", label: "I never requested this" },
  { value: "OTHER", label: "Other" },
] as const satisfies readonly Option[];
export type UnsubscribeReason = WireValue<typeof UNSUBSCRIBE_REASON_OPTIONS>;

export const DO_NOT_SELL_REQUEST_OPTIONS = [
  { value: "DO_NOT_SELL", label: "Do not sell or share my personal information" },
  { value: "DELETE", label: "Delete my personal information" },
  { value: "ACCESS", label: "Tell me what personal information you hold" },
  { value: "CORRECT", label: "Correct my personal information" },
  { value: "LIMIT_SENSITIVE", label: "Limit the use of my sensitive personal information" },
] as const satisfies readonly Option[];
export type DoNotSellRequestType = WireValue<typeof DO_NOT_SELL_REQUEST_OPTIONS>;

// The privacy-rights form serves residents of these states (docs/product/screens-and-routes.md).
export const PRIVACY_RIGHTS_STATES = ["CA", "NV", "VA", "UT", "CT"] as const satisfies readonly StateCode[];
export type PrivacyRightsState = (typeof PRIVACY_RIGHTS_STATES)[number];
export const PRIVACY_RIGHTS_STATE_OPTIONS = US_STATES.filter((s) =>
  (PRIVACY_RIGHTS_STATES as readonly string[]).includes(s.value),
) as readonly Option<PrivacyRightsState>[];
// The service is US-only (docs/product/overview.md).
export const COUNTRY_OPTIONS = [{ value: "US", label: "United States" }] as const satisfies readonly Option[];
export type Country = WireValue<typeof COUNTRY_OPTIONS>;
export const DEFAULT_COUNTRY: Country = "US";

/** The label of a wire value in an option set, or undefined. */
export function labelOf(options: readonly Option<string | number>[], value: string | number): string | undefined {
  return options.find((o) => String(o.value) === String(value))?.label;
}

/** Months for a duration option's wire value. */
export function monthsOf(options: readonly MonthsOption[], value: string): number | undefined {
  return options.find((o) => o.value === value)?.months;
}
