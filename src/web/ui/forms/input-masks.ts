import { formatPhone, formatSsn, nationalPhoneDigits } from "#domain/masks.ts";

// Input masks of docs/product/validation.md over digits: how the digits typed so far are shown, built by the domain's
// own formatters (src/domain/masks.ts), and the longest shown value. Only digits can be entered. The form
// holds the shown value; the domain schemas strip the mask before anything is sent (stripMask and
// digitsOnly), so every request carries digits only.
export type DigitMask = {
  /** The shown value for any text: its digits laid into the mask, extra digits cut. */
  format: (value: string) => string;
  /** Characters of the complete value. */
  maxLength: number;
  /** Characters the input takes when more than the shown value's: room for a pasted country code. */
  typedMaxLength?: number;
};

/** US phone (999)-999-9999, shown as (123)-123-1234: 14 characters at most. */
export const US_PHONE_MASK: DigitMask = { format: formatPhone, maxLength: 14 };

/**
 * The same, for a number that may be written with its country code +1 first, which is dropped as it is pasted or
 * typed. The input takes a whole "+1 (212) 555-1234" (17 characters): cut to 14 before the mask saw it, it read
 * "(121)-255-51".
 */
export const US_PHONE_MASK_WITH_COUNTRY_CODE: DigitMask = {
  format: (value) => formatPhone(nationalPhoneDigits(value)),
  maxLength: 14,
  typedMaxLength: 17,
};

/** Social Security Number 999-99-9999. */
export const SSN_MASK: DigitMask = { format: formatSsn, maxLength: 11 };

/** The caret position in `shown` right after its `digits`-th digit (0: the start). */
export function caretAfterDigits(shown: string, digits: number): number {
  if (digits <= 0) return 0;
  let seen = 0;
  for (let i = 0; i < shown.length; i++) {
    if (/\d/.test(shown[i] ?? "") && ++seen === digits) return i + 1;
  }
  return shown.length;
}
