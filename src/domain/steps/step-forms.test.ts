import { describe, expect, it } from "vitest";
import { MESSAGES } from "../messages.ts";
import { fieldErrors } from "../schemas/field-errors.testing.ts";
import type { Step, StepFormContext, StepScreen } from "./step.ts";
import { CONSENT_BY_STEP, formToStepBody, stepBodySchemas } from "./step-bodies.ts";
import { stepFormSchema } from "./step-forms.ts";
import { choiceOptions, STEPS, stepByPath, stepBySlug } from "./step-table.ts";

const today = new Date("2026-11-23T00:00:00Z"); // a Monday
const context: StepFormContext = { today, knownPhones: { cellPhone: "2125551234", phone: "2125551234" } };
const bodies = stepBodySchemas({ today });
/** A screen's values as its form parses them (what the funnel turns into a body). */
const parsed = (step: Step, typed: Record<string, unknown>) => stepFormSchema(step, context).parse(typed);

// What a visitor types on each kind of screen (choice screens take their default or first option).
const TYPED: Record<Exclude<StepScreen, "choice">, Record<string, unknown>> = {
  "legal-name": { firstName: " Ana ", lastName: "Lee" },
  email: { email: "ana@example.com" },
  "cell-phone": { phone: "(212)-555-1234" },
  dob: { month: "05", day: "17", year: "1990" },
  address: { streetAddress: "350 5th Ave", zipCode: "10001", city: "New York", state: "NY" },
  "pay-date": { incomeNextDate1: "2026-11-27" },
  employer: { employerName: "Acme", jobTitle: "Clerk" },
  "work-phone": { employerPhone: "(646)-555-9876" },
  routing: { routingNumber: "021000021", bankName: "JPMorgan Chase" },
  "bank-details": {
    routingNumber: "021000021",
    bankName: "Chase",
    bankAccount: "000123456789",
    bankAccountType: "SAVING",
  },
  "bank-account": { bankAccount: "000123456789" },
  license: { licenseID: "D1234567", issuingState: "NY" },
  ssn: { socialSecurityNumber: "123-45-6789" },
  "loan-confirm": { amount: "500", loanReason: "TAXES" },
  "request-cash": {},
};

function typed(step: Step): Record<string, unknown> {
  if (step.screen !== "choice") return TYPED[step.screen];
  return { [step.fields[0]!]: step.defaultValue ?? choiceOptions(step)[0]!.value };
}

