import { LEAD_FIELDS, type SensitiveField, type ServerField } from "#domain/fields/lead-fields.ts";
import type { leads } from "../../platform/db/schema.ts";

// Where each field of the registry (src/domain/fields/lead-fields.ts) is stored, by convention: a plain
// field in the column of its own name; a sensitive one encrypted in `<name>_encrypted`, with
// `<name>_last4` beside it when its mask shows the last four characters.
type LeadColumn = keyof typeof leads.$inferInsert;
type PlainField = Exclude<ServerField, SensitiveField>;
export type EncryptedColumn = `${SensitiveField}_encrypted`;

// Fails to compile when a registry field has no column (db/schema.ts) to go with it.
type Holds<T extends true> = T;
type _ColumnsAgree = Holds<[PlainField | EncryptedColumn] extends [LeadColumn] ? true : false>;

export function encryptedColumn(field: SensitiveField): EncryptedColumn {
  return `${field}_encrypted`;
}

/** The column holding a sensitive field's last four characters, when its mask shows them. */
export function last4Column(field: SensitiveField): `${SensitiveField}_last4` | undefined {
  const sensitive = (LEAD_FIELDS[field] as { sensitive: { keepLast4?: boolean } }).sensitive;
  return sensitive.keepLast4 ? (`${field}_last4` as `${SensitiveField}_last4`) : undefined;
}
