import { stripMask } from "../masks.ts";
import { MESSAGES } from "../messages.ts";

/** The visitor's own numbers, as saved on the lead (client names; masks allowed). */
export type KnownPhones = { cellPhone?: string | null; phone?: string | null };

/**
 * The work phone must differ from the cell phone, then from the home phone (docs/product/validation.md). Returns the
 * message, or undefined when it differs from both. Shared by the work phone screen and the server's check
 * against the saved lead.
 */
export function workPhoneConflict(work: string, known: KnownPhones): string | undefined {
  const digits = stripMask(work);
  if (known.cellPhone && stripMask(known.cellPhone) === digits) return MESSAGES.workPhoneSameAsCell;
  if (known.phone && stripMask(known.phone) === digits) return MESSAGES.workPhoneSameAsHome;
  return undefined;
}
