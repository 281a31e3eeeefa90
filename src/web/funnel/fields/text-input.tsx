import type { InputHTMLAttributes, ReactNode, Ref } from "react";
import { FormField } from "#web/ui/forms/form-field.tsx";

export type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

// A labelled text input (a react-hook-form registration plus the keyboard hints of its field: type,
// inputMode, autoComplete), its message underneath and tied to it by aria-invalid/aria-describedby.
export function TextInput(props: {
  label: string;
  input: InputProps;
  error?: string | undefined;
  hint?: string;
  note?: ReactNode;
}) {
  return (
    <FormField label={props.label} hint={props.hint} error={props.error} note={props.note}>
      {(control) => <input type="text" {...props.input} {...control} />}
    </FormField>
  );
}
