import type { Option } from "#domain/options.ts";
import type { StepForm } from "../use-step-form.ts";
import { SelectInput } from "./select-input.tsx";

// One select of a screen's form, registered with it, its message underneath. Its starting choice is also
// given to React (defaultValue), so the select shows it from the first paint on every engine.
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
  const { form } = props.stepForm;
  const defaultValue = form.formState.defaultValues?.[props.field] as string | undefined;
  return (
    <SelectInput
      className={props.className}
      label={props.label}
      select={{
        ...form.register(props.field),
        defaultValue,
        autoComplete: props.autoComplete ?? "off",
        disabled: props.disabled,
      }}
      options={props.options}
      placeholder={props.placeholder}
      error={props.stepForm.errorOf(props.field)}
    />
  );
}
