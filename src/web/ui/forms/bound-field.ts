import { useController, type Control, type FieldPathByValue, type FieldValues } from "react-hook-form";

/** How a field component is tied to its form: `control={form.control} name="email"`. */
export type FieldBinding<V extends FieldValues, Out> = {
  /** The form's control (`form.control` of useZodForm). */
  control: Control<V, unknown, Out>;
  /** The field's name in the form values and the schema; also the control's `name` attribute. */
  name: FieldPathByValue<V, string>;
};

// One field's value, handlers and error, re-rendering only that field as it changes. The ref lets
// react-hook-form's setFocus(name) reach the control.
export function useBoundField<V extends FieldValues, Out>({ control, name }: FieldBinding<V, Out>) {
  const { field, fieldState } = useController({ control, name });
  const value: string = field.value;
  return {
    name: field.name,
    value,
    ref: field.ref,
    onBlur: field.onBlur,
    /** Keeps a new value (stable across renders, like react-hook-form's onChange). */
    setValue: field.onChange as (next: string) => void,
    error: fieldState.error?.message,
  };
}
