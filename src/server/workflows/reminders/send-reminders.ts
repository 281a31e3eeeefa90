import { eq } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { leadReminders } from "../../platform/db/schema.ts";
import { queueMail } from "../../platform/mail/mail-outbox.ts";
import { isSuppressed } from "../../compliance/suppression.ts";
import { dueReminders, type DueReminder } from "./due-reminders.ts";
import { reminderMail, type ReminderLinks } from "./reminder-mail.ts";

const BATCH = 50;

export type ReminderSweep = ReminderLinks & { db: Db; delayHours: number };

/** queued: mail in the outbox; suppressed: the person opted out, nothing sent; taken: another process had it. */
export type ReminderReport = { queued: number; suppressed: number; taken: number };

// One pass of the reminders (docs/product/mail.md#reminders): each lead due gets its next reminder, written
// with its mail in one transaction. The reminder's row is the claim: its (lead, number) is unique, so of two
// processes that found the same lead only one writes it, and its mail with it. A person who opted out gets
// no mail, and the row says so, which ends that lead's reminders. The outbox checks again just before it
// sends (reminder-send-check.ts): an opt-out, an erasure or a sent application meanwhile stops the mail.
export async function sendDueReminders(sweep: ReminderSweep, now: Date = new Date()): Promise<ReminderReport> {
  const report: ReminderReport = { queued: 0, suppressed: 0, taken: 0 };
  for (const due of await dueReminders(sweep.db, { now, delayHours: sweep.delayHours, limit: BATCH })) {
    const suppressed = await isSuppressed(sweep.db, sweep.tokenSecret, { email: due.email, phones: due.phones });
    report[await recordReminder(sweep, due, suppressed, now)]++;
  }
  return report;
}

async function recordReminder(
  sweep: ReminderSweep,
  due: DueReminder,
  suppressed: boolean,
  now: Date,
): Promise<keyof ReminderReport> {
  return sweep.db.transaction(async (tx) => {
    const [claimed] = await tx
      .insert(leadReminders)
      .values({ leadId: due.leadId, number: due.number, outcome: suppressed ? "suppressed" : "queued", createdAt: now })
      .onConflictDoNothing({ target: [leadReminders.leadId, leadReminders.number] })
      .returning({ id: leadReminders.id });
    if (!claimed) return "taken";
    if (suppressed) return "suppressed";
    const mailId = await queueMail(tx, reminderMail(sweep, due, now));
    await tx.update(leadReminders).set({ mailId }).where(eq(leadReminders.id, claimed.id));
    return "queued";
  });
}
