import { z } from "zod";
import { isAdult } from "../age.ts";
import { parseIsoDate } from "../calendar-date.ts";
import { digitsOnly, stripMask } from "../masks.ts";
import { MESSAGES } from "../messages.ts";
import { oldestBirthYear, US_STATES, type Option } from "../options.ts";
import { isAllowedNextPayDate, type PayDateWindowOptions } from "../pay-dates.ts";
import { isValidAbaChecksum } from "../routing-number.ts";
import { isIssuableSsn } from "../ssn.ts";

// One rule per kind of field, with the messages of docs/product/validation.md. Screen schemas (client names) and
// step-update bodies (wire names) are both built from these, so a rule lives in exactly one place.
// Each field reports one message: the "required" check and the format checks stop the rest (`abort`).

// Free-text caps the spec leaves open (docs/decisions/0007); oversized input gets a message, not a cut.
export const MAX_LENGTH = { name: 50, city: 50, text: 100, street: 100, email: 254 } as const;

/**
 * For object-level checks (refine/superRefine on an object): run only once every field passed its own.
 * zod runs them otherwise too, and a field would show a second message about a value already refused.
 */
export const fieldsValid = { when: (payload: { issues: readonly unknown[] }) => payload.issues.length === 0 };

/** Strings trimmed; null and undefined become "" so they meet the "required" message. */
const trimmed = (v: unknown) => (typeof v === "string" ? v.trim() : v === null || v === undefined ? "" : v);
// A number sent for a digits field (a phone, an SSN as 123456789) is read as its digits, not as missing.
const orEmpty = (strip: (s: string) => string) => (v: unknown) =>
  typeof v === "string"
    ? strip(v)
    : typeof v === "number" && Number.isSafeInteger(v) && v >= 0
      ? strip(String(v))
      : v === null || v === undefined
        ? ""
        : v;

/** Text input: trimmed, required with `required`, at most `max` characters. Non-strings count as missing. */
export function requiredText(required: string, max: number, tooLong: string = MESSAGES.textTooLong) {
  return z.preprocess(
    trimmed,
    z.string({ message: required }).min(1, { message: required, abort: true }).max(max, { message: tooLong }),
  );
}

/** "Today" for a date rule: a date, or a clock read each time a value is checked (a long-lived schema). */
export type Today = Date | (() => Date);
export const dayOf = (today: Today): Date => (typeof today === "function" ? today() : today);

/** A single choice from an option set; missing or unknown values get `message`. Numbers match "12". */
export function choice<const T extends readonly Option<string | number>[]>(options: T, message: string) {
  const values = options.map((o) => String(o.value));
  return z.preprocess(
    (v) => (typeof v === "number" ? String(v) : v),
    z.string({ message }).refine((v) => values.includes(v), { message }),
  ) as unknown as z.ZodType<`${T[number]["value"]}`>;
}

/** A duration or amount choice, kept as its number (docs/decisions/0007: durations travel as months). */
export function numberChoice(options: readonly Option<string | number>[], message: string) {
  return choice(options, message).transform(Number);
}

// US phone (docs/product/validation.md): ten digits once the mask is stripped, area code not starting with 0 or 1.
const US_PHONE = /^[2-9]\d{9}$/;

export function phone() {
  return z.preprocess(
    orEmpty(stripMask),
    z
      .string({ message: MESSAGES.phoneRequired })
      .min(1, { message: MESSAGES.phoneRequired, abort: true })
      .regex(US_PHONE, { message: MESSAGES.phoneInvalid }),
  );
}

/** The work phone adds the spec's "exactly 10 digits" message before the pattern (docs/product/validation.md). */
export function workPhone() {
  return z.preprocess(
    orEmpty(stripMask),
    z
      .string({ message: MESSAGES.phoneRequired })
      .min(1, { message: MESSAGES.phoneRequired, abort: true })
      .regex(/^\d{10}$/, { message: MESSAGES.workPhoneDigits, abort: true })
      .regex(US_PHONE, { message: MESSAGES.phoneInvalid }),
  );
}

export const email = (invalid: string = MESSAGES.emailInvalid) =>
  z.preprocess(
    trimmed,
    z
      .string({ message: MESSAGES.emailRequired })
      .min(1, { message: MESSAGES.emailRequired, abort: true })
      .max(MAX_LENGTH.email, { message: MESSAGES.emailTooLong, abort: true })
      // The "standard pattern": one @, a dot in the domain, no spaces.
      .regex(/^[^\s@]+@[^\s@]+\.[^\s@]{2,}$/, { message: invalid }),
  );

// Digits only, other characters stripped as typed (docs/product/validation.md), exactly 5.
export const zipCode = (lengthMessage: string = MESSAGES.zipLength) =>
  z.preprocess(
    (v) => (typeof v === "number" ? String(v) : orEmpty(digitsOnly)(v)),
    z
      .string({ message: MESSAGES.zipRequired })
      .min(1, { message: MESSAGES.zipRequired, abort: true })
      .length(5, { message: lengthMessage }),
  );

