import type { FieldValues } from "react-hook-form";
import type { Option } from "#domain/options.ts";
import { useBoundField, type FieldBinding } from "./bound-field.ts";
import { FormField } from "./form-field.tsx";

export type SelectFieldProps<V extends FieldValues, Out> = FieldBinding<V, Out> & {
  label: string;
  options: readonly Option<string | number>[];
  hint?: string;
  /** Adds an empty first choice for "nothing chosen yet". */
  placeholder?: string;
  autoComplete?: string;
  /** An error from outside the schema, shown when the schema has none. */
  error?: string | undefined;
};

// A labelled native <select> over an option set of src/domain: native, so phones show their own picker
// and it works before JavaScript.
export function SelectField<V extends FieldValues, Out>(props: SelectFieldProps<V, Out>) {
  const bound = useBoundField({ control: props.control, name: props.name });
  return (
    <FormField label={props.label} hint={props.hint} error={bound.error ?? props.error}>
      {(controlProps) => (
        <select
          {...controlProps}
          ref={bound.ref}
          name={bound.name}
          value={bound.value}
          autoComplete={props.autoComplete}
          onBlur={bound.onBlur}
          onChange={(event) => bound.setValue(event.target.value)}
        >
          {props.placeholder !== undefined ? <option value="">{props.placeholder}</option> : null}
          {props.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
