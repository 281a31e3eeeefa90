// A buyer's credentials (docs/product/lender-network.md#credentials): the values of its ping and post that
// authenticate us, wherever the schema lets a buyer put one: a header (`Authorization`, `X-Api-Key`) or a
// fixed `value` of a field map (`api_key`, `Auth.Password`). Both are told apart by their name, one rule for
// the two. The console never shows them: it answers MASKED_SECRET in their place, and a MASKED_SECRET sent
// back keeps the stored value.

export const MASKED_SECRET = "********";

const CREDENTIAL_NAME = /key|token|secret|passw|pwd|auth|signature|credential/i;

/** Whether a header or a field's `to` names a credential. */
export const isCredentialName = (name: string) => CREDENTIAL_NAME.test(name);

const CALLS = ["ping", "post"] as const;
type Call = (typeof CALLS)[number];

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === "object" && v !== null && !Array.isArray(v);

/** One credential's place: a header by name, or a fixed field value by its `to`; `path` is its form path. */
type SecretSlot = { call: Call; kind: "header" | "field"; name: string; path: string; value: unknown };

/** Every credential of a configuration (a parsed one, or a form's input). */
function secretSlots(config: unknown): SecretSlot[] {
  if (!isObject(config)) return [];
  const slots: SecretSlot[] = [];
  for (const call of CALLS) {
    const spec = config[call];
    if (!isObject(spec)) continue;
    if (isObject(spec.headers)) {
      for (const [name, value] of Object.entries(spec.headers)) {
        if (isCredentialName(name)) slots.push({ call, kind: "header", name, path: `${call}.headers.${name}`, value });
      }
    }
    if (Array.isArray(spec.fields)) {
      spec.fields.forEach((field: unknown, i) => {
        if (isObject(field) && typeof field.to === "string" && field.value !== undefined && isCredentialName(field.to))
          slots.push({ call, kind: "field", name: field.to, path: `${call}.fields.${i}.value`, value: field.value });
      });
    }
  }
  return slots;
}

/** A copy with `replace` applied to every credential's value. */
function mapSecrets<T>(config: T, replace: (slot: SecretSlot) => unknown): T {
  const copy = structuredClone(config) as unknown;
  if (!isObject(copy)) return copy as T;
  for (const slot of secretSlots(copy)) {
    const spec = copy[slot.call] as Json;
    if (slot.kind === "header") (spec.headers as Json)[slot.name] = replace(slot);
    else {
      const index = Number(slot.path.split(".")[2]);
      ((spec.fields as Json[])[index] as Json).value = replace(slot);
    }
  }
  return copy as T;
}

/** The configuration as the console shows it: every credential replaced by MASKED_SECRET. */
export function maskSecrets<T>(config: T): T {
  return mapSecrets(config, () => MASKED_SECRET);
}

/**
 * The configuration an operator sent back, with each MASKED_SECRET replaced by the stored value of the same
 * place (same call, same header or same field `to`); `missing` lists the form paths of masked values with no
 * stored value to keep (a new header, a renamed field), which the operator must type again.
 */
export function restoreSecrets(sent: unknown, stored: unknown): { config: unknown; missing: string[] } {
  const kept = secretSlots(stored);
  const missing: string[] = [];
  const config = mapSecrets(sent, (slot) => {
    if (slot.value !== MASKED_SECRET) return slot.value;
    const same = kept.find((k) => k.call === slot.call && k.kind === slot.kind && k.name === slot.name);
    if (!same) missing.push(slot.path);
    return same ? same.value : slot.value;
  });
  return { config, missing };
}

/** The credentials' values as text, longest first, to mask them wherever they appear (a request body). */
export function secretValues(config: unknown): string[] {
  return secretSlots(config)
    .map((slot) => String(slot.value))
    .filter((value) => value.length > 0)
    .sort((a, b) => b.length - a.length);
}
