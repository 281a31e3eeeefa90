import { and, asc, eq, gt, isNotNull, lte, not, sql } from "drizzle-orm";
import { SEEDED_LEAD_ID_PATTERN } from "../../../domain/sample-data.ts";
import type { Db } from "../../platform/db/database.ts";
import { consentRecords, leadReminders, leads } from "../../platform/db/schema.ts";
import { applicationSent } from "./application-sent.ts";
import { MAX_REMINDERS, REMINDER_GAP_HOURS, REMINDER_WINDOW_DAYS } from "./reminder-rules.ts";

const HOUR_MS = 3_600_000;

export type DueReminder = {
  leadId: string;
  email: string;
  loanReason: string;
  phones: (string | null)[];
  /** Which reminder of the lead this is, 1 to 3. */
  number: number;
};

/**
 * The leads a reminder is due for at `now` (docs/product/mail.md#reminders), longest left first: an
 * application still in progress, never sent, with an e-mail and a loan reason (what the resume link carries)
 * and the e-mail consent of the quick start; untouched for the delay; fewer than three reminders, none in
 * the last day, and no earlier one found the person opted out; and the newest lead of its e-mail, so a
 * person who started again hears about the application they started last, once. Suppression is checked by
 * the caller, at the time of sending. A seeded lead (npm run seed:volume) is no person and never hears from us.
 */
export async function dueReminders(
  db: Db,
  options: { now: Date; delayHours: number; limit: number },
): Promise<DueReminder[]> {
  const { now } = options;
  const before = (hours: number) => new Date(now.getTime() - hours * HOUR_MS);
  const rows = await db
    .select({
      leadId: leads.id,
      email: leads.email,
      loanReason: leads.loan_reason,
      cell: leads.cell_phone,
      home: leads.home_phone,
      work: leads.work_phone,
      earlier: sql<number>`count(${leadReminders.id})::int`,
    })
    .from(leads)
    .leftJoin(leadReminders, eq(leadReminders.leadId, leads.id))
    .where(
      and(
        eq(leads.status, "in_progress"),
        sql`${leads.id} !~ ${SEEDED_LEAD_ID_PATTERN}`,
        isNotNull(leads.email),
        isNotNull(leads.loan_reason),
        lte(leads.updated_at, before(options.delayHours)),
        gt(leads.updated_at, before(REMINDER_WINDOW_DAYS * 24)),
        not(applicationSent),
        sql`exists (select 1 from ${consentRecords} where ${consentRecords.leadId} = ${leads.id}
          and ${consentRecords.consentKind} = 'email')`,
        sql`not exists (select 1 from ${leads} as newer where lower(newer.email) = lower(${leads.email})
          and newer.created_at > ${leads.created_at})`,
      ),
    )
    .groupBy(leads.id)
    .having(
      and(
        sql`count(${leadReminders.id}) < ${MAX_REMINDERS}`,
        sql`coalesce(max(${leadReminders.createdAt}) <= ${before(REMINDER_GAP_HOURS)}, true)`,
        sql`coalesce(bool_and(${leadReminders.outcome} <> 'suppressed'), true)`,
      ),
    )
    .orderBy(asc(leads.updated_at))
    .limit(options.limit);
  return rows.map((row) => ({
    leadId: row.leadId,
    email: row.email!,
    loanReason: row.loanReason!,
    phones: [row.cell, row.home, row.work],
    number: row.earlier + 1,
  }));
}
