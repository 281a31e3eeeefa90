import { and, lt, notInArray } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { clientLogs, consentRecords, leads } from "../../platform/db/schema.ts";
import { leaveTombstones } from "../../compliance/suppression.ts";
import { eraseLeads } from "../privacy/erase-leads.ts";

// Retention (docs/product/security-and-privacy.md#retention): a lead's personal data is erased once the lead
// has not been used for the retention window (default and at most 24 months, the GLBA Safeguards Rule's
// disposal limit); its consent evidence stays 5 years from the consent; what is left of the lead (amount,
// reason, state, income band, the sale) stays for the figures. Erasing is idempotent, so every server
// process may run it.

const MAX_RETENTION_MONTHS = 24;
const CONSENT_EVIDENCE_YEARS = 5;
/** How long client log events, already stripped of personal data, are kept. */
const CLIENT_LOG_DAYS = 90;

const PURGED_STATUS = "purged";

function monthsBefore(now: Date, months: number): Date {
  const at = new Date(now);
  at.setUTCMonth(at.getUTCMonth() - months);
  return at;
}

export type PurgeReport = { leads: number; stepEvents: number; consentRecords: number; clientLogs: number };

export async function purgeExpired(
  db: Db,
  options: { now: Date; retentionMonths: number; tokenSecret: Buffer },
): Promise<PurgeReport> {
  const { now } = options;
  const months = Math.min(options.retentionMonths, MAX_RETENTION_MONTHS);
  return db.transaction(async (tx) => {
    const due = await tx
      .select({
        id: leads.id,
        gpc: leads.doNotSellAt,
        email: leads.email,
        cell: leads.cell_phone,
        home: leads.home_phone,
        work: leads.work_phone,
      })
      .from(leads)
      .where(and(notInArray(leads.status, [PURGED_STATUS, "erased"]), lt(leads.updated_at, monthsBefore(now, months))));
    const ids = due.map((row) => row.id);
    // A lead whose browser sent Global Privacy Control was a do-not-sell request: its tombstone keeps the
    // e-mail and phones suppressed once the lead itself says nothing any more.
    await leaveTombstones(
      tx,
      options.tokenSecret,
      due.filter((lead) => lead.gpc).map((lead) => ({ email: lead.email, phones: [lead.cell, lead.home, lead.work] })),
    );
    const erased = await eraseLeads(tx, ids, { status: PURGED_STATUS, keepConsentEvidence: true });
    const consents = await tx
      .delete(consentRecords)
      .where(lt(consentRecords.createdAt, monthsBefore(now, CONSENT_EVIDENCE_YEARS * 12)))
      .returning({ id: consentRecords.id });
    const logs = await tx
      .delete(clientLogs)
      .where(lt(clientLogs.createdAt, new Date(now.getTime() - CLIENT_LOG_DAYS * 86_400_000)))
      .returning({ id: clientLogs.id });
    return {
      leads: ids.length,
      stepEvents: erased.stepEvents,
      consentRecords: consents.length,
      clientLogs: logs.length,
    };
  });
}
