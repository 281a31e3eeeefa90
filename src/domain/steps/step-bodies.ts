import { z } from "zod";
import { MESSAGES } from "../messages.ts";
import { RESIDENCE_DURATION_ALT_OPTIONS, RESIDENCE_DURATION_OPTIONS, YES_NO_OPTIONS, type Option } from "../options.ts";
import { isSecondPayDateOf } from "../pay-dates.ts";
import { STEPS, stepBySlug } from "../steps.ts";
import {
  bankAccountNumber,
  bankAccountType,
  bankName,
  birthDate,
  checkedRoutingNumber,
  choice,
  employerName,
  fieldsValid,
  isoDate,
  issuingState,
  jobTitle,
  licenseId,
  nextPayDate,
  phone,
  resolvedCity,
  resolvedState,
  ssn,
  streetAddress,
  workPhone,
  zipCode,
} from "./field-rules.ts";

// The bodies of the shared step update, PUT /api/personal_loan/lead/v2/:id/step (decisions.md section
// 2), by step number, in the wire names of spec section 7. The server validates with exactly these; a
// single-choice step takes its options and message from its row of the step table.

/** The option set and message of a single-choice screen, from the step table. */
function rowChoice(slug: string, options?: readonly Option<string | number>[]) {
  const row = stepBySlug(slug);
  if (!row?.optionSet || !row.choiceMessage) throw new Error(`${slug} is not a choice screen`);
  return { options: options ?? row.optionSet, message: row.choiceMessage };
}

const pick = (slug: string) => {
  const { options, message } = rowChoice(slug);
  return choice(options, message);
};

/** A duration or amount choice, sent as its number (docs/decisions/0007: durations travel as months). */
const numberPick = (slug: string, options?: readonly Option<string | number>[]) => {
  const c = rowChoice(slug, options);
  return choice(c.options, c.message).transform(Number);
};

// Either residence list: the main screen and /apply/home_time both send step 7.
const residenceMonths = () =>
  numberPick("hometime", [...RESIDENCE_DURATION_OPTIONS, ...RESIDENCE_DURATION_ALT_OPTIONS]);

export type StepBodyOptions = {
  /** Days of slack on the next-pay-date window for a server whose "today" is one US time zone. */
  payDateGraceDays?: number;
};

export function stepBodySchemas(today: Date, options: StepBodyOptions = {}) {
  const incomeSource = rowChoice("incomesource");
  return {
    2: z.object({ cellPhone: phone(), homePhone: phone(), contactTime: pick("besttimecontact") }),
    4: z.object({ contactTime: pick("besttimecontact") }),
    5: z.object({ dob: birthDate(today) }),
    6: z.object({
      zip: zipCode(MESSAGES.addressZipUnknown),
      state: resolvedState,
      city: resolvedCity,
      address: streetAddress,
    }),
    // Spec section 7 names both fields; they carry the same months.
    7: z
      .object({ time_at_residence: residenceMonths(), addressLengthMonths: residenceMonths().optional() })
      .refine((b) => b.addressLengthMonths === undefined || b.addressLengthMonths === b.time_at_residence, {
        message: MESSAGES.residenceMonthsDisagree,
        path: ["addressLengthMonths"],
        ...fieldsValid,
      }),
    8: z.object({ ownHome: pick("ownhome") }),
    // Spec section 4: MILITARY travels as SELF_EMPLOYMENT with activeMilitary YES, so MILITARY itself
    // never appears on the wire, and only SELF_EMPLOYMENT can carry YES.
    9: z
      .object({
        incomeType: choice(
          incomeSource.options.filter((o) => o.value !== "MILITARY"),
          incomeSource.message,
        ),
        activeMilitary: choice(YES_NO_OPTIONS, incomeSource.message),
      })
      .refine((b) => b.activeMilitary !== "YES" || b.incomeType === "SELF_EMPLOYMENT", {
        message: incomeSource.message,
        path: ["activeMilitary"],
        ...fieldsValid,
      }),
    10: z.object({ workTimeAtEmployer: numberPick("emptime") }),
    11: z.object({ debt_amount: pick("unsecureddebtamount") }),
    12: z.object({ incomePaymentFrequency: pick("payfreequency") }),
    13: z.object({ incomeNetMonthly: numberPick("grossincome") }),
    14: z
      .object({
        incomeNextDate1: nextPayDate(today, { graceDays: options.payDateGraceDays ?? 0 }),
        incomeNextDate2: isoDate,
      })
      .refine((b) => isSecondPayDateOf(b.incomeNextDate1, b.incomeNextDate2), {
        message: MESSAGES.payDateSecond,
        path: ["incomeNextDate2"],
        ...fieldsValid,
      }),
    15: z.object({ workCompanyName: employerName, jobTitle }),
    // Differs from the cell and home phone: the server checks that against the stored lead
    // (workPhoneConflict in employment-forms.ts).
    16: z.object({ workPhone: workPhone() }),
    17: z.object({ bankDirectDeposit: pick("deposit") }),
    // The alternate bank-details screen (/apply/bank) sends the account number and type with step 18.
    18: z.object({
      bankAba: checkedRoutingNumber,
      bankName: bankName,
      bankAccountNumber: bankAccountNumber.optional(),
      bankAccountType: bankAccountType.optional(),
    }),
    19: z.object({ bankAccountType: pick("banktype") }),
    20: z.object({ bankAccountLengthMonths: numberPick("banktime") }),
    21: z.object({ bankAccountNumber }),
    22: z.object({ driversLicenseNumber: licenseId, driversLicenseState: issuingState }),
    23: z.object({ own_car: pick("owncar") }),
    24: z.object({ creditScore: pick("creditscore") }),
    25: z.object({ ssn }),
  } as const;
}

export type StepBodySchemas = ReturnType<typeof stepBodySchemas>;
export type StepNumber = keyof StepBodySchemas;
export type StepBody<N extends StepNumber> = z.output<StepBodySchemas[N]>;

export const STEP_NUMBERS = Object.keys(stepBodySchemas(new Date(0))).map(Number) as StepNumber[];

export function isStepNumber(value: unknown): value is StepNumber {
  return typeof value === "number" && (STEP_NUMBERS as number[]).includes(value);
}

/** The body schema of one step number. */
export function stepBodySchema<N extends StepNumber>(
  step: N,
  today: Date,
  options?: StepBodyOptions,
): StepBodySchemas[N] {
  return stepBodySchemas(today, options)[step];
}

/** The whole request body { step, lead_id, ...fields }, discriminated on `step`. */
export function stepUpdateRequestSchema(today: Date, options?: StepBodyOptions) {
  const schemas = stepBodySchemas(today, options);
  const leadId = z
    .string({ message: MESSAGES.leadIdRequired })
    .min(1, { message: MESSAGES.leadIdRequired })
    .max(64, { message: MESSAGES.leadIdRequired });
  const members = STEP_NUMBERS.map((n) => schemas[n].extend({ step: z.literal(n), lead_id: leadId }));
  return z.discriminatedUnion("step", members as [(typeof members)[number], ...(typeof members)[number][]], {
    error: (issue) => (issue.code === "invalid_union" ? MESSAGES.stepUnknown : undefined),
  });
}

/** The step table's slug for a step number (the main-flow screen that sends it). */
export function slugOfStepNumber(step: StepNumber): string {
  return STEPS.find((s) => s.stepNumber === step)?.slug ?? `step-${step}`;
}
