import type { ChangeEvent, ReactNode } from "react";
import type { StepForm } from "../use-step-form.ts";
import { fieldInput } from "./field-inputs.ts";
import { TextInput, type InputProps } from "./text-input.tsx";

// One text field of a screen's form: its label and keyboard from FIELD_INPUTS, registered with the
// screen's form, its message underneath. `clean` rewrites what is typed (e.g. digits only) as it is typed.
export function StepTextField(props: {
  stepForm: StepForm;
  field: string;
  clean?: (typed: string) => string;
  note?: ReactNode;
  error?: string | undefined;
  readOnly?: boolean;
  /** Further input attributes (min and max of a date). */
  input?: InputProps;
}) {
  const { label, hint, ...input } = fieldInput(props.field);
  const registration = props.stepForm.form.register(props.field);
  const clean = props.clean;
  const onChange = clean
    ? (event: ChangeEvent<HTMLInputElement>) => {
        const cleaned = clean(event.target.value);
        if (cleaned !== event.target.value) event.target.value = cleaned;
        return registration.onChange(event);
      }
    : registration.onChange;
  return (
    <TextInput
      label={label}
      hint={hint}
      note={props.note}
      error={props.error ?? props.stepForm.errorOf(props.field)}
      input={{ ...input, ...props.input, ...registration, onChange, readOnly: props.readOnly }}
    />
  );
}
