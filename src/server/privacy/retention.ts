import { and, inArray, lt, ne } from "drizzle-orm";
import { isSensitiveField, SERVER_FIELDS, type ServerField } from "#domain/fields/lead-fields.ts";
import type { Db } from "../db/database.ts";
import { auctions, clientLogs, consentRecords, leads, stepEvents } from "../db/schema.ts";
import { FIELD_CLASS } from "../distribution/lead-document.ts";
import { encryptedColumn, last4Column } from "../leads/lead-columns.ts";

// Retention (docs/product/security-and-privacy.md#retention): a lead's personal data is erased once the lead
// has not been used for the retention window (default and at most 24 months, the GLBA Safeguards Rule's
// disposal limit); its consent evidence stays 5 years from the consent; what is left of the lead (amount,
// reason, state, income band, the sale) stays for the figures. Erasing is idempotent, so every server
// process may run it.

const MAX_RETENTION_MONTHS = 24;
const CONSENT_EVIDENCE_YEARS = 5;
/** How long client log events, already stripped of personal data, are kept. */
const CLIENT_LOG_DAYS = 90;

/**
 * The lead columns that say who the person is: every field a buyer may see only after winning ("contact"
 * and "restricted" in lead-document.ts), with the encrypted and last-four columns of the sensitive ones.
 */
const IDENTIFYING_FIELDS = SERVER_FIELDS.filter((field) => {
  const kind = (FIELD_CLASS as Record<string, string>)[field];
  return kind === "contact" || kind === "restricted";
});

export const IDENTIFYING_COLUMNS: readonly string[] = IDENTIFYING_FIELDS.flatMap((field: ServerField) => {
  if (!isSensitiveField(field)) return [field];
  const last4 = last4Column(field);
  return last4 ? [encryptedColumn(field), last4] : [encryptedColumn(field)];
});

const PURGED_STATUS = "purged";

function monthsBefore(now: Date, months: number): Date {
  const at = new Date(now);
  at.setUTCMonth(at.getUTCMonth() - months);
  return at;
}

export type PurgeReport = { leads: number; stepEvents: number; consentRecords: number; clientLogs: number };

export async function purgeExpired(db: Db, options: { now: Date; retentionMonths: number }): Promise<PurgeReport> {
  const { now } = options;
  const months = Math.min(options.retentionMonths, MAX_RETENTION_MONTHS);
  const cleared = Object.fromEntries(IDENTIFYING_COLUMNS.map((column) => [column, null]));
  return db.transaction(async (tx) => {
    const purged = await tx
      .update(leads)
      .set({ ...cleared, status: PURGED_STATUS })
      .where(and(ne(leads.status, PURGED_STATUS), lt(leads.updated_at, monthsBefore(now, months))))
      .returning({ id: leads.id });
    const ids = purged.map((row) => row.id);
    let events: unknown[] = [];
    if (ids.length > 0) {
      // A lead's step history holds its answers as they were typed (sensitive ones masked), and its auction
      // the keyed hashes of its e-mail, phone and SSN (for duplicate checks, long past their window).
      events = await tx.delete(stepEvents).where(inArray(stepEvents.leadId, ids)).returning({ id: stepEvents.id });
      await tx
        .update(auctions)
        .set({ emailHash: null, phoneHash: null, ssnHash: null })
        .where(inArray(auctions.leadId, ids));
    }
    const consents = await tx
      .delete(consentRecords)
      .where(lt(consentRecords.createdAt, monthsBefore(now, CONSENT_EVIDENCE_YEARS * 12)))
      .returning({ id: consentRecords.id });
    const logs = await tx
      .delete(clientLogs)
      .where(lt(clientLogs.createdAt, new Date(now.getTime() - CLIENT_LOG_DAYS * 86_400_000)))
      .returning({ id: clientLogs.id });
    return { leads: ids.length, stepEvents: events.length, consentRecords: consents.length, clientLogs: logs.length };
  });
}
