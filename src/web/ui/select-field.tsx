import type { Option } from "#domain/options.ts";
import { FormField } from "./form-field.tsx";

// A labelled native <select> over an option set of src/domain: native, so phones show their own picker
// and it works before JavaScript. `placeholder` adds an empty first choice for "nothing chosen yet".
export function SelectField(props: {
  label: string;
  name: string;
  value: string;
  options: readonly Option<string | number>[];
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  placeholder?: string;
  autoComplete?: string;
}) {
  return (
    <FormField label={props.label} hint={props.hint} error={props.error}>
      {(control) => (
        <select
          {...control}
          name={props.name}
          value={props.value}
          autoComplete={props.autoComplete}
          onChange={(event) => props.onChange(event.target.value)}
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
