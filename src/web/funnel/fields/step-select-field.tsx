import type { FieldValues } from "react-hook-form";
import type { Option } from "#domain/options.ts";
import type { FormValues } from "#domain/steps/step.ts";
import { SelectField } from "#web/ui/forms/select-field.tsx";
import type { StepForm } from "../use-step-form.ts";

// Until every screen binds SelectField itself: one select of a screen's form.
export function StepSelectField(props: {
  stepForm: StepForm;
  field: string;
  label: string;
  options: readonly Option<string | number>[];
  placeholder?: string;
  autoComplete?: string;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <SelectField<FieldValues, FormValues>
      control={props.stepForm.form.control}
      name={props.field}
      className={props.className}
      label={props.label}
      options={props.options}
      placeholder={props.placeholder}
      autoComplete={props.autoComplete ?? "off"}
      disabled={props.disabled}
    />
  );
}
