import { z } from "zod";
import { nationalPhoneDigits } from "../masks.ts";
import { MESSAGES } from "../messages.ts";
import { COUNTRY_OPTIONS, DO_NOT_SELL_REQUEST_OPTIONS, UNSUBSCRIBE_REASON_OPTIONS, US_STATES } from "../options.ts";
import { choice, city, email, MAX_LENGTH, requiredText, zipCode } from "./field-rules.ts";

// docs/product/validation.md, unsubscribe and do-not-sell forms. The phone is shown as (123)-123-1234 (digits only,
// max 14 characters) and sent as its ten digits; the spec asks only for its length here. A leading country
// code +1 is dropped (docs/product/settled-readings.md#24-privacy-forms).
const formPhone = z.preprocess(
  (v) => (typeof v === "string" ? nationalPhoneDigits(v) : v === null || v === undefined ? "" : v),
  z
    .string({ message: MESSAGES.phoneRequired })
    .min(1, { message: MESSAGES.phoneRequired, abort: true })
    .length(10, { message: MESSAGES.formPhoneLength }),
);

const formName = (required: string) => requiredText(required, MAX_LENGTH.name, MESSAGES.nameTooLong);

export const unsubscribeSchema = z.object({
  email: email(MESSAGES.formEmailInvalid),
  phone: formPhone,
  unsubscribe: choice(UNSUBSCRIBE_REASON_OPTIONS, MESSAGES.unsubscribeReasonRequired),
});

// The state is where the visitor lives: any state is accepted, the page names the five whose laws give
// the rights (docs/product/screens-and-routes.md).
export const doNotSellSchema = z.object({
  stateResidencyPrompt: choice(DO_NOT_SELL_REQUEST_OPTIONS, MESSAGES.requestTypeRequired),
  firstName: formName(MESSAGES.formFirstNameRequired),
  // Optional, as its placeholder always said (docs/product/settled-readings.md#24-privacy-forms).
  middleName: z.string().trim().max(MAX_LENGTH.name, { message: MESSAGES.nameTooLong }).optional(),
  lastName: formName(MESSAGES.formLastNameRequired),
  email: email(MESSAGES.formEmailInvalid),
  phone: formPhone,
  country: choice(COUNTRY_OPTIONS, MESSAGES.countryRequired),
  zipCode: zipCode(MESSAGES.formZipLength),
  state: choice(US_STATES, MESSAGES.stateTypeRequired),
  address: requiredText(MESSAGES.addressRequired, MAX_LENGTH.street).pipe(
    z.string().min(5, { message: MESSAGES.addressMin }),
  ),
  city,
});
