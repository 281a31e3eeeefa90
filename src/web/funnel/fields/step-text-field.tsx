import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import type { FormValues } from "#domain/steps/step.ts";
import { TextField } from "#web/ui/forms/text-field.tsx";
import type { StepForm } from "../use-step-form.ts";
import { fieldInput } from "./field-inputs.ts";

// Until every screen binds TextField itself: one text field of a screen's form, labelled by FIELD_INPUTS.
export function StepTextField(props: {
  stepForm: StepForm;
  field: string;
  clean?: (typed: string) => string;
  note?: ReactNode;
  error?: string | undefined;
}) {
  return (
    <TextField<FieldValues, FormValues>
      {...fieldInput(props.field)}
      control={props.stepForm.form.control}
      name={props.field}
      normalize={props.clean}
      note={props.note}
      error={props.error}
    />
  );
}
