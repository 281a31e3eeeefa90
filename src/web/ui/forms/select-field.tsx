import type { SelectHTMLAttributes } from "react";
import type { FieldValues } from "react-hook-form";
import type { Option } from "#domain/options.ts";
import { useBoundField, type FieldBinding } from "./bound-field.ts";
import { FormField } from "./form-field.tsx";
import type { FieldLabelling } from "./text-field.tsx";

/** What the field sets itself; every other <select> attribute (autoComplete, disabled) passes through. */
type OwnAttributes =
  "name" | "value" | "defaultValue" | "onChange" | "onBlur" | "id" | "children" | "aria-invalid" | "aria-describedby";

export type SelectFieldProps<V extends FieldValues, Out> = FieldBinding<V, Out> &
  Omit<SelectHTMLAttributes<HTMLSelectElement>, OwnAttributes | "className"> &
  Omit<FieldLabelling, "note"> & {
    options: readonly Option<string | number>[];
    /** Adds an empty first choice for "nothing chosen yet". */
    placeholder?: string;
  };

// A labelled native <select> over an option set of src/domain: native, so phones show their own picker
// and it works before JavaScript.
export function SelectField<V extends FieldValues, Out>(props: SelectFieldProps<V, Out>) {
  const { control, name, label, hint, error, className, options, placeholder, ...attributes } = props;
  const bound = useBoundField({ control, name });
  return (
    <FormField label={label} hint={hint} error={bound.error ?? error} className={className}>
      {(controlProps) => (
        <select
          {...attributes}
          {...controlProps}
          ref={bound.ref}
          name={bound.name}
          value={bound.value}
          onBlur={bound.onBlur}
          onChange={(event) => bound.setValue(event.target.value)}
        >
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </FormField>
  );
}
