import type { Ref, SelectHTMLAttributes } from "react";
import type { Option } from "#domain/options.ts";
import { FormField } from "#web/ui/forms/form-field.tsx";

export type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> };

// A labelled native <select> over a domain option set (phones show their own picker), registered with
// react-hook-form. `placeholder` is the empty first choice for "nothing chosen yet".
export function SelectInput(props: {
  label: string;
  select: SelectProps;
  options: readonly Option<string | number>[];
  error?: string | undefined;
  placeholder?: string;
  className?: string;
}) {
  return (
    <FormField label={props.label} error={props.error} className={props.className}>
      {(control) => (
        <select {...props.select} {...control}>
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
