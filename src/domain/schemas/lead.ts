import { z } from "zod";
import { MESSAGES } from "../messages.ts";
import { loanAmount, loanReason } from "./quick-start.ts";
import {
  bankAccountNumber,
  bankAccountType,
  bankName,
  birthDate,
  email,
  employerName,
  firstName,
  checkedRoutingNumber,
  fieldsValid,
  isoDate,
  nextPayDate,
  issuingState,
  jobTitle,
  lastName,
  licenseId,
  MAX_LENGTH,
  phone,
  resolvedCity,
  resolvedState,
  ssn,
  streetAddress,
  workPhone,
  zipCode,
} from "./field-rules.ts";
import { isSecondPayDateOf } from "../pay-dates.ts";
import { stepBodySchemas, type StepBodyOptions } from "./step-bodies.ts";

// Lead create and update bodies (decisions.md section 2), in server field names (spec section 3).
// Every field reuses the rule of the screen, or the step body, that asks for it.
const optionalText = (max: number) => z.string().trim().max(max).optional();

export function leadFieldRules(today: Date, options: StepBodyOptions = {}) {
  const steps = stepBodySchemas(today, options);
  return {
    loan_amount: loanAmount,
    loan_reason: loanReason,
    email: email(),
    first_name: firstName,
    // Not asked by the funnel (spec section 3 lists it as a further field), so it may be empty.
    middle_name: z.string().trim().max(MAX_LENGTH.name, { message: MESSAGES.nameTooLong }),
    last_name: lastName,
    home_phone: phone(),
    cell_phone: phone(),
    contact_time: steps[4].shape.contactTime,
    zip: zipCode(),
    city: resolvedCity,
    state: resolvedState,
    address: streetAddress,
    latitude: z.number().min(-90).max(90),
    longitude: z.number().min(-180).max(180),
    time_at_residence: steps[7].shape.time_at_residence,
    own_home: steps[8].shape.ownHome,
    income_type: steps[9].shape.incomeType,
    active_military: steps[9].shape.activeMilitary,
    work_time_at_employer: steps[10].shape.workTimeAtEmployer,
    debt_amount: steps[11].shape.debt_amount,
    income_payment_frequency: steps[12].shape.incomePaymentFrequency,
    income_net_monthly: steps[13].shape.incomeNetMonthly,
    income_next_date_1: nextPayDate(today, { graceDays: options.payDateGraceDays ?? 0 }),
    income_next_date_2: isoDate,
    work_company_name: employerName,
    job_title: jobTitle,
    work_phone: workPhone(),
    bank_direct_deposit: steps[17].shape.bankDirectDeposit,
    bank_aba: checkedRoutingNumber,
    bank_name: bankName,
    bank_account_type: bankAccountType,
    bank_account_length_month: steps[20].shape.bankAccountLengthMonths,
    bank_account_number: bankAccountNumber,
    drivers_license_number: licenseId,
    drivers_license_state: issuingState,
    own_car: steps[23].shape.own_car,
    credit_score: steps[24].shape.creditScore,
    ssn,
    dob: birthDate(today),
    user_agent: z.string().max(512).optional(),
    utm_source: optionalText(100),
    tracking_id: optionalText(200),
    test_mode: z.boolean().optional(),
  } as const;
}

type Rules = ReturnType<typeof leadFieldRules>;
type Optional<T extends Record<string, z.ZodType>> = { [K in keyof T]: z.ZodOptional<T[K]> };

function optionalAll<T extends Record<string, z.ZodType>>(rules: T): Optional<T> {
  return Object.fromEntries(Object.entries(rules).map(([k, v]) => [k, v.optional()])) as Optional<T>;
}

/** Honeypot (docs/decisions): a field people never see; bots fill it. It must be absent or empty. */
export const HONEYPOT_FIELD = "website";

type PairFields = { income_next_date_1?: string; income_next_date_2?: string };

/** The pay dates travel together, as on step 14: the second one pay period after the first (spec section 4). */
function payDatesTogether({ income_next_date_1: first, income_next_date_2: second }: PairFields, ctx: z.RefinementCtx) {
  if ((first === undefined) !== (second === undefined)) {
    const missing = first === undefined ? "income_next_date_1" : "income_next_date_2";
    ctx.addIssue({ code: "custom", path: [missing], message: MESSAGES.chooseAnswer });
  } else if (first !== undefined && second !== undefined && !isSecondPayDateOf(first, second)) {
    ctx.addIssue({ code: "custom", path: ["income_next_date_2"], message: MESSAGES.payDateSecond });
  }
}

/** Create: the quick start data plus the e-mail step, or a complete contact. */
export function createLeadSchema(today: Date, options: StepBodyOptions = {}) {
  const rules = leadFieldRules(today, options);
  return z
    .object({
      ...optionalAll(rules),
      email: rules.email,
      loan_amount: rules.loan_amount,
      loan_reason: rules.loan_reason,
      zip: rules.zip,
      [HONEYPOT_FIELD]: z.string().max(200).optional(),
    })
    .superRefine(payDatesTogether, fieldsValid);
}

/** Update: any changed fields, for the lead named by lead_id. */
export function updateLeadSchema(today: Date, options: StepBodyOptions = {}) {
  return z
    .object({ lead_id: z.string().min(1).max(64), ...optionalAll(leadFieldRules(today, options)) })
    .superRefine(payDatesTogether, fieldsValid);
}

/** The e-mail-link entry (spec section 4, resume logic; decisions.md section 3). */
export const emailLinkSchema = z.object({
  email: email(),
  loan_reason: loanReason,
  resume_token: z.string().max(2048).optional(),
  user_agent: z.string().max(512).optional(),
});

export type CreateLeadBody = z.input<ReturnType<typeof createLeadSchema>>;
export type LeadFieldName = keyof Rules;
