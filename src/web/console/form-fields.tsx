import { MultiSelect, NativeSelect, NumberInput, PasswordInput, Textarea, TextInput } from "@mantine/core";
import type { ComponentProps } from "react";
import { useController, type Control, type FieldPathByValue, type FieldValues } from "react-hook-form";
import type { Option } from "#domain/options.ts";
import { useBoundField, type FieldBinding } from "#web/ui/forms/bound-field.ts";

// The console's form controls (docs/decisions/0049-console-components.md): Mantine's inputs tied to a form of
// useZodForm, each with its label, description and the schema's message on it (Mantine wires aria-invalid and
// aria-describedby). The form keeps text, as every form of the product does; the schema turns it into numbers and
// lists on submit, so the browser and the server check one schema.

type Labelled = { label: string; description?: string; error?: string | undefined };

/** What every bound input takes from its form: the ref, name, value and blur, and the schema's message over `error`. */
function useBoundInput<V extends FieldValues, Out>({ control, name }: FieldBinding<V, Out>, error: string | undefined) {
  const bound = useBoundField({ control, name });
  const input = {
    ref: bound.ref,
    name: bound.name,
    value: bound.value,
    onBlur: bound.onBlur,
    error: bound.error ?? error,
  };
  return { input, setValue: bound.setValue };
}

type TextProps<V extends FieldValues, Out> = FieldBinding<V, Out> &
  Labelled &
  Omit<ComponentProps<typeof TextInput>, "name" | "value" | "onChange" | "onBlur" | "label" | "error" | "description">;

export function ConsoleTextField<V extends FieldValues, Out>(props: TextProps<V, Out>) {
  const { control, name, label, description, error, ...rest } = props;
  const { input, setValue } = useBoundInput({ control, name }, error);
  return (
    <TextInput
      {...rest}
      {...input}
      label={label}
      description={description}
      onChange={(event) => setValue(event.currentTarget.value)}
    />
  );
}

export function ConsolePasswordField<V extends FieldValues, Out>(
  props: FieldBinding<V, Out> & Labelled & { autoComplete?: string },
) {
  const { control, name, label, description, error, autoComplete } = props;
  const { input, setValue } = useBoundInput({ control, name }, error);
  return (
    <PasswordInput
      {...input}
      label={label}
      description={description}
      autoComplete={autoComplete}
      visibilityToggleButtonProps={{ "aria-label": "Show the password" }}
      onChange={(event) => setValue(event.currentTarget.value)}
    />
  );
}

export function ConsoleTextAreaField<V extends FieldValues, Out>(
  props: FieldBinding<V, Out> &
    Labelled &
    Omit<ComponentProps<typeof Textarea>, "name" | "value" | "onChange" | "onBlur" | "label" | "error" | "description">,
) {
  const { control, name, label, description, error, ...rest } = props;
  const { input, setValue } = useBoundInput({ control, name }, error);
  return (
    <Textarea
      {...rest}
      {...input}
      label={label}
      description={description}
      onChange={(event) => setValue(event.currentTarget.value)}
    />
  );
}

/** A native select: short option sets, and phones show their own picker. */
export function ConsoleSelectField<V extends FieldValues, Out>(
  props: FieldBinding<V, Out> & Labelled & { options: readonly Option<string | number>[]; placeholder?: string },
) {
  const { control, name, label, description, error, options, placeholder } = props;
  const { input, setValue } = useBoundInput({ control, name }, error);
  const data = options.map((option) => ({ value: String(option.value), label: option.label }));
  return (
    <NativeSelect
      {...input}
      label={label}
      description={description}
      data={placeholder !== undefined ? [{ value: "", label: placeholder }, ...data] : data}
      onChange={(event) => setValue(event.currentTarget.value)}
    />
  );
}

/** A whole number or an amount typed as text (the schema reads it), with the browser's number keyboard. */
export function ConsoleNumberField<V extends FieldValues, Out>(
  props: FieldBinding<V, Out> &
    Labelled &
    Pick<ComponentProps<typeof NumberInput>, "min" | "max" | "step" | "prefix" | "suffix" | "decimalScale" | "w">,
) {
  const { control, name, label, description, error, ...rest } = props;
  const { input, setValue } = useBoundInput({ control, name }, error);
  return (
    <NumberInput
      {...rest}
      {...input}
      label={label}
      description={description}
      onChange={(value) => setValue(value === "" ? "" : String(value))}
      allowNegative={false}
    />
  );
}

/** Several values of one option set (states, credit bands), kept in the form as a list of strings. */
export function ConsoleMultiSelectField<V extends FieldValues, Out>(props: {
  control: Control<V, unknown, Out>;
  name: FieldPathByValue<V, string[]>;
  label: string;
  description?: string;
  options: readonly Option<string | number>[];
  placeholder?: string;
}) {
  const { control, name, label, description, options, placeholder } = props;
  const { field, fieldState } = useController({ control, name });
  return (
    <MultiSelect
      ref={field.ref}
      name={field.name}
      label={label}
      description={description}
      placeholder={placeholder}
      error={fieldState.error?.message}
      data={options.map((option) => ({ value: String(option.value), label: option.label }))}
      value={field.value as string[]}
      onBlur={field.onBlur}
      onChange={field.onChange}
      searchable
      clearable
      hidePickedOptions
    />
  );
}
