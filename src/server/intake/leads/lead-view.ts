import type { LeadContact } from "#domain/contracts/lead.ts";
import { isSensitiveField, LEAD_FIELDS, SERVER_FIELDS } from "#domain/fields/lead-fields.ts";
import { encryptedColumn, last4Column } from "./lead-columns.ts";
import type { LeadRow } from "./lead-store.ts";

// What an answer may say about a lead: every registry field by its server name, sensitive values as
// their masks (docs/decisions/0008). A sensitive value that was given shows as a mask so the resume logic
// sees it as present; its clear text never leaves the server.
// Worked out once: every step save answers with the whole contact.
const FIELDS = SERVER_FIELDS.map((name) => ({
  name,
  sensitive: isSensitiveField(name)
    ? {
        encrypted: encryptedColumn(name),
        last4: last4Column(name),
        mask: (LEAD_FIELDS[name] as { sensitive: { mask: (last4: string) => string } }).sensitive.mask,
      }
    : undefined,
}));

export function leadContact(row: LeadRow): LeadContact {
  const stored = row as unknown as Record<string, unknown>;
  const contact: Record<string, unknown> = { lead_id: row.id };
  for (const field of FIELDS) {
    if (field.sensitive) {
      const { encrypted, last4, mask } = field.sensitive;
      contact[field.name] = stored[encrypted] ? mask(last4 ? String(stored[last4] ?? "") : "") : null;
    } else {
      const value = stored[field.name];
      contact[field.name] = value instanceof Date ? value.toISOString() : (value ?? null);
    }
  }
  return contact as LeadContact;
}
