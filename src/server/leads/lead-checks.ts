import { MESSAGES } from "#domain/messages.ts";
import { workPhoneConflict } from "#domain/schemas/employment-forms.ts";
import type { ZipDirectory } from "../lookups/zip-directory.ts";
import type { LeadChanges } from "./lead-columns.ts";
import type { LeadRow } from "./lead-store.ts";
import { isCallableUsPhone } from "./phone-acceptance.ts";

// The rules no schema can apply alone, because they need the server's zip directory or the saved lead.
// They read changes in server field names and answer { server field: message }; empty means fine.
export type FieldProblems = Record<string, string>;

/** A zip must be a real US zip, and a state sent with it must be the zip's (spec sections 5 and 8). */
export function zipProblems(zips: ZipDirectory, changes: LeadChanges, unknownZip: string): FieldProblems {
  if (typeof changes.zip !== "string") return {};
  const place = zips.lookup(changes.zip);
  if (!place) return { zip: unknownZip };
  if (typeof changes.state === "string" && changes.state !== place.state) return { state: MESSAGES.addressZipUnknown };
  return {};
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
 * The work phone may not be the cell or home phone (spec section 5), whichever of them this write changes:
 * the numbers it sends are compared with the saved ones it leaves alone.
 */
export function phoneConflicts(changes: LeadChanges, saved: LeadRow | undefined): FieldProblems {
  const touched = ["work_phone", "cell_phone", "home_phone"].filter(
    (f) => typeof changes[f as keyof LeadChanges] === "string",
  );
  if (touched.length === 0) return {};
  const pick = (field: "work_phone" | "cell_phone" | "home_phone", savedValue: string | null | undefined) => {
    const value = changes[field];
    return typeof value === "string" ? value : (savedValue ?? undefined);
  };
  const work = pick("work_phone", saved?.workPhone);
  if (!work) return {};
  const conflict = workPhoneConflict(work, {
    cellPhone: pick("cell_phone", saved?.cellPhone),
    phone: pick("home_phone", saved?.homePhone),
  });
  if (!conflict) return {};
  // Name the field this write sent: the work phone when it came with it, else the phone it changed.
  const field = touched.includes("work_phone")
    ? "work_phone"
    : conflict === MESSAGES.workPhoneSameAsCell && touched.includes("cell_phone")
      ? "cell_phone"
      : (touched.find((f) => f !== "work_phone") ?? "work_phone");
  return { [field]: conflict };
}
