import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { leadReminders, leads } from "../../platform/db/schema.ts";
import type { SendCheck } from "../../platform/mail/deliver-mail.ts";
import { isSuppressed } from "../../compliance/suppression.ts";
import { applicationSent } from "./application-sent.ts";
import { REMINDER_PURPOSE } from "./reminder-rules.ts";

/**
 * What the mail delivery asks of a reminder just before sending it (docs/product/mail.md#reminders): one
 * queued before the person opted out, before the application was sent or before the lead was erased or
 * purged is withheld. Other mails pass.
 */
export function reminderSendCheck(db: Db, tokenSecret: Buffer): SendCheck {
  return async (mail) => {
    if (mail.purpose !== REMINDER_PURPOSE) return undefined;
    const [lead] = await db
      .select({
        status: leads.status,
        email: leads.email,
        cell: leads.cell_phone,
        home: leads.home_phone,
        work: leads.work_phone,
        sent: applicationSent,
      })
      .from(leadReminders)
      .innerJoin(leads, eq(leads.id, leadReminders.leadId))
      .where(eq(leadReminders.mailId, mail.id))
      .limit(1);
    if (!lead?.email || lead.status !== "in_progress") return "lead erased";
    if (lead.sent) return "application sent";
    const contact = { email: mail.toAddress ?? lead.email, phones: [lead.cell, lead.home, lead.work] };
    return (await isSuppressed(db, tokenSecret, contact)) ? "opted out" : undefined;
  };
}
