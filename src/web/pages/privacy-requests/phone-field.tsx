import { formatPhone } from "#domain/masks.ts";
import { FormField } from "#web/ui/form-field.tsx";

// Mobile number as docs/product/validation.md wants it: digits only, shown as (123)-123-1234 while typing, at most
// 14 characters, phone keypad on mobiles.
export function PhoneField(props: { value: string; error: string | undefined; onChange: (value: string) => void }) {
  return (
    <FormField label="Mobile Number" error={props.error}>
      {(control) => (
        <input
          {...control}
          name="phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          placeholder="(123)-123-1234"
          maxLength={14}
          value={props.value}
          onChange={(event) => props.onChange(formatPhone(event.target.value))}
        />
      )}
    </FormField>
  );
}
