import { z } from "zod";
import { maskSsn } from "../masks.ts";
import { MESSAGES } from "../messages.ts";
import {
  BANK_ACCOUNT_TYPE_OPTIONS,
  BANK_TIME_OPTIONS,
  CONTACT_TIME_OPTIONS,
  CREDIT_SCORE_OPTIONS,
  DIRECT_DEPOSIT_OPTIONS,
  EMPLOYER_TIME_OPTIONS,
  INCOME_SOURCE_OPTIONS,
  LICENSE_STATE_OPTIONS,
  MONTHLY_INCOME_OPTIONS,
  OWN_HOME_OPTIONS,
  PAY_FREQUENCY_OPTIONS,
  RESIDENCE_DURATION_ALT_OPTIONS,
  RESIDENCE_DURATION_OPTIONS,
  UNSECURED_DEBT_OPTIONS,
  YES_NO_OPTIONS,
  type Option,
} from "../options.ts";
import {
  bankAccountNumber,
  bankName,
  birthDate,
  checkedRoutingNumber,
  choice,
  email,
  employerName,
  firstName,
  isoDate,
  jobTitle,
  lastName,
  licenseId,
  MAX_LENGTH,
  nextPayDate,
  numberChoice,
  phone,
  resolvedCity,
  resolvedState,
  ssn,
  streetAddress,
  workPhone,
  zipCode,
  type Today,
} from "../schemas/field-rules.ts";
import { loanAmount, loanReason } from "../schemas/quick-start.ts";

// The field registry (docs/decisions/0012-one-source.md): every field of a lead, once. Keyed by its
// server name (the wire and column name); each entry holds the browser's name, the step-body aliases,
// the rule a written value must meet, how it is stored and shown, and whether it is personal data.
// The name maps, create and update rules, masked answers, column mapping and log redaction all derive
// from this table; nothing else lists lead fields.

/** What a rule may depend on: the visitor's today (age, pay-date window) and the server's grace. */
export type RuleContext = {
  today: Today;
  /** Days of slack before the next-pay-date window (pay-dates.ts explains why the server allows 1). */
  payDateGraceDays?: number;
};

/** How a value is stored and answered: a text, a whole number, a number or a flag. */
type FieldKind = "text" | "integer" | "number" | "boolean";

export type LeadFieldSpec = {
  /** The browser's name (docs/product/lead-fields.md's client column). */
  client: string;
  /** Other names step-update bodies use for it (docs/product/server-calls.md). */
  aliases?: readonly string[];
  kind: FieldKind;
  /** The rule a written value meets; absent for fields the server sets itself (read-only). */
  rule?: (ctx: RuleContext) => z.ZodType;
  /** A single choice's options (the screen shows them; the rule accepts them). */
  options?: readonly Option<string | number>[];
  /**
   * Sensitive: encrypted at rest, answered only as this mask (given the last four characters when
   * `keepLast4`), never logged (docs/decisions/0008).
   */
  sensitive?: { mask: (last4: string) => string; keepLast4?: boolean };
  /** Personal data that is stored in clear but never logged (names, contact details). */
  personal?: boolean;
};

const choiceField = <const O extends readonly Option<string | number>[]>(options: O, message: string) => ({
  options,
  rule: () => choice(options, message),
});
const monthsField = (options: readonly Option<string | number>[], message: string) => ({
  options,
  rule: () => numberChoice(options, message),
});
const optionalText = (max: number) => () => z.string().trim().max(max).optional();

