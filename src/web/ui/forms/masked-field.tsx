import { useMask } from "@react-input/mask";
import { useCallback } from "react";
import type { FieldValues } from "react-hook-form";
import { applyMask, type InputMask } from "./input-masks.ts";
import { TextField, type TextFieldProps } from "./text-field.tsx";

export type MaskedFieldProps<V extends FieldValues, Out> = Omit<TextFieldProps<V, Out>, "normalize"> & {
  /** US_PHONE_MASK, SSN_MASK or another mask of input-masks.ts. */
  mask: InputMask;
};

// A text field with an input mask (spec section 5): @react-input/mask formats while typing and keeps the
// caret where the visitor types; at most as many characters as the mask has. A value that arrives without
// an input event (autofill that only fires `change`) is laid into the mask the same way.
export function MaskedField<V extends FieldValues, Out>({ mask, maxLength, ...props }: MaskedFieldProps<V, Out>) {
  const maskRef = useMask(mask);
  const inputRef = useCallback(
    (element: HTMLInputElement) => {
      maskRef.current = element;
      return () => {
        // @react-input/mask 2.0.4 reads the caret from a timer it runs while the field has focus and stops
        // only on blur; a field removed while focused (Enter sends the form, the next screen replaces it)
        // would keep that timer firing for the life of the page. No blur comes then, so give it one.
        element.dispatchEvent(new FocusEvent("blur"));
        maskRef.current = null as unknown as HTMLInputElement;
      };
    },
    [maskRef],
  );
  return (
    <TextField
      {...props}
      inputRef={inputRef}
      maxLength={maxLength ?? mask.mask.length}
      normalize={(value) => applyMask(mask, value)}
    />
  );
}
