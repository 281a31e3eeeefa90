import { parseIsoDate } from "./calendar-date.ts";

// docs/product/overview.md and docs/product/constants.md: applicants must be 18 or over.
export const MINIMUM_AGE = 18;

/** Whole years between a birth date and today, birthday-aware (Feb 29 birthdays turn over on Mar 1). */
export function ageOn(birth: Date, today: Date): number {
  let age = today.getUTCFullYear() - birth.getUTCFullYear();
  const beforeBirthday =
    today.getUTCMonth() < birth.getUTCMonth() ||
    (today.getUTCMonth() === birth.getUTCMonth() && today.getUTCDate() < birth.getUTCDate());
  if (beforeBirthday) age--;
  return age;
}

/**
 * The original rule (docs/product/validation.md): "current year minus birth year below 18" is under age. Kept for
 * reference and comparison only; it lets through someone who turns 18 later this year, so the schemas
 * use `isAdult` (docs/decisions/0007).
 */
export function ageByYearOnly(birthYear: number, today: Date): number {
  return today.getUTCFullYear() - birthYear;
}

/** Adult on `today` by the exact birthday; an impossible or future date is never adult. */
export function isAdult(birthIso: string, today: Date): boolean {
  const birth = parseIsoDate(birthIso);
  return birth !== undefined && birth.getTime() <= today.getTime() && ageOn(birth, today) >= MINIMUM_AGE;
}
