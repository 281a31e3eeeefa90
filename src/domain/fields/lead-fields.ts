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
// the rule a written value must meet, how it is stored and shown, who may receive it (its exposure class),
// whether logs and erasures keep it, and its names in the final submission. The name maps, create and update
// rules, masked answers, column mapping, buyers' field classes, log redaction, erasure and the submission's
// lists all derive from this table (field-exposure.ts); nothing else lists lead fields.

/** What a rule may depend on: the visitor's today (age, pay-date window) and the server's grace. */
export type RuleContext = {
  today: Today;
  /** Days of slack before the next-pay-date window (pay-dates.ts explains why the server allows 1). */
  payDateGraceDays?: number;
};

/** How a value is stored and answered: a text, a whole number, a number or a flag. */
type FieldKind = "text" | "integer" | "number" | "boolean";

/** How a sensitive field is kept: encrypted at rest, answered only as its mask (docs/decisions/0008). */
type Sensitive = { mask: (last4: string) => string; keepLast4?: boolean };

/**
 * Who may receive a field and what a log line or an erasure keeps of it: every entry names its class
 * (docs/product/lender-network.md#what-a-buyer-may-see), and there is no default, so a new field cannot
 * reach every buyer, a log or the figures kept after an erasure by being left out of a list.
 * - `personal`: never written to a log, under any of its names (the redaction list derives from it);
 * - `erased`: nulled when the person is erased (a delete request, the retention purge).
 */
type Exposure =
  /** Needed to bid: may go to every buyer in a ping. `erased` when it narrows the person down once put together. */
  | { exposure: "ping"; personal: boolean; erased: boolean; sensitive?: never }
  /** Who the person is and how to reach them: posted to the buyer that won only. */
  | { exposure: "contact"; personal: true; erased: true; sensitive?: never }
  /** The full application: encrypted, posted only to a lender licensed in the applicant's state. */
  | { exposure: "restricted"; personal: true; erased: true; sensitive: Sensitive }
  /** Bookkeeping of the lead row: never sent to a buyer. */
  | { exposure: "internal"; personal: false; erased: false; sensitive?: never };
export type FieldExposure = Exposure["exposure"];

/** Its names in the final submission (docs/product/server-calls.md#final-submission-payload), if it has any. */
type Submission =
  | {
      /** The first one names the answer in the 400 of a lead that lacks it. */
      submission: readonly [string, ...string[]];
      /** A lead without this answer is refused, not sent half-empty to a buyer (lender-network.md#final-submission). */
      requiredForSale?: true;
    }
  | { submission?: never; requiredForSale?: never };

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
} & Exposure &
  Submission;

