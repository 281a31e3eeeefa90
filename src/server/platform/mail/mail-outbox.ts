import { and, eq, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "../db/database.ts";
import { mailOutbox } from "../db/schema.ts";
import { claimDue, releaseClaims } from "../outbox/claim-due.ts";

// The mail outbox (docs/product/mail.md): every e-mail is a row first, written in the transaction of what
// it tells, and sent by the delivery job when a transport is configured, which claims rows as every outbox
// does (src/server/platform/outbox/claim-due.ts).

export type OutboxMail = typeof mailOutbox.$inferSelect;
export type NewMail = { purpose: string; to: string; subject: string; body: string };

/** Writes the mail; answers its id, for a record that must point at its mail (a reminder). */
export async function queueMail(db: Db | Tx, mail: NewMail): Promise<number> {
  const [row] = await db
    .insert(mailOutbox)
    // This process's clock, as the delivery job's (see marketing/outbox-store.ts queueListAddition).
    .values({
      purpose: mail.purpose,
      toAddress: mail.to,
      subject: mail.subject,
      body: mail.body,
      nextAttemptAt: new Date(),
    })
    .returning({ id: mailOutbox.id });
  return row!.id;
}

/** Up to `limit` pending mails due at `now`, oldest first, each claimed until `now + leaseMs`. */
export function claimDueMails(db: Db, now: Date, limit: number, leaseMs: number): Promise<OutboxMail[]> {
  return claimDue(db, mailOutbox, { now, limit, leaseMs, ready: eq(mailOutbox.status, "pending") });
}

/** Claimed mails not sent after all (the process is stopping): due again now, for any process (releaseClaims). */
export function releaseMails(db: Db, ids: number[], claim: { now: Date; leaseMs: number }): Promise<void> {
  return releaseClaims(db, mailOutbox, ids, claim);
}

/** Sent, or refused for good; only a mail still pending (an erasure may have blanked it meanwhile). */
export async function finishMail(db: Db, id: number, outcome: "sent" | "failed", now: Date, reason?: string) {
  await db
    .update(mailOutbox)
    .set({
      status: outcome,
      sentAt: outcome === "sent" ? now : null,
      lastError: reason ?? null,
      attempts: sql`${mailOutbox.attempts} + 1`,
    })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pending")));
}

export async function retryMailAt(db: Db, id: number, at: Date, reason: string) {
  await db
    .update(mailOutbox)
    .set({ nextAttemptAt: at, lastError: reason, attempts: sql`${mailOutbox.attempts} + 1` })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pending")));
}

/**
 * Never to be sent after all (a check at send time said so, docs/product/mail.md): it loses its address and
 * text, as an erased one does, and keeps the reason, which names no one.
 */
export async function withholdMail(db: Db, id: number, reason: string) {
  await db
    .update(mailOutbox)
    .set({ status: "withheld", toAddress: null, body: null, lastError: reason })
    .where(and(eq(mailOutbox.id, id), eq(mailOutbox.status, "pending")));
}

/**
 * An erasure's part of the outbox (docs/product/privacy-requests.md#delete): of the mails `which` picks, one
 * still waiting is never sent, and every one loses its address and text. Answers the ids. `which` is required:
 * an update with no condition would erase every mail.
 */
export function eraseMails(db: Db | Tx, which: SQL): Promise<{ id: number }[]> {
  return db
    .update(mailOutbox)
    .set({
      toAddress: null,
      body: null,
      status: sql`case when ${mailOutbox.status} = 'pending' then 'erased' else ${mailOutbox.status} end`,
    })
    .where(which)
    .returning({ id: mailOutbox.id });
}
