import type { InputHTMLAttributes } from "react";
import type { ClientField } from "#domain/fields/lead-fields.ts";

/** What a funnel field is asked with: spread into its TextField, MaskedField or ComboboxField. */
export type FieldInput = { label: string; hint?: string } & Pick<
  InputHTMLAttributes<HTMLInputElement>,
  "type" | "inputMode" | "autoComplete" | "autoCapitalize" | "spellCheck" | "maxLength" | "placeholder"
>;

// How each text field of the funnel is asked: its label and the keyboard a phone shows for it (type,
// inputMode, autoComplete), so a thumb types digits on a keypad and the browser can fill known answers.
// Numbers that are no one's business but the lender's (bank, licence, SSN) are never offered for autofill.
// Hints follow docs/product/settled-readings.md readings 6 and 7.
const FIELD_INPUTS: Partial<Record<ClientField, FieldInput>> = {
  firstName: { label: "First Name", autoComplete: "given-name", autoCapitalize: "words" },
  lastName: { label: "Last Name", autoComplete: "family-name", autoCapitalize: "words" },
  email: {
    label: "E-mail Address",
    type: "email",
    inputMode: "email",
    autoComplete: "email",
    autoCapitalize: "none",
    spellCheck: false,
  },
  phone: { label: "Cell Phone Number", type: "tel", inputMode: "tel", autoComplete: "tel-national" },
  employerPhone: { label: "Work Phone Number", type: "tel", inputMode: "tel", autoComplete: "work tel-national" },
  streetAddress: { label: "Street Address", autoComplete: "address-line1" },
  zipCode: { label: "Zip Code", inputMode: "numeric", autoComplete: "postal-code", maxLength: 5 },
  incomeNextDate1: { label: "Next Pay Date" },
  employerName: { label: "Employer Name", autoComplete: "organization" },
  jobTitle: { label: "Job Title", autoComplete: "organization-title" },
  routingNumber: { label: "Routing Number", hint: "9 digits", inputMode: "numeric", autoComplete: "off", maxLength: 9 },
  bankName: { label: "Bank Name", autoComplete: "off" },
  bankAccount: { label: "Bank Account Number", hint: "4 to 24 digits", inputMode: "numeric", autoComplete: "off" },
  licenseID: {
    label: "Driver's License / State ID Number",
    hint: "2 to 25 characters",
    autoComplete: "off",
    autoCapitalize: "characters",
    spellCheck: false,
  },
  issuingState: { label: "Issuing State", hint: "The state's name or its two letters", autoComplete: "off" },
  socialSecurityNumber: {
    label: "Social Security Number",
    hint: "xxx-xx-xxxx",
    inputMode: "numeric",
    autoComplete: "off",
    maxLength: 11,
  },
};

/** The input props of `field` (throws for a field no screen asks as text: a typo fails at once). */
export function fieldInput(field: string): FieldInput {
  const input = FIELD_INPUTS[field as ClientField];
  if (!input) throw new Error(`${field} has no text input`);
  return input;
}
