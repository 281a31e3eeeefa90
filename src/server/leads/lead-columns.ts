import type { leads } from "../db/schema.ts";

type LeadColumn = keyof typeof leads.$inferInsert;

// Where each server field name (spec section 3) is stored. Plain fields map to one column; sensitive
// ones (decisions.md section 3) are encrypted into an *_encrypted column, and some keep the last four
// digits beside it so an answer can show a masked value without decrypting.
export const PLAIN_COLUMNS = {
  loan_amount: "loanAmount",
  loan_reason: "loanReason",
  email: "email",
  first_name: "firstName",
  middle_name: "middleName",
  last_name: "lastName",
  home_phone: "homePhone",
  cell_phone: "cellPhone",
  contact_time: "contactTime",
  zip: "zip",
  city: "city",
  state: "state",
  address: "address",
  latitude: "latitude",
  longitude: "longitude",
  time_at_residence: "timeAtResidence",
  own_home: "ownHome",
  income_type: "incomeType",
  active_military: "activeMilitary",
  work_time_at_employer: "workTimeAtEmployer",
  debt_amount: "debtAmount",
  income_payment_frequency: "incomePaymentFrequency",
  income_net_monthly: "incomeNetMonthly",
  income_next_date_1: "incomeNextDate1",
  income_next_date_2: "incomeNextDate2",
  work_company_name: "workCompanyName",
  job_title: "jobTitle",
  work_phone: "workPhone",
  bank_direct_deposit: "bankDirectDeposit",
  bank_name: "bankName",
  bank_account_type: "bankAccountType",
  bank_account_length_month: "bankAccountLengthMonth",
  drivers_license_state: "driversLicenseState",
  own_car: "ownCar",
  credit_score: "creditScore",
  user_agent: "userAgent",
  utm_source: "utmSource",
  tracking_id: "trackingId",
  test_mode: "testMode",
} as const satisfies Record<string, LeadColumn>;

export const SENSITIVE_COLUMNS = {
  ssn: { encrypted: "ssnEncrypted", last4: "ssnLast4" },
  bank_account_number: { encrypted: "bankAccountNumberEncrypted", last4: "bankAccountNumberLast4" },
  bank_aba: { encrypted: "bankAbaEncrypted", last4: undefined },
  drivers_license_number: { encrypted: "driversLicenseNumberEncrypted", last4: undefined },
  dob: { encrypted: "dobEncrypted", last4: undefined },
} as const satisfies Record<string, { encrypted: LeadColumn; last4: LeadColumn | undefined }>;

export type PlainField = keyof typeof PLAIN_COLUMNS;
export type SensitiveField = keyof typeof SENSITIVE_COLUMNS;
export type LeadField = PlainField | SensitiveField;
export type LeadChanges = Partial<Record<PlainField, string | number | boolean | null>> &
  Partial<Record<SensitiveField, string | null>>;

export function isSensitive(field: string): field is SensitiveField {
  return Object.hasOwn(SENSITIVE_COLUMNS, field);
}
