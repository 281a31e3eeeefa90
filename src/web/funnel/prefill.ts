import { CLIENT_TO_SERVER, incomeFromWire } from "#domain/fields/field-names.ts";
import { isSensitiveField, type ClientField } from "#domain/fields/lead-fields.ts";
import type { Step } from "#domain/steps/step.ts";
import type { ClientContact } from "./funnel-state.tsx";

// Earlier answers prefill the screens (docs/product/screens-and-routes.md, shared behaviour), from the saved lead in
// client names. Form values are text, as inputs and selects hold them.

/**
 * A saved answer as a form value, or undefined when there is none. Sensitive fields (SSN, bank and licence
 * numbers, birth date) are answered only as masks, which are no answer to put back in a field.
 */
export function savedValue(contact: ClientContact, field: string): string | undefined {
  const server = CLIENT_TO_SERVER[field as ClientField] as string | undefined;
  if (server && isSensitiveField(server)) return undefined;
  if (field === "incomeSource" && typeof contact.incomeSource === "string") {
    return incomeFromWire(contact.incomeSource, contact.activeMilitary as string | null | undefined);
  }
  const value = contact[field];
  if (value === null || value === undefined || value === "") return undefined;
  return String(value);
}

/** A screen's starting values: the saved answer, else the row's preselected choice, else empty. */
export function defaultValuesFor(step: Step, contact: ClientContact): Record<string, string> {
  return Object.fromEntries(
    step.fields.map((field) => [
      field,
      savedValue(contact, field) ?? (step.fields.length === 1 ? step.defaultValue : undefined) ?? "",
    ]),
  );
}
