import type { ClientField } from "./fields.ts";
import { MAIN_STEP_ORDER } from "./steps.ts";

// Spec section 4, resume logic: the first step whose required field is missing decides where a
// returning visitor lands. Order and mapping exactly as the spec lists them.
export const RESUME_FIELDS: readonly (readonly [ClientField, string])[] = [
  ["phone", "cellphone"],
  ["dob", "dob"],
  ["zipCode", "address"],
  ["streetAddress", "address"],
  ["currentResidenceDuration", "hometime"],
  ["residenceOwnership", "ownhome"],
  ["incomeSource", "incomesource"],
  ["currentCompanyDuration", "emptime"],
  ["unsecuredDebtAmount", "unsecureddebtamount"],
  ["incomePaymentFrequency", "payfreequency"],
  ["monthlyIncome", "grossincome"],
  ["incomeNextDate1", "nextpaydate"],
  ["employerName", "empinfor"],
  ["employerPhone", "workphone"],
  ["getDirectDeposit", "deposit"],
  ["routingNumber", "aba"],
  ["bankAccountType", "banktype"],
  ["currentBankDuration", "banktime"],
  ["bankAccount", "bankaccount"],
  ["licenseID", "driverid"],
  ["ownCar", "owncar"],
  ["creditScoreRating", "creditscore"],
];

const missing = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** The slug of the first unfinished step, or undefined when every mapped field is present. */
export function firstMissingStep(contact: Partial<Record<ClientField, unknown>>): string | undefined {
  return RESUME_FIELDS.find(([field]) => missing(contact[field]))?.[1];
}

const PAY_DATE_INDEX = MAIN_STEP_ORDER.indexOf("nextpaydate");

/**
 * Where a returning visitor goes: the first unfinished step when it comes before next pay date;
 * otherwise (next pay date or later, or nothing missing) /loanreason, which confirms amount and reason
 * and refreshes the pay dates (decisions row 12).
 */
export function resumePath(contact: Partial<Record<ClientField, unknown>>): string {
  const slug = firstMissingStep(contact);
  if (slug === undefined || MAIN_STEP_ORDER.indexOf(slug) >= PAY_DATE_INDEX) return "/loanreason";
  return `/${slug}`;
}

// The SSN step comes last and is not in the spec's resume list; a visitor who never gave it is sent
// there before /requestcash (decisions row 12: "then to the first missing step").
const AFTER_PAY_DATE_FIELDS: readonly (readonly [ClientField, string])[] = [
  ...RESUME_FIELDS.filter(([, slug]) => MAIN_STEP_ORDER.indexOf(slug) > PAY_DATE_INDEX),
  ["socialSecurityNumber", "ssn"],
];

/** After /nextpaydatesort: the first step after the pay date still missing, else /requestcash. */
export function pathAfterPayDates(contact: Partial<Record<ClientField, unknown>>): string {
  const slug = AFTER_PAY_DATE_FIELDS.find(([field]) => missing(contact[field]))?.[1];
  return slug ? `/${slug}` : "/requestcash";
}
