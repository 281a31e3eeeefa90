import type { InputHTMLAttributes, ReactNode } from "react";
import type { FieldValues } from "react-hook-form";
import { useBoundField, useTypedInput, type FieldBinding } from "./bound-field.ts";
import { FormField } from "./form-field.tsx";

/** What the field sets itself; every other <input> attribute passes through. */
type OwnAttributes =
  "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "id" | "children" | "aria-invalid" | "aria-describedby";
export type InputAttributes = Omit<InputHTMLAttributes<HTMLInputElement>, OwnAttributes>;

/** What every labelled field takes beside its binding. */
export type FieldLabelling = {
  label: ReactNode;
  hint?: ReactNode;
  /** Shown in the error line while there is no error (e.g. the city a zip resolves to). */
  note?: ReactNode;
  /** An error from outside the schema (a lookup's answer), shown when the schema has none. */
  error?: string | undefined;
  className?: string;
};

export type TextFieldProps<V extends FieldValues, Out> = FieldBinding<V, Out> &
  InputAttributes &
  FieldLabelling & {
    /** Rewrites what is typed before the form keeps it, e.g. digits only (docs/product/validation.md). */
    normalize?: (value: string) => string;
  };

// A labelled text input tied to its form: label, hint, error and aria wiring come from FormField.
export function TextField<V extends FieldValues, Out>(props: TextFieldProps<V, Out>) {
  const { control, name, label, hint, note, error, className, normalize, type = "text", ...attributes } = props;
  const bound = useBoundField({ control, name });
  const { ref } = useTypedInput(bound, normalize);
  return (
    <FormField label={label} hint={hint} note={note} error={bound.error ?? error} className={className}>
      {(controlProps) => (
        <input
          {...attributes}
          {...controlProps}
          ref={ref}
          type={type}
          name={bound.name}
          value={bound.value}
          onBlur={bound.onBlur}
          onChange={(event) => bound.setValue(normalize ? normalize(event.target.value) : event.target.value)}
        />
      )}
    </FormField>
  );
}
