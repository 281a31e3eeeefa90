import { format } from "@react-input/mask";

// Input masks of spec section 5 for @react-input/mask: `_` stands for one digit, every other character
// is the mask's own and is typed for the visitor. Only digits can be entered. The shown value is what the
// form holds; the domain schemas strip the mask before anything is sent (stripMask and digitsOnly of
// src/domain/masks.ts), so every request carries digits only.
export type InputMask = { mask: string; replacement: Record<string, RegExp> };

/** US phone (999)-999-9999, shown as (123)-123-1234: 14 characters at most. */
export const US_PHONE_MASK: InputMask = { mask: "(___)-___-____", replacement: { _: /\d/ } };

/** Social Security Number 999-99-9999. */
export const SSN_MASK: InputMask = { mask: "___-__-____", replacement: { _: /\d/ } };

/** Any text laid into the mask as if it had been typed: other characters dropped, extra digits cut. */
export function applyMask(mask: InputMask, value: string): string {
  return format(value, mask);
}
