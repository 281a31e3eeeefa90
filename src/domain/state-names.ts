import { LICENSE_STATE_OPTIONS } from "./options.ts";

// The licence state typed as free text (docs/product/settled-readings.md#25-licence-state): either the
// state's name or its two-letter code, in any case, names the state.

/** The state's code for a typed name or code ("new york", "NY", " ny "), else undefined. */
export function licenseStateCode(typed: string): string | undefined {
  const text = typed.trim().toLowerCase().replace(/\s+/g, " ");
  if (text === "") return undefined;
  return LICENSE_STATE_OPTIONS.find((s) => s.value.toLowerCase() === text || s.label.toLowerCase() === text)?.value;
}

/** The states a typed text may be the start of, by name or code: "new" -> New Hampshire ... New York. */
export function licenseStatesStartingWith(typed: string): string[] {
  const text = typed.trim().toLowerCase();
  if (text === "") return [];
  return LICENSE_STATE_OPTIONS.filter(
    (s) => s.label.toLowerCase().startsWith(text) || s.value.toLowerCase() === text,
  ).map((s) => s.label);
}

/** The state's name for its code, else the text as it is. */
export function licenseStateName(code: string): string {
  return LICENSE_STATE_OPTIONS.find((s) => s.value === code)?.label ?? code;
}