// The classes as entries spread them. A ping field that narrows the person down (a zip, a job title, a bank,
// the pay dates) is PING_NARROWING; one that identifies no one (an amount, a band) is PING and stays for the figures.
const PING = { exposure: "ping", personal: false, erased: false } as const;
const PING_NARROWING = { exposure: "ping", personal: false, erased: true } as const;
const CONTACT = { exposure: "contact", personal: true, erased: true } as const;
const RESTRICTED = { exposure: "restricted", personal: true, erased: true } as const;
const INTERNAL = { exposure: "internal", personal: false, erased: false } as const;

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
  loan_amount: { client: "amount", aliases: ["loanAmount"], kind: "integer", rule: () => loanAmount, ...PING,
    submission: ["loanAmount"], requiredForSale: true },
  loan_reason: { client: "loanReason", kind: "text", rule: () => loanReason, ...PING, submission: ["loanReason"] },
  email: { client: "email", kind: "text", rule: () => email(), ...CONTACT, submission: ["email"], requiredForSale: true },
  first_name: { client: "firstName", kind: "text", rule: () => firstName, ...CONTACT,
    submission: ["firstName"], requiredForSale: true },
  // Not asked by the funnel (docs/product/lead-fields.md lists it as a further field), so it may be empty.
  middle_name: { client: "middleName", kind: "text", ...CONTACT,
    rule: () => z.string().trim().max(MAX_LENGTH.name, { message: MESSAGES.nameTooLong }) },
  last_name: { client: "lastName", kind: "text", rule: () => lastName, ...CONTACT,
    submission: ["lastName"], requiredForSale: true },
  home_phone: { client: "phone", aliases: ["homePhone"], kind: "text", rule: () => phone(), ...CONTACT,
    submission: ["homePhone"] },
  cell_phone: { client: "cellPhone", kind: "text", rule: () => phone(), ...CONTACT,
    submission: ["cellPhone"], requiredForSale: true },
  contact_time: { client: "bestTimeContact", aliases: ["contactTime"], kind: "text",
    ...choiceField(CONTACT_TIME_OPTIONS, MESSAGES.selectOne), ...PING, submission: ["contactTime"] },
  zip: { client: "zipCode", kind: "text", rule: () => zipCode(), ...PING_NARROWING, submission: ["zip"], requiredForSale: true },
  city: { client: "city", kind: "text", rule: () => resolvedCity, ...PING_NARROWING, submission: ["city"], requiredForSale: true },
  state: { client: "state", kind: "text", rule: () => resolvedState, ...PING, submission: ["state"], requiredForSale: true },
  address: { client: "streetAddress", kind: "text", rule: () => streetAddress, ...CONTACT,
    submission: ["address"], requiredForSale: true },
  // The browser holds both as zipPosition (field-names.ts). The zip's centre, but a position all the same.
  latitude: { client: "latitude", kind: "number", rule: () => z.number().min(-90).max(90), ...CONTACT },
  longitude: { client: "longitude", kind: "number", rule: () => z.number().min(-180).max(180), ...CONTACT },
  // Either residence list: the main screen and /apply/home_time both save it.
  time_at_residence: { client: "currentResidenceDuration", aliases: ["addressLengthMonths"], kind: "integer",
    ...monthsField([...RESIDENCE_DURATION_OPTIONS, ...RESIDENCE_DURATION_ALT_OPTIONS], MESSAGES.selectOne), ...PING,
    submission: ["addressLengthMonths", "time_at_residence"] },
  own_home: { client: "residenceOwnership", aliases: ["ownHome"], kind: "text",
    ...choiceField(OWN_HOME_OPTIONS, MESSAGES.chooseAnswer), ...PING, submission: ["ownHome"] },
  // docs/product/behaviour.md: MILITARY travels as SELF_EMPLOYMENT with activeMilitary YES, so it is never stored.
  income_type: { client: "incomeSource", aliases: ["incomeType"], kind: "text",
    ...choiceField(INCOME_SOURCE_OPTIONS.filter((o) => o.value !== "MILITARY"), MESSAGES.chooseAnswer), ...PING,
    submission: ["incomeType"], requiredForSale: true },
  active_military: { client: "activeMilitary", kind: "text", ...choiceField(YES_NO_OPTIONS, MESSAGES.chooseAnswer),
    ...PING, submission: ["activeMilitary"] },
  work_time_at_employer: { client: "currentCompanyDuration", aliases: ["workTimeAtEmployer"], kind: "integer",
    ...monthsField(EMPLOYER_TIME_OPTIONS, MESSAGES.chooseAnswer), ...PING, submission: ["workTimeAtEmployer"] },
  debt_amount: { client: "unsecuredDebtAmount", kind: "text", ...choiceField(UNSECURED_DEBT_OPTIONS, MESSAGES.selectOne),
    ...PING, submission: ["debt_amount"] },
  income_payment_frequency: { client: "incomePaymentFrequency", kind: "text",
    ...choiceField(PAY_FREQUENCY_OPTIONS, MESSAGES.chooseAnswer), ...PING,
    submission: ["incomePaymentFrequency"], requiredForSale: true },
  income_net_monthly: { client: "monthlyIncome", aliases: ["incomeNetMonthly"], kind: "integer",
    ...monthsField(MONTHLY_INCOME_OPTIONS, MESSAGES.chooseAnswer), ...PING,
    submission: ["incomeNetMonthly"], requiredForSale: true },
  income_next_date_1: { client: "incomeNextDate1", kind: "text",
    rule: (ctx) => nextPayDate(ctx.today, { graceDays: ctx.payDateGraceDays ?? 0 }), ...PING_NARROWING,
    submission: ["incomeNextDate1"], requiredForSale: true },
  income_next_date_2: { client: "incomeNextDate2", kind: "text", rule: () => isoDate, ...PING_NARROWING,
    submission: ["incomeNextDate2"] },
  work_company_name: { client: "employerName", aliases: ["workCompanyName"], kind: "text", rule: () => employerName,
    ...CONTACT, submission: ["workCompanyName"] },
  job_title: { client: "jobTitle", kind: "text", rule: () => jobTitle, ...PING_NARROWING, submission: ["jobTitle"] },
  work_phone: { client: "employerPhone", aliases: ["workPhone"], kind: "text", rule: () => workPhone(), ...CONTACT,
    submission: ["workPhone"] },
  bank_direct_deposit: { client: "getDirectDeposit", aliases: ["bankDirectDeposit"], kind: "text",
    ...choiceField(DIRECT_DEPOSIT_OPTIONS, MESSAGES.chooseAnswerBang), ...PING,
    submission: ["bankDirectDeposit"], requiredForSale: true },
  bank_aba: { client: "routingNumber", aliases: ["bankAba"], kind: "text", rule: () => checkedRoutingNumber,
    ...RESTRICTED, sensitive: { mask: () => "*********" }, submission: ["bankAba"], requiredForSale: true },
  bank_name: { client: "bankName", kind: "text", rule: () => bankName, ...PING_NARROWING, submission: ["bankName"] },
  bank_account_type: { client: "bankAccountType", kind: "text",
    ...choiceField(BANK_ACCOUNT_TYPE_OPTIONS, MESSAGES.bankAccountTypeRequired), ...PING,
    submission: ["bankAccountType"], requiredForSale: true },
  bank_account_length_month: { client: "currentBankDuration", aliases: ["bankAccountLengthMonths"], kind: "integer",
    ...monthsField(BANK_TIME_OPTIONS, MESSAGES.selectOne), ...PING, submission: ["bankAccountLengthMonths"] },
  bank_account_number: { client: "bankAccount", aliases: ["bankAccountNumber"], kind: "text", rule: () => bankAccountNumber,
    ...RESTRICTED, sensitive: { mask: (last4) => `****${last4}`, keepLast4: true },
    submission: ["bankAccountNumber"], requiredForSale: true },
  drivers_license_number: { client: "licenseID", aliases: ["driversLicenseNumber"], kind: "text", rule: () => licenseId,
    ...RESTRICTED, sensitive: { mask: () => "********" }, submission: ["driversLicenseNumber"] },
  // The licence list is the 50 states (docs/product/lead-fields.md).
  drivers_license_state: { client: "issuingState", aliases: ["driversLicenseState"], kind: "text",
    ...choiceField(LICENSE_STATE_OPTIONS, MESSAGES.issuingStateRequired), ...PING, submission: ["driversLicenseState"] },
  own_car: { client: "ownCar", kind: "text", ...choiceField(YES_NO_OPTIONS, MESSAGES.selectOne), ...PING,
    submission: ["own_car"] },
  credit_score: { client: "creditScoreRating", aliases: ["creditScore"], kind: "text",
    ...choiceField(CREDIT_SCORE_OPTIONS, MESSAGES.selectOne), ...PING, submission: ["creditScore"] },
  ssn: { client: "socialSecurityNumber", kind: "text", rule: () => ssn,
    ...RESTRICTED, sensitive: { mask: (last4) => maskSsn(last4), keepLast4: true }, submission: ["ssn"], requiredForSale: true },
  dob: { client: "dob", kind: "text", rule: (ctx) => birthDate(ctx.today),
    ...RESTRICTED, sensitive: { mask: () => "****-**-**" }, submission: ["dob"], requiredForSale: true },
  user_agent: { client: "userAgent", kind: "text", rule: () => z.string().max(512).optional(), ...CONTACT,
    submission: ["userAgent"] },
  utm_source: { client: "utm_source", kind: "text", rule: optionalText(100), ...PING },
  // A tracking id can be looked up to the visit, so only the winner gets it.
  tracking_id: { client: "tracking_id", kind: "text", rule: optionalText(200), ...CONTACT },
  test_mode: { client: "testMode", kind: "boolean", rule: () => z.boolean().optional(), ...PING },
  // Set by the server, answered read-only.
  user_ip: { client: "ipAddress", kind: "text", ...CONTACT, submission: ["userIp"] },
  created_at: { client: "createdAt", kind: "text", ...INTERNAL },
  updated_at: { client: "updatedAt", kind: "text", ...INTERNAL },
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
