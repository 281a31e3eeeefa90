import { useLayoutEffect, useRef, type ChangeEvent } from "react";
import type { FieldValues } from "react-hook-form";
import { digitsOnly } from "#domain/masks.ts";
import { useBoundField, useTypedInput, type FieldBinding } from "./bound-field.ts";
import { FormField } from "./form-field.tsx";
import { caretAfterDigits, type DigitMask } from "./input-masks.ts";
import type { FieldLabelling, InputAttributes } from "./text-field.tsx";

export type MaskedFieldProps<V extends FieldValues, Out> = FieldBinding<V, Out> &
  InputAttributes &
  FieldLabelling & {
    /** US_PHONE_MASK, SSN_MASK or another DigitMask of input-masks.ts. */
    mask: DigitMask;
  };

// A text field with an input mask over digits (docs/product/validation.md): whatever arrives (typing, paste, autofill)
// is reduced to its digits and shown through the mask, at most as long as the mask. The caret stays after
// the same digits as the visitor typed it, and Backspace or Delete next to a mask character removes the
// digit beside it. Written here rather than with @react-input/mask (docs/decisions/0014-forms.md).
export function MaskedField<V extends FieldValues, Out>(props: MaskedFieldProps<V, Out>) {
  const { control, name, label, hint, note, error, className, mask, maxLength, type = "text", ...attributes } = props;
  const bound = useBoundField({ control, name });
  // What was typed before the app ran is shown through the mask once it has taken over.
  const { ref, element: inputRef } = useTypedInput(bound, mask.format);
  const pendingCaret = useRef<number | null>(null);

  // After the render that shows the masked value: put the caret back where the visitor was typing.
  useLayoutEffect(() => {
    const input = inputRef.current;
    const caret = pendingCaret.current;
    pendingCaret.current = null;
    if (input && caret !== null && input.ownerDocument.activeElement === input) input.setSelectionRange(caret, caret);
  });

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const raw = event.target.value;
    let digits = digitsOnly(raw);
    let before = digitsOnly(raw.slice(0, event.target.selectionStart ?? raw.length)).length;
    // Only a mask character went: remove the digit beside it instead, as the key asked.
    const inputType = (event.nativeEvent as InputEvent).inputType;
    if (digits === digitsOnly(bound.value)) {
      if (inputType === "deleteContentBackward" && before > 0) {
        digits = digits.slice(0, before - 1) + digits.slice(before);
        before -= 1;
      } else if (inputType === "deleteContentForward") {
        digits = digits.slice(0, before) + digits.slice(before + 1);
      }
    }
    const shown = mask.format(digits);
    pendingCaret.current = caretAfterDigits(shown, before);
    bound.setValue(shown);
  };

  return (
    <FormField label={label} hint={hint} note={note} error={bound.error ?? error} className={className}>
      {(controlProps) => (
        <input
          {...attributes}
          {...controlProps}
          ref={ref}
          type={type}
          maxLength={maxLength ?? mask.typedMaxLength ?? mask.maxLength}
          name={bound.name}
          value={bound.value}
          onBlur={bound.onBlur}
          onChange={onChange}
        />
      )}
    </FormField>
  );
}
