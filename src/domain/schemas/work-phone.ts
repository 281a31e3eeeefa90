import { z } from "zod";
import { stripMask } from "../masks.ts";
import { MESSAGES } from "../messages.ts";
import type { PayDateWindowOptions } from "../pay-dates.ts";
import { employerName, fieldsValid, jobTitle, nextPayDate, workPhone } from "./field-rules.ts";

// Next pay date, employer and work phone screens, in client field names (spec sections 3 and 5).

/** The calendar allows today through 30 days ahead, weekdays only (decisions row 5). */
export function nextPayDateFormSchema(today: Date, window: PayDateWindowOptions = {}) {
  return z.object({ incomeNextDate1: nextPayDate(today, window) });
}

export const employerFormSchema = z.object({ employerName, jobTitle });

/** The visitor's own numbers, as saved on the lead (client names; masks allowed). */
export type KnownPhones = { cellPhone?: string | null; phone?: string | null };

/**
 * The work phone must differ from the cell phone, then from the home phone (spec section 5). Returns the
 * message, or undefined when it differs from both. Shared by the screen and the server's step 16 check.
 */
export function workPhoneConflict(work: string, known: KnownPhones): string | undefined {
  const digits = stripMask(work);
  if (known.cellPhone && stripMask(known.cellPhone) === digits) return MESSAGES.workPhoneSameAsCell;
  if (known.phone && stripMask(known.phone) === digits) return MESSAGES.workPhoneSameAsHome;
  return undefined;
}

/** The work phone screen for a visitor whose own numbers are `known`. */
export function workPhoneFormSchema(known: KnownPhones) {
  return z.object({ employerPhone: workPhone() }).superRefine((v, ctx) => {
    const conflict = workPhoneConflict(v.employerPhone, known);
    if (conflict) ctx.addIssue({ code: "custom", path: ["employerPhone"], message: conflict });
  }, fieldsValid);
}