describe("screen forms of the step table", () => {
  it.each(STEPS.map((s) => [s.path, s] as const))(
    "%s: a good answer parses, becomes its step body and passes the server's check",
    (_, step) => {
      const values = stepFormSchema(step, context).parse(typed(step));
      const body = formToStepBody(step, values, { saved: { incomePaymentFrequency: "BIWEEKLY" } });
      if (step.stepNumber === null) {
        expect(body).toBeUndefined();
        return;
      }
      const { step: number, ...fields } = body!;
      expect(number).toBe(step.stepNumber);
      expect(Object.keys(fields).sort()).toEqual(Object.keys(step.body ?? {}).sort());
      expect(bodies[number]!.safeParse(fields).error?.issues).toBeUndefined();
    },
  );

  it("saves the cell phone as cell and home phone, with contact time ANYTIME (docs/product/settled-readings.md#2-best-time-to-contact)", () => {
    const step = stepBySlug("cellphone")!;
    const values = stepFormSchema(step, context).parse({ phone: "(212)-555-1234" });
    expect(formToStepBody(step, values)).toEqual({
      step: 2,
      cellPhone: "2125551234",
      homePhone: "2125551234",
      contactTime: "ANYTIME",
    });
  });

  it("sends MILITARY as SELF_EMPLOYMENT with activeMilitary YES (docs/product/behaviour.md)", () => {
    const step = stepBySlug("incomesource")!;
    expect(formToStepBody(step, parsed(step, { incomeSource: "MILITARY" }))).toEqual({
      step: 9,
      incomeType: "SELF_EMPLOYMENT",
      activeMilitary: "YES",
    });
    expect(formToStepBody(step, parsed(step, { incomeSource: "BENEFITS" }))).toEqual({
      step: 9,
      incomeType: "BENEFITS",
      activeMilitary: "NO",
    });
  });

  it("sends durations and income as numbers", () => {
    const body = (step: Step, typed: Record<string, unknown>) => formToStepBody(step, parsed(step, typed));
    expect(body(stepBySlug("hometime")!, { currentResidenceDuration: "36" })).toEqual({
      step: 7,
      time_at_residence: 36,
      addressLengthMonths: 36,
    });
    expect(body(stepByPath("/apply/home_time")!, { currentResidenceDuration: "102" })).toEqual({
      step: 7,
      time_at_residence: 102,
      addressLengthMonths: 102,
    });
    expect(body(stepBySlug("grossincome")!, { monthlyIncome: "4500" })).toEqual({
      step: 13,
      incomeNetMonthly: 4500,
    });
    expect(body(stepBySlug("banktime")!, { currentBankDuration: "30" })).toEqual({
      step: 20,
      bankAccountLengthMonths: 30,
    });
  });

  it("computes the second pay date from the saved pay frequency (docs/product/behaviour.md)", () => {
    const step = stepBySlug("nextpaydate")!;
    const saved = { incomePaymentFrequency: "MONTHLY", firstName: "Ana" };
    expect(formToStepBody(step, { incomeNextDate1: "2026-11-27" }, { saved })).toEqual({
      step: 14,
      incomeNextDate1: "2026-11-27",
      incomeNextDate2: "2026-12-28", // Dec 27 is a Sunday
    });
    expect(() => formToStepBody(step, { incomeNextDate1: "2026-11-27" })).toThrow(RangeError);
    expect(() =>
      formToStepBody(step, { incomeNextDate1: "2026-11-27" }, { saved: { incomePaymentFrequency: "DAILY" } }),
    ).toThrow(RangeError);
  });

  it("sends only the routing fields from the main routing screen", () => {
    expect(formToStepBody(stepBySlug("aba")!, { routingNumber: "021000021", bankName: "Chase" })).toEqual({
      step: 18,
      bankAba: "021000021",
      bankName: "Chase",
    });
  });

  it("asks for the loan amount on the legal-name screen only when shown", () => {
    const step = stepBySlug("lgname")!;
    expect(fieldErrors(stepFormSchema(step, context), TYPED["legal-name"])).toEqual({});
    expect(fieldErrors(stepFormSchema(step, { ...context, amountShown: true }), TYPED["legal-name"])).toEqual({
      amount: [MESSAGES.loanAmountRequired],
    });
  });

  it("checks the work phone against the visitor's own numbers", () => {
    const step = stepBySlug("workphone")!;
    expect(fieldErrors(stepFormSchema(step, context), { employerPhone: "2125551234" })).toEqual({
      employerPhone: [MESSAGES.workPhoneSameAsCell],
    });
  });

  it("shows each choice screen's one message when nothing or something unknown is chosen", () => {
    for (const step of STEPS.filter((s) => s.screen === "choice")) {
      const field = step.fields[0]!;
      const [message] = fieldErrors(stepFormSchema(step, context), {})[field] ?? [];
      expect(Object.values(MESSAGES), step.slug).toContain(message);
      expect(fieldErrors(stepFormSchema(step, context), { [field]: "NOT_AN_OPTION" }), step.slug).toEqual({
        [field]: [message],
      });
    }
  });

  it("lists options only for single-choice screens", () => {
    expect(() => choiceOptions(stepBySlug("email")!)).toThrow();
  });

  it("carries consent on the phone and SSN steps only, as their screens show it", () => {
    expect(CONSENT_BY_STEP).toEqual({ 2: "phone", 25: "ssn" });
    expect(STEPS.filter((s) => s.consent).map((s) => s.slug)).toEqual(["cellphone", "ssn", "apply-ssn"]);
  });
});