// prettier-ignore
export const LEAD_FIELDS = {
  loan_amount: { client: "amount", aliases: ["loanAmount"], kind: "integer", rule: () => loanAmount },
  loan_reason: { client: "loanReason", kind: "text", rule: () => loanReason },
  email: { client: "email", kind: "text", personal: true, rule: () => email() },
  first_name: { client: "firstName", kind: "text", personal: true, rule: () => firstName },
  // Not asked by the funnel (docs/product/lead-fields.md lists it as a further field), so it may be empty.
  middle_name: { client: "middleName", kind: "text", personal: true,
    rule: () => z.string().trim().max(MAX_LENGTH.name, { message: MESSAGES.nameTooLong }) },
  last_name: { client: "lastName", kind: "text", personal: true, rule: () => lastName },
  home_phone: { client: "phone", aliases: ["homePhone"], kind: "text", personal: true, rule: () => phone() },
  cell_phone: { client: "cellPhone", kind: "text", personal: true, rule: () => phone() },
  contact_time: { client: "bestTimeContact", aliases: ["contactTime"], kind: "text",
    ...choiceField(CONTACT_TIME_OPTIONS, MESSAGES.selectOne) },
  zip: { client: "zipCode", kind: "text", rule: () => zipCode() },
  city: { client: "city", kind: "text", rule: () => resolvedCity },
  state: { client: "state", kind: "text", rule: () => resolvedState },
  address: { client: "streetAddress", kind: "text", personal: true, rule: () => streetAddress },
  // The browser holds both as zipPosition (field-names.ts).
  latitude: { client: "latitude", kind: "number", rule: () => z.number().min(-90).max(90) },
  longitude: { client: "longitude", kind: "number", rule: () => z.number().min(-180).max(180) },
  // Either residence list: the main screen and /apply/home_time both save it.
  time_at_residence: { client: "currentResidenceDuration", aliases: ["addressLengthMonths"], kind: "integer",
    ...monthsField([...RESIDENCE_DURATION_OPTIONS, ...RESIDENCE_DURATION_ALT_OPTIONS], MESSAGES.selectOne) },
  own_home: { client: "residenceOwnership", aliases: ["ownHome"], kind: "text",
    ...choiceField(OWN_HOME_OPTIONS, MESSAGES.chooseAnswer) },
  // docs/product/behaviour.md: MILITARY travels as SELF_EMPLOYMENT with activeMilitary YES, so it is never stored.
  income_type: { client: "incomeSource", aliases: ["incomeType"], kind: "text",
    ...choiceField(INCOME_SOURCE_OPTIONS.filter((o) => o.value !== "MILITARY"), MESSAGES.chooseAnswer) },
  active_military: { client: "activeMilitary", kind: "text", ...choiceField(YES_NO_OPTIONS, MESSAGES.chooseAnswer) },
  work_time_at_employer: { client: "currentCompanyDuration", aliases: ["workTimeAtEmployer"], kind: "integer",
    ...monthsField(EMPLOYER_TIME_OPTIONS, MESSAGES.chooseAnswer) },
  debt_amount: { client: "unsecuredDebtAmount", kind: "text", ...choiceField(UNSECURED_DEBT_OPTIONS, MESSAGES.selectOne) },
  income_payment_frequency: { client: "incomePaymentFrequency", kind: "text",
    ...choiceField(PAY_FREQUENCY_OPTIONS, MESSAGES.chooseAnswer) },
  income_net_monthly: { client: "monthlyIncome", aliases: ["incomeNetMonthly"], kind: "integer",
    ...monthsField(MONTHLY_INCOME_OPTIONS, MESSAGES.chooseAnswer) },
  income_next_date_1: { client: "incomeNextDate1", kind: "text",
    rule: (ctx) => nextPayDate(ctx.today, { graceDays: ctx.payDateGraceDays ?? 0 }) },
  income_next_date_2: { client: "incomeNextDate2", kind: "text", rule: () => isoDate },
  work_company_name: { client: "employerName", aliases: ["workCompanyName"], kind: "text", rule: () => employerName },
  job_title: { client: "jobTitle", kind: "text", rule: () => jobTitle },
  work_phone: { client: "employerPhone", aliases: ["workPhone"], kind: "text", personal: true, rule: () => workPhone() },
  bank_direct_deposit: { client: "getDirectDeposit", aliases: ["bankDirectDeposit"], kind: "text",
    ...choiceField(DIRECT_DEPOSIT_OPTIONS, MESSAGES.chooseAnswerBang) },
  bank_aba: { client: "routingNumber", aliases: ["bankAba"], kind: "text", rule: () => checkedRoutingNumber,
    sensitive: { mask: () => "*********" } },
  bank_name: { client: "bankName", kind: "text", rule: () => bankName },
  bank_account_type: { client: "bankAccountType", kind: "text",
    ...choiceField(BANK_ACCOUNT_TYPE_OPTIONS, MESSAGES.bankAccountTypeRequired) },
  bank_account_length_month: { client: "currentBankDuration", aliases: ["bankAccountLengthMonths"], kind: "integer",
    ...monthsField(BANK_TIME_OPTIONS, MESSAGES.selectOne) },
  bank_account_number: { client: "bankAccount", aliases: ["bankAccountNumber"], kind: "text", rule: () => bankAccountNumber,
    sensitive: { mask: (last4) => `****${last4}`, keepLast4: true } },
  drivers_license_number: { client: "licenseID", aliases: ["driversLicenseNumber"], kind: "text", rule: () => licenseId,
    sensitive: { mask: () => "********" } },
  // The licence list is the 50 states (docs/product/lead-fields.md).
  drivers_license_state: { client: "issuingState", aliases: ["driversLicenseState"], kind: "text",
    ...choiceField(LICENSE_STATE_OPTIONS, MESSAGES.issuingStateRequired) },
  own_car: { client: "ownCar", kind: "text", ...choiceField(YES_NO_OPTIONS, MESSAGES.selectOne) },
  credit_score: { client: "creditScoreRating", aliases: ["creditScore"], kind: "text",
    ...choiceField(CREDIT_SCORE_OPTIONS, MESSAGES.selectOne) },
  ssn: { client: "socialSecurityNumber", kind: "text", rule: () => ssn,
    sensitive: { mask: (last4) => maskSsn(last4), keepLast4: true } },
  dob: { client: "dob", kind: "text", rule: (ctx) => birthDate(ctx.today), sensitive: { mask: () => "****-**-**" } },
  user_agent: { client: "userAgent", kind: "text", rule: () => z.string().max(512).optional() },
  utm_source: { client: "utm_source", kind: "text", rule: optionalText(100) },
  tracking_id: { client: "tracking_id", kind: "text", rule: optionalText(200) },
  test_mode: { client: "testMode", kind: "boolean", rule: () => z.boolean().optional() },
  // Set by the server, answered read-only.
  user_ip: { client: "ipAddress", kind: "text" },
  created_at: { client: "createdAt", kind: "text" },
  updated_at: { client: "updatedAt", kind: "text" },
} as const satisfies Record<string, LeadFieldSpec>;

export type LeadFields = typeof LEAD_FIELDS;
export type ServerField = keyof LeadFields;
export type ClientField = LeadFields[ServerField]["client"];
/** Fields a write may carry (those with a rule). */
export type WritableField = { [K in ServerField]: LeadFields[K] extends { rule: unknown } ? K : never }[ServerField];
export type SensitiveField = {
  [K in ServerField]: LeadFields[K] extends { sensitive: unknown } ? K : never;
}[ServerField];

export const SERVER_FIELDS = Object.keys(LEAD_FIELDS) as ServerField[];

function fieldSpec(field: ServerField): LeadFieldSpec {
  return LEAD_FIELDS[field];
}

export function isServerField(name: string): name is ServerField {
  return Object.hasOwn(LEAD_FIELDS, name);
}

export function isSensitiveField(name: string): name is SensitiveField {
  return isServerField(name) && fieldSpec(name).sensitive !== undefined;
}

/** The writable fields, in registry order. */
export const WRITABLE_FIELDS = SERVER_FIELDS.filter((f) => fieldSpec(f).rule !== undefined) as WritableField[];
