import type { FieldValues } from "react-hook-form";
import type { FieldBinding } from "#web/ui/forms/bound-field.ts";
import { US_PHONE_MASK_WITH_COUNTRY_CODE } from "#web/ui/forms/input-masks.ts";
import { MaskedField } from "#web/ui/forms/masked-field.tsx";

// Mobile number as docs/product/validation.md wants it: digits only, shown as (123)-123-1234 while typing, at most
// 14 characters, phone keypad on mobiles. A leading country code +1 is accepted and dropped. The schema sends
// its ten digits.
export function PhoneField<V extends FieldValues, Out>(props: FieldBinding<V, Out>) {
  return (
    <MaskedField
      control={props.control}
      name={props.name}
      mask={US_PHONE_MASK_WITH_COUNTRY_CODE}
      label="Mobile Number"
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      placeholder="(123)-123-1234"
    />
  );
}
