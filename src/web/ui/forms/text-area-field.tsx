import type { TextareaHTMLAttributes } from "react";
import type { FieldValues } from "react-hook-form";
import { useBoundField, type FieldBinding } from "./bound-field.ts";
import { FormField } from "./form-field.tsx";
import type { FieldLabelling } from "./text-field.tsx";

/** A labelled multi-line text field tied to its form (label, hint, error and aria wiring from FormField). */
export function TextAreaField<V extends FieldValues, Out>(
  props: FieldBinding<V, Out> & FieldLabelling & Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "name" | "value">,
) {
  const { control, name, label, hint, error, className, ...attributes } = props;
  const bound = useBoundField({ control, name });
  return (
    <FormField label={label} hint={hint} error={bound.error ?? error} className={className}>
      {(controlProps) => (
        <textarea
          {...attributes}
          {...controlProps}
          ref={bound.ref}
          name={bound.name}
          value={bound.value}
          onBlur={bound.onBlur}
          onChange={(event) => bound.setValue(event.target.value)}
        />
      )}
    </FormField>
  );
}
