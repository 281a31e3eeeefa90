import { isSensitiveField, LEAD_FIELDS, SERVER_FIELDS, type ServerField } from "#domain/fields/lead-fields.ts";

// What the console shows of a person before a reveal (issue 19, Leads): enough to tell two leads apart, never
// enough to reach the person. Which fields are personal is the registry's call (its `personal` flag, from each
// field's exposure class in src/domain/fields/lead-fields.ts); nothing here lists fields.

const MASK = "•••";

/** Every field that says who the person is or how to reach them, in registry order. */
export const PERSONAL_FIELDS: readonly ServerField[] = SERVER_FIELDS.filter((field) => LEAD_FIELDS[field].personal);

export function isPersonalField(name: string): name is ServerField {
  return (PERSONAL_FIELDS as readonly string[]).includes(name);
}

/** What the step history keeps of a sensitive answer (lead-store.ts): already says nothing. */
const PROVIDED = "[provided]";

const PHONE_LIKE = /^[\d\s()+.-]+$/;

/**
 * One masked value: an e-mail keeps its first letter and its domain ("j•••@example.com"), a phone its last four
 * digits ("•••-•••-1234"), a number nothing, any other text its first character ("J•••").
 */
export function maskValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "number" || typeof value === "boolean") return MASK;
  const text = String(value).trim();
  if (text === "" || text === PROVIDED) return text;
  const at = text.lastIndexOf("@");
  if (at > 0) return `${[...text][0]}${MASK}${text.slice(at)}`;
  const digits = text.replace(/\D/g, "");
  if (PHONE_LIKE.test(text) && (digits.length === 10 || (digits.length === 11 && digits.startsWith("1")))) {
    return `${MASK}-${MASK}-${digits.slice(-4)}`;
  }
  return `${[...text][0]}${MASK}`;
}

/** A field's value as the console shows it: masked when the registry calls the field personal. */
export function shownValue(field: string, value: unknown): unknown {
  if (!isPersonalField(field)) return value;
  // A sensitive field arrives as its registry mask (lead-view.ts) or "[provided]": masked already.
  if (isSensitiveField(field)) return value;
  return maskValue(value);
}
