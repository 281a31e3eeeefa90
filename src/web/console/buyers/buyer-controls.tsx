import { Checkbox, NativeSelect, Switch, TagsInput, TextInput } from "@mantine/core";
import type { ComponentProps } from "react";
import { useController, type FieldPathByValue } from "react-hook-form";
import type { BuyerControl, BuyerFormValues } from "./buyer-form-schema.ts";

// Controls of the buyer form that the console's shared fields (form-fields.tsx) do not have: a switch, a checkbox, a
// list of free values, and the unlabelled cells of the field mapping's table, named for a screen reader by `aria-label`
// (the column's header says what they hold to the eye). Each shows the schema's message for its value.

export function BuyerSwitch(props: {
  control: BuyerControl;
  name: FieldPathByValue<BuyerFormValues, boolean>;
  label: string;
  description?: string;
}) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  return (
    <Switch
      ref={field.ref}
      name={field.name}
      label={props.label}
      description={props.description}
      error={fieldState.error?.message}
      checked={field.value as boolean}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
    />
  );
}

/** A yes-or-no demand among others (the lead quality demands), where a row of switches would read as settings. */
export function BuyerCheckbox(props: {
  control: BuyerControl;
  name: FieldPathByValue<BuyerFormValues, boolean>;
  label: string;
  description?: string;
}) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  return (
    <Checkbox
      ref={field.ref}
      name={field.name}
      label={props.label}
      description={props.description}
      error={fieldState.error?.message}
      checked={field.value as boolean}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(event.currentTarget.checked)}
    />
  );
}

/** Free values typed one by one (the answer values that mean accepted), each kept as a tag; `data` suggests some. */
export function BuyerTagsField(props: {
  control: BuyerControl;
  name: FieldPathByValue<BuyerFormValues, string[]>;
  label: string;
  description?: string;
  data?: readonly string[] | undefined;
}) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  return (
    <TagsInput
      ref={field.ref}
      name={field.name}
      label={props.label}
      description={props.description}
      error={fieldState.error?.message}
      value={field.value as string[]}
      data={props.data ? [...props.data] : undefined}
      onBlur={field.onBlur}
      onChange={field.onChange}
      clearable
    />
  );
}

/** A text cell of a table row, with the suggestions of a `<datalist>` when `list` names one. */
export function CellText(props: {
  control: BuyerControl;
  name: FieldPathByValue<BuyerFormValues, string>;
  label: string;
  placeholder?: string;
  list?: string | undefined;
  /** The keyboard a phone shows: "decimal" for an amount. */
  inputMode?: "text" | "decimal";
}) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  return (
    <TextInput
      ref={field.ref}
      name={field.name}
      aria-label={props.label}
      placeholder={props.placeholder}
      list={props.list}
      inputMode={props.inputMode}
      size="xs"
      autoComplete="off"
      spellCheck={false}
      error={fieldState.error?.message}
      value={field.value as string}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(event.currentTarget.value)}
    />
  );
}

/** A choice cell of a table row (a native select: long lists are typed into, and phones show their picker). */
export function CellSelect(props: {
  control: BuyerControl;
  name: FieldPathByValue<BuyerFormValues, string>;
  label: string;
  data: ComponentProps<typeof NativeSelect>["data"];
}) {
  const { field, fieldState } = useController({ control: props.control, name: props.name });
  return (
    <NativeSelect
      ref={field.ref}
      name={field.name}
      aria-label={props.label}
      size="xs"
      data={props.data}
      error={fieldState.error?.message}
      value={field.value as string}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(event.currentTarget.value)}
    />
  );
}
