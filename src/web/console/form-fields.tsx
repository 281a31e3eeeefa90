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

type TextProps<V extends FieldValues, Out> = FieldBinding<V, Out> &
  Labelled &
  Omit<ComponentProps<typeof TextInput>, "name" | "value" | "onChange" | "onBlur" | "label" | "error" | "description">;

export function ConsoleTextField<V extends FieldValues, Out>(props: TextProps<V, Out>) {
  const { control, name, label, description, error, ...rest } = props;
  const bound = useBoundField({ control, name });
  return (
    <TextInput
      {...rest}
      ref={bound.ref}
      name={bound.name}
      label={label}
      description={description}
      error={bound.error ?? error}
      value={bound.value}
      onBlur={bound.onBlur}
      onChange={(event) => bound.setValue(event.currentTarget.value)}
    />
  );
}

export function ConsolePasswordField<V extends FieldValues, Out>(
  props: FieldBinding<V, Out> & Labelled & { autoComplete?: string },
) {
  const { control, name, label, description, error, autoComplete } = props;
  const bound = useBoundField({ control, name });
  return (
    <PasswordInput
      ref={bound.ref}
      name={bound.name}
      label={label}
      description={description}
      error={bound.error ?? error}
      autoComplete={autoComplete}
      visibilityToggleButtonProps={{ "aria-label": "Show the password" }}
      value={bound.value}
      onBlur={bound.onBlur}
      onChange={(event) => bound.setValue(event.currentTarget.value)}
    />
  );
}

export function ConsoleTextAreaField<V extends FieldValues, Out>(
  props: FieldBinding<V, Out> &
    Labelled &
    Omit<ComponentProps<typeof Textarea>, "name" | "value" | "onChange" | "onBlur" | "label" | "error" | "description">,
) {
  const { control, name, label, description, error, ...rest } = props;
  const bound = useBoundField({ control, name });
  return (
    <Textarea
      {...rest}
      ref={bound.ref}
      name={bound.name}
      label={label}
      description={description}
      error={bound.error ?? error}
      value={bound.value}
      onBlur={bound.onBlur}
      onChange={(event) => bound.setValue(event.currentTarget.value)}
    />
  );
}

/** A native select: short option sets, and phones show their own picker. */
export function ConsoleSelectField<V extends FieldValues, Out>(
  props: FieldBinding<V, Out> & Labelled & { options: readonly Option<string | number>[]; placeholder?: string },
) {
  const { control, name, label, description, error, options, placeholder } = props;
  const bound = useBoundField({ control, name });
  const data = options.map((option) => ({ value: String(option.value), label: option.label }));
  return (
    <NativeSelect
      ref={bound.ref}
      name={bound.name}
      label={label}
      description={description}
      error={bound.error ?? error}
      data={placeholder !== undefined ? [{ value: "", label: placeholder }, ...data] : data}
      value={bound.value}
      onBlur={bound.onBlur}
      onChange={(event) => bound.setValue(event.currentTarget.value)}
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
  const bound = useBoundField({ control, name });
  return (
    <NumberInput
      {...rest}
      ref={bound.ref}
      name={bound.name}
      label={label}
      description={description}
      error={bound.error ?? error}
      value={bound.value}
      onBlur={bound.onBlur}
      onChange={(value) => bound.setValue(value === "" ? "" : String(value))}
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