// docs/product/validation.md allows letters, digits, whitespace and - / ' ( ) &; "." "," and "#" are allowed too, as
// in "Apt. #4, Suite 2" (docs/decisions/0007).
export const streetAddress = requiredText(MESSAGES.streetRequired, MAX_LENGTH.street, MESSAGES.streetTooLong).pipe(
  // docs/product/validation.md: letters (any alphabet's, so "José Martí" and "Straße" pass), digits, whitespace and - /
  // ' ( ) &.
  z.string().regex(/^[\p{L}\p{M}0-9\s\-/'()&.,#]+$/u, { message: MESSAGES.streetCharacters }),
);

// A person's name (docs/decisions/0030-funnel-words.md): letters of any alphabet with their accents ("José",
// "Nguyễn", "Zoë"), spaces, hyphens, apostrophes (the typewriter's and the one phones type, ’) and periods,
// with at least one letter. No digits, no emoji, no other signs: a lender matches the name against records.
const PERSON_NAME = /^(?=.*\p{L})[\p{L}\p{M} '’.-]+$/u;
const personName = (required: string) =>
  requiredText(required, MAX_LENGTH.name, MESSAGES.nameTooLong).pipe(
    z.string().regex(PERSON_NAME, { message: MESSAGES.nameCharacters }),
  );

export const firstName = personName(MESSAGES.firstNameRequired);
export const lastName = personName(MESSAGES.lastNameRequired);
export const employerName = requiredText(MESSAGES.employerRequired, MAX_LENGTH.text);
export const jobTitle = requiredText(MESSAGES.jobTitleRequired, MAX_LENGTH.text);
export const bankName = requiredText(MESSAGES.bankNameRequired, MAX_LENGTH.text);

/** A city the visitor types (do-not-sell form). */
export const city = requiredText(MESSAGES.cityRequired, MAX_LENGTH.city, MESSAGES.cityTooLong);

/** City and state of the address step come from the zip lookup; empty means it failed (docs/product/validation.md). */
export const resolvedCity = requiredText(MESSAGES.addressZipUnknown, MAX_LENGTH.city, MESSAGES.cityTooLong);
export const resolvedState = choice(US_STATES, MESSAGES.addressZipUnknown);

// Masked xxx-xx-xxxx; dashes removed before sending (docs/product/validation.md); unissuable numbers refused.
export const ssn = z.preprocess(
  orEmpty(stripMask),
  z
    .string({ message: MESSAGES.ssnRequired })
    .min(1, { message: MESSAGES.ssnRequired, abort: true })
    .refine(isIssuableSsn, { message: MESSAGES.ssnFormat }),
);

/** Nine digits, without the checksum: the routing lookup answers a bad checksum itself (docs/product/errors.md). */
export const routingNumber = z.preprocess(
  trimmed,
  z
    .string({ message: MESSAGES.routingRequired })
    .min(1, { message: MESSAGES.routingRequired, abort: true })
    .regex(/^\d{9}$/, { message: MESSAGES.routingDigits, abort: true }),
);

/** Nine digits that pass the ABA checksum: what a step body or form may carry. */
export const checkedRoutingNumber = routingNumber.refine(isValidAbaChecksum, { message: MESSAGES.routingInvalid });

// Digits only, 4 to 24 (docs/product/settled-readings.md#7-bank-account-number-length). Spaces people type between
// groups are dropped.
export const bankAccountNumber = z.preprocess(
  orEmpty((s) => s.replace(/\s/g, "")),
  z
    .string({ message: MESSAGES.bankAccountRequired })
    .min(1, { message: MESSAGES.bankAccountRequired, abort: true })
    .regex(/^\d*$/, { message: MESSAGES.bankAccountDigits, abort: true })
    .min(4, { message: MESSAGES.bankAccountMin })
    .max(24, { message: MESSAGES.bankAccountMax }),
);

// 2 to 25 characters (docs/product/settled-readings.md#6-drivers-license-length).
export const licenseId = z.preprocess(
  trimmed,
  z
    .string({ message: MESSAGES.licenseRequired })
    .min(1, { message: MESSAGES.licenseRequired, abort: true })
    .min(2, { message: MESSAGES.licenseMin, abort: true })
    .max(25, { message: MESSAGES.licenseMax, abort: true })
    .regex(/^[A-Za-z0-9 -]+$/, { message: MESSAGES.licenseCharacters }),
);

/** A birth date "YYYY-MM-DD" of someone 18 or over on `today` (birthday-aware, see age.ts). */
export const birthDate = (today: Today) =>
  z
    .string({ message: MESSAGES.dateInvalid })
    .refine((v) => parseIsoDate(v) !== undefined, { message: MESSAGES.dateInvalid, abort: true })
    // The year select offers the last 100 years (docs/product/lead-fields.md); later years fail the age rule instead.
    .refine((v) => Number(v.slice(0, 4)) >= oldestBirthYear(dayOf(today)), {
      message: MESSAGES.dateInvalid,
      abort: true,
    })
    .refine((v) => isAdult(v, dayOf(today)), { message: MESSAGES.underage });

/** A next pay date "YYYY-MM-DD" inside the window (docs/product/settled-readings.md#5-next-pay-date-window). */
export const nextPayDate = (today: Today, window: PayDateWindowOptions = {}) =>
  z.preprocess(
    trimmed,
    z
      .string({ message: MESSAGES.chooseAnswer })
      .min(1, { message: MESSAGES.chooseAnswer, abort: true })
      .refine((v) => isAllowedNextPayDate(v, dayOf(today), window), { message: MESSAGES.payDateWindow }),
  );

/** Any valid plain date (the computed second pay date). */
export const isoDate = z.string({ message: MESSAGES.dateInvalid }).refine((v) => parseIsoDate(v) !== undefined, {
  message: MESSAGES.dateInvalid,
});
