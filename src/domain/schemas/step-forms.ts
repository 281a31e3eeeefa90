import { z } from "zod";
import type { PayDateWindowOptions } from "../pay-dates.ts";
import type { Step } from "../steps.ts";
import { bankAccountFormSchema, bankDetailsFormSchema, routingFormSchema } from "./bank-forms.ts";
import { addressFormSchema, cellPhoneFormSchema, emailFormSchema, legalNameSchema } from "./contact-forms.ts";
import { dobFormSchema } from "./dob-form.ts";
import {
  employerFormSchema,
  nextPayDateFormSchema,
  workPhoneFormSchema,
  type KnownPhones,
} from "./employment-forms.ts";
import { choice } from "./field-rules.ts";
import { licenseFormSchema, ssnFormSchema } from "./identity-forms.ts";
import { loanConfirmSchema } from "./quick-start.ts";

// The form schema of any row of the step table, so the funnel's one shell validates every screen the
// same way (architecture: steps are data).

/** What some screens need beyond their own fields. */
export type StepFormContext = {
  /** The visitor's today (localToday in calendar-date.ts), for the age and pay-date rules. */
  today: Date;
  /** Legal name: whether the loan amount select is shown. */
  amountShown?: boolean;
  /** Work phone: the visitor's own numbers, which it must differ from. */
  knownPhones?: KnownPhones;
  payDateWindow?: PayDateWindowOptions;
};

/** A single-choice screen: its one field, its options, its message (spec section 5). */
export function choiceFormSchema(step: Step) {
  const [field] = step.fields;
  if (step.fields.length !== 1 || !field || !step.optionSet || !step.choiceMessage) {
    throw new Error(`${step.slug} is not a single-choice screen`);
  }
  return z.object({ [field]: choice(step.optionSet, step.choiceMessage) });
}

export function stepFormSchema(step: Step, context: StepFormContext): z.ZodType<Record<string, unknown>> {
  switch (step.screen) {
    case "legal-name":
      return legalNameSchema({ amountShown: context.amountShown });
    case "email":
      return emailFormSchema;
    case "cell-phone":
      return cellPhoneFormSchema;
    case "choice":
      return choiceFormSchema(step);
    case "dob":
      return dobFormSchema(context.today);
    case "address":
      return addressFormSchema;
    case "pay-date":
      return nextPayDateFormSchema(context.today, context.payDateWindow);
    case "employer":
      return employerFormSchema;
    case "work-phone":
      return workPhoneFormSchema(context.knownPhones ?? {});
    case "routing":
      return routingFormSchema;
    case "bank-details":
      return bankDetailsFormSchema;
    case "bank-account":
      return bankAccountFormSchema;
    case "license":
      return licenseFormSchema;
    case "ssn":
      return ssnFormSchema;
    case "loan-confirm":
      return loanConfirmSchema;
    case "request-cash":
      return z.object({});
  }
}
