import type { ClientField } from "#domain/fields/lead-fields.ts";
import { SSN_MASK, US_PHONE_MASK_WITH_COUNTRY_CODE, type DigitMask } from "#web/ui/forms/input-masks.ts";

// The masks of docs/product/validation.md: phones (999)-999-9999, the SSN xxx-xx-xxxx. A masked field is a
// MaskedField (docs/decisions/0014-forms.md); the form keeps what the visitor sees, and the row's schema strips the
// mask before anything is sent. A phone pasted or typed with its country code +1 loses it (no US area code starts
// with 1).
const MASKS: Partial<Record<ClientField, DigitMask>> = {
  phone: US_PHONE_MASK_WITH_COUNTRY_CODE,
  employerPhone: US_PHONE_MASK_WITH_COUNTRY_CODE,
  socialSecurityNumber: SSN_MASK,
};

/** The mask of `field` (throws for a field no screen asks masked: a typo fails at once). */
export function maskOf(field: string): DigitMask {
  const mask = MASKS[field as ClientField];
  if (!mask) throw new Error(`${field} has no mask`);
  return mask;
}

/** A screen's starting values with each masked one shown through its mask (a saved phone is digits only). */
export function shownThroughMasks(values: Record<string, string>): Record<string, string> {
  return Object.fromEntries(
    Object.entries(values).map(([field, value]) => [field, MASKS[field as ClientField]?.format(value) ?? value]),
  );
}
