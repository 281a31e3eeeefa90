import { z } from "zod";
import { MESSAGES } from "../messages.ts";
import {
  email,
  firstName,
  lastName,
  phone,
  resolvedCity,
  resolvedState,
  streetAddress,
  zipCode,
} from "./field-rules.ts";
import { loanAmount } from "./quick-start.ts";

// The funnel's first screens, in client field names (spec sections 3 and 5).

/**
 * Legal name. The loan amount select appears only when the loan reason came from the page address
 * (spec section 2), and then it is required (spec section 5).
 */
export function legalNameSchema(options: { amountShown?: boolean } = {}) {
  const names = z.object({ firstName, lastName });
  return options.amountShown ? names.extend({ amount: loanAmount }) : names;
}

export const emailFormSchema = z.object({ email: email() });

/** The cell phone screen; its number is saved as both cell and home phone (spec section 7, step 2). */
export const cellPhoneFormSchema = z.object({ phone: phone() });

/**
 * Address of residence. City and state come from the zip lookup, so an empty one means the zip could
 * not be resolved: "Invalid zip code!" (spec section 5).
 */
export const addressFormSchema = z.object({
  streetAddress,
  zipCode: zipCode(MESSAGES.addressZipUnknown),
  city: resolvedCity,
  state: resolvedState,
});
