import type { FieldValues } from "react-hook-form";
import type { ClientField } from "#domain/fields/lead-fields.ts";
import type { FormValues } from "#domain/steps/step.ts";
import { SSN_MASK, US_PHONE_MASK_WITH_COUNTRY_CODE, type DigitMask } from "#web/ui/forms/input-masks.ts";
import { MaskedField } from "#web/ui/forms/masked-field.tsx";
import type { StepForm } from "../use-step-form.ts";
import { fieldInput } from "./field-inputs.ts";

// The masks of docs/product/validation.md: phones (999)-999-9999, the SSN xxx-xx-xxxx. The form keeps what the
// visitor sees; the row's schema strips the mask before anything is sent. A phone pasted or typed with its
// country code +1 loses it (no US area code starts with 1).
const MASKS: Partial<Record<ClientField, DigitMask>> = {
  phone: US_PHONE_MASK_WITH_COUNTRY_CODE,
  employerPhone: US_PHONE_MASK_WITH_COUNTRY_CODE,
  socialSecurityNumber: SSN_MASK,
};

/** A screen's starting values with each masked one shown through its mask (a saved phone is digits only). */
export function shownThroughMasks(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([field, value]) => [field, MASKS[field as ClientField]?.format(value) ?? value]),
  );
}

// One masked field of a screen's form (MaskedField, docs/decisions/0014-forms.md), labelled and given its
// keyboard by FIELD_INPUTS: a phone's keypad (inputMode tel) or digits (numeric) for the SSN.
export function StepMaskedField(props: { stepForm: StepForm; field: ClientField }) {
  const mask = MASKS[props.field];
  if (!mask) throw new Error(`${props.field} has no mask`);
  const { label, hint, ...input } = fieldInput(props.field);
  return (
    <MaskedField<FieldValues, FormValues>
      {...input}
      control={props.stepForm.form.control}
      name={props.field}
      mask={mask}
      label={label}
      hint={hint}
    />
  );
}
