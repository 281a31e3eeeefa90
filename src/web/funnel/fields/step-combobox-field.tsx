import type { ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import type { FormValues } from "#domain/steps/step.ts";
import { ComboboxField } from "#web/ui/forms/combobox-field.tsx";
import type { StepForm } from "../use-step-form.ts";
import { fieldInput } from "./field-inputs.ts";

// Until every screen binds ComboboxField itself: one field of a screen's form that offers completions.
export function StepComboboxField<T>(props: {
  stepForm: StepForm;
  field: string;
  suggestions: readonly T[];
  textOf?: (item: T) => string;
  render?: (item: T) => ReactNode;
  onPick?: (item: T) => void;
  toValue?: (text: string) => string;
  toText?: (value: string) => string;
}) {
  const { stepForm, field, ...rest } = props;
  return (
    <ComboboxField<FieldValues, FormValues, T>
      {...fieldInput(field)}
      control={stepForm.form.control}
      name={field}
      {...rest}
    />
  );
}
