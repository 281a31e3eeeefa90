import type { FieldValues } from "react-hook-form";
import type { ClientField } from "#domain/fields/lead-fields.ts";
import type { FormValues } from "#domain/steps/step.ts";
import { MaskedField } from "#web/ui/forms/masked-field.tsx";
import type { StepForm } from "../use-step-form.ts";
import { fieldInput } from "./field-inputs.ts";
import { maskOf } from "./field-masks.ts";

// Until every screen binds MaskedField itself: one masked field of a screen's form.
export function StepMaskedField(props: { stepForm: StepForm; field: ClientField }) {
  return (
    <MaskedField<FieldValues, FormValues>
      {...fieldInput(props.field)}
      control={props.stepForm.form.control}
      name={props.field}
      mask={maskOf(props.field)}
    />
  );
}
