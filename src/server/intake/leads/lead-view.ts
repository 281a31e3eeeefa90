import type { LeadContact } from "#domain/contracts/lead.ts";
import { isSensitiveField, LEAD_FIELDS, SERVER_FIELDS } from "#domain/fields/lead-fields.ts";
import { encryptedColumn, last4Column } from "./lead-columns.ts";
import type { LeadRow } from "./lead-store.ts";

// What an answer may say about a lead: every registry field by its server name, sensitive values as
// their masks (docs/decisions/0008). A sensitive value that was given shows as a mask so the resume logic
// sees it as present; its clear text never leaves the server.
export function leadContact(row: LeadRow): LeadContact {
  const stored = row as unknown as Record<string, unknown>;
  const contact: Record<string, unknown> = { lead_id: row.id };
  for (const field of SERVER_FIELDS) {
    if (isSensitiveField(field)) {
      const last4 = last4Column(field);
      const mask = (LEAD_FIELDS[field] as { sensitive: { mask: (last4: string) => string } }).sensitive.mask;
      contact[field] = stored[encryptedColumn(field)] ? mask(last4 ? String(stored[last4] ?? "") : "") : null;
    } else {
      const value = stored[field];
      contact[field] = value instanceof Date ? value.toISOString() : (value ?? null);
    }
  }
  return contact as LeadContact;
}
