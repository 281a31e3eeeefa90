import { MESSAGES } from "#domain/messages.ts";
import { workPhoneConflict } from "#domain/schemas/work-phone.ts";
import { PAY_FREQUENCY_OPTIONS, type PayFrequency } from "#domain/options.ts";
import { secondPayDate } from "#domain/pay-dates.ts";
import type { ZipDirectory } from "../lookups/zip-directory.ts";
import type { LeadChanges, LeadRow } from "./lead-store.ts";
import { isCallableUsPhone } from "./phone-acceptance.ts";

// The rules no schema can apply alone, because they need the server's zip directory or the saved lead.
// They read changes in server field names and answer { server field: message }; empty means fine.
export type FieldProblems = Record<string, string>;

/**
 * A zip must be one the directory knows (docs/product/validation.md and docs/product/errors.md), and the server, not
 * the browser, decides what goes with it: the zip's state (a different one sent with it is refused) and position, and
 * its city unless the visitor named one. A city or state sent without a zip is refused, so they never drift apart.
 * Fills `changes` in place when fine.
 */
export function settleZip(zips: ZipDirectory, changes: LeadChanges, unknownZip: string): FieldProblems {
  if (typeof changes.zip !== "string") {
    return typeof changes.city === "string" || typeof changes.state === "string" ? { zip: MESSAGES.zipRequired } : {};
  }
  const place = zips.lookup(changes.zip);
  if (!place) return { zip: unknownZip };
  if (typeof changes.state === "string" && changes.state !== place.state) return { state: MESSAGES.addressZipUnknown };
  changes.state = place.state;
  changes.latitude = place.lat;
  changes.longitude = place.long;
  if (typeof changes.city !== "string" || changes.city === "") changes.city = place.city;
  return {};
}

/** A whole-lead write may not carry the SSN: only its step (25) carries the credit-check consent. */
export function ssnOutsideItsStep(changes: LeadChanges): FieldProblems {
  return changes.ssn === undefined ? {} : { ssn: MESSAGES.ssnOnItsStep };
}

/**
 * With the pay frequency known (sent now or saved), the second pay date must be the one it gives from the
 * first (docs/product/behaviour.md), not merely one some frequency would give.
 */
function payFrequencyProblems(changes: LeadChanges, saved: LeadRow | undefined): FieldProblems {
  const first = changes.income_next_date_1;
  const second = changes.income_next_date_2;
  const frequency = changes.income_payment_frequency ?? saved?.income_payment_frequency;
  if (typeof first !== "string" || typeof second !== "string" || !isPayFrequency(frequency)) return {};
  return secondPayDate(first, frequency) === second ? {} : { income_next_date_2: MESSAGES.payDateSecond };
}

const isPayFrequency = (value: unknown): value is PayFrequency => PAY_FREQUENCY_OPTIONS.some((o) => o.value === value);

/**
 * A new pay frequency re-derives the saved second pay date from the saved first one (docs/product/behaviour.md), so
 * the saved dates never disagree with the frequency. A write carrying the dates is checked against them
 * instead (payFrequencyProblems). Fills `changes` in place.
 */
function followPayFrequency(changes: LeadChanges, saved: LeadRow | undefined): void {
  const frequency = changes.income_payment_frequency;
  const first = saved?.income_next_date_1;
  if (!isPayFrequency(frequency) || changes.income_next_date_1 !== undefined || typeof first !== "string") return;
  changes.income_next_date_2 = secondPayDate(first, frequency);
}

/** The fields whose checks need the zip directory or the saved lead: a write carrying one takes the checked path. */
export const CHECKED_FIELDS = [
  "zip",
  "city",
  "state",
  "cell_phone",
  "home_phone",
  "work_phone",
  "income_next_date_1",
  "income_next_date_2",
  "income_payment_frequency",
] as const;

/**
 * A write measured against the saved lead (none yet on creation), under its row lock: what follows from
 * the saved answers is filled into `changes`, and what clashes with them is answered.
 */
export function settleWithSavedLead(changes: LeadChanges, saved: LeadRow | undefined): FieldProblems {
  followPayFrequency(changes, saved);
  return { ...phoneConflicts(changes, saved), ...payFrequencyProblems(changes, saved) };
}

/** Cell and home numbers that pass the pattern but that no person answers (the phone step's 422). */
export function refusedPhones(changes: LeadChanges): FieldProblems {
  const refused: FieldProblems = {};
  for (const field of ["cell_phone", "home_phone"] as const) {
    const value = changes[field];
    if (typeof value === "string" && !isCallableUsPhone(value)) refused[field] = MESSAGES.phoneRefused;
  }
  return refused;
}

/**
 * The work phone may not be the cell or home phone (docs/product/validation.md), whichever of them this write changes:
 * the numbers it sends are compared with the saved ones it leaves alone.
 */
function phoneConflicts(changes: LeadChanges, saved: LeadRow | undefined): FieldProblems {
  const touched = ["work_phone", "cell_phone", "home_phone"].filter(
    (f) => typeof changes[f as keyof LeadChanges] === "string",
  );
  if (touched.length === 0) return {};
  const pick = (field: "work_phone" | "cell_phone" | "home_phone", savedValue: string | null | undefined) => {
    const value = changes[field];
    return typeof value === "string" ? value : (savedValue ?? undefined);
  };
  const work = pick("work_phone", saved?.work_phone);
  if (!work) return {};
  const conflict = workPhoneConflict(work, {
    cellPhone: pick("cell_phone", saved?.cell_phone),
    phone: pick("home_phone", saved?.home_phone),
  });
  if (!conflict) return {};
  // Name the field this write sent: the work phone when it came with it, else the phone it changed.
  const clashing = conflict === MESSAGES.workPhoneSameAsCell ? "cell_phone" : "home_phone";
  const field = touched.includes("work_phone") || !touched.includes(clashing) ? "work_phone" : clashing;
  return { [field]: conflict };
}
