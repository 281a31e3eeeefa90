import { useCallback, useEffect, useRef } from "react";
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

/**
 * The ref of a text input bound to its form (useBoundField), which also keeps the element. What a visitor typed
 * into the prerendered page before its app ran is kept as typed (useZodForm); `rewrite` (a field's normalizing or
 * mask) is applied to it once the app has taken over, as if typed now: "9a0-2 1" becomes "9021" in a zip field,
 * "2125550123" becomes "(212)-555-0123" in a phone field.
 */
export function useTypedInput(
  bound: Pick<ReturnType<typeof useBoundField>, "ref" | "setValue">,
  rewrite: ((typed: string) => string) | undefined,
) {
  const element = useRef<HTMLInputElement | null>(null);
  const { ref: fieldRef, setValue } = bound;
  const ref = useCallback(
    (input: HTMLInputElement | null) => {
      element.current = input;
      fieldRef(input);
    },
    [fieldRef],
  );
  const rewriteOnMount = useRef(rewrite);
  useEffect(() => {
    const typed = element.current?.value;
    const rewrite = rewriteOnMount.current;
    if (typed && rewrite && rewrite(typed) !== typed) setValue(rewrite(typed));
  }, [setValue]);
  return { ref, element };
}
