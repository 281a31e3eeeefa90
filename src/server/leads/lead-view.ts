import { maskSsn } from "#domain/masks.ts";
import { PLAIN_COLUMNS, SENSITIVE_COLUMNS } from "./lead-columns.ts";
import type { LeadRow } from "./lead-store.ts";

// What an answer may say about a lead: server field names (spec section 3), sensitive values masked
// (decisions.md section 3). A sensitive value that was given shows as a mask so the resume logic sees
// it as present; its clear text never leaves the server.
const MASKS: Record<keyof typeof SENSITIVE_COLUMNS, (last4: string | null) => string> = {
  ssn: (last4) => maskSsn(last4 ?? ""),
  bank_account_number: (last4) => `****${last4 ?? ""}`,
  bank_aba: () => "*********",
  drivers_license_number: () => "********",
  dob: () => "****-**-**",
};

export type LeadContact = Record<string, string | number | boolean | null> & { lead_id: string };

export function leadContact(row: LeadRow): LeadContact {
  const contact: LeadContact = { lead_id: row.id };
  for (const [field, column] of Object.entries(PLAIN_COLUMNS)) {
    contact[field] = row[column] ?? null;
  }
  for (const [field, target] of Object.entries(SENSITIVE_COLUMNS) as [
    keyof typeof SENSITIVE_COLUMNS,
    (typeof SENSITIVE_COLUMNS)[keyof typeof SENSITIVE_COLUMNS],
  ][]) {
    const stored = row[target.encrypted];
    contact[field] = stored ? MASKS[field](target.last4 ? row[target.last4] : null) : null;
  }
  contact.user_ip = row.userIp ?? null;
  contact.created_at = row.createdAt.toISOString();
  contact.updated_at = row.updatedAt.toISOString();
  return contact;
}
