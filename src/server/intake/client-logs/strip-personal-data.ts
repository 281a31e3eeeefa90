import { LEAD_FIELDS, SERVER_FIELDS } from "#domain/fields/lead-fields.ts";

// What a client log may not keep (docs/product/security-and-privacy.md): any field the registry marks
// personal or sensitive, under its server, client or alias name, and anything in free text that looks
// like an e-mail address or a long run of digits (phone, SSN, account or routing number).
const PERSONAL_NAMES = new Set(
  SERVER_FIELDS.flatMap((field) => {
    const spec = LEAD_FIELDS[field] as {
      client: string;
      aliases?: readonly string[];
      personal?: boolean;
      sensitive?: unknown;
    };
    return spec.personal || spec.sensitive ? [field, spec.client, ...(spec.aliases ?? [])] : [];
  }).map((name) => name.toLowerCase()),
);
for (const extra of ["ssn", "password", "token", "cookie", "authorization"]) PERSONAL_NAMES.add(extra);

const EMAIL = /[^\s@"'<>]+@[^\s@"'<>]+\.[^\s@"'<>]+/g;
const DIGITS = /\d(?:[\s().-]*\d){6,}/g;

function scrub(text: string): string {
  return text.replace(EMAIL, "[email]").replace(DIGITS, "[number]");
}

export function stripPersonalData(value: unknown): unknown {
  if (typeof value === "string") return scrub(value);
  if (value === null || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, v]) => [
      key,
      PERSONAL_NAMES.has(key.toLowerCase()) ? "[removed]" : stripPersonalData(v),
    ]),
  );
}
