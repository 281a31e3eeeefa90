import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../db/database.ts";
import { marketingErasures, marketingOutbox } from "../db/schema.ts";
import { claimDue, releaseClaims } from "./claim-due.ts";

// The marketing outbox (docs/product/marketing.md): list additions are written here in the request and
// sent by the sync job, which claims them as every outbox does (src/server/platform/outbox/claim-due.ts).

export type OutboxEntry = typeof marketingOutbox.$inferSelect;

/** Queues the lead's addition to `listIds`; the same lists for the same lead are queued once. */
export async function queueListAddition(
  db: Db,
  entry: { leadId: string; listIds: readonly number[]; updateEnabled: boolean },
): Promise<void> {
  await db
    .insert(marketingOutbox)
    .values({
      leadId: entry.leadId,
      listKey: [...entry.listIds].sort((a, b) => a - b).join(","),
      listIds: [...entry.listIds],
      updateEnabled: entry.updateEnabled,
      // This process's clock, as the sync's: the database's now() has microseconds, and an entry stamped
      // later in the same millisecond than a pass's `now` would wait for the next pass.
      nextAttemptAt: new Date(),
    })
    .onConflictDoNothing({ target: [marketingOutbox.leadId, marketingOutbox.listKey] });
}

/** Up to `limit` pending entries due at `now`, oldest first, each claimed until `now + leaseMs`. */
export function claimDueEntries(db: Db, now: Date, limit: number, leaseMs: number): Promise<OutboxEntry[]> {
  return claimDue(db, marketingOutbox, { now, limit, leaseMs, ready: eq(marketingOutbox.status, "pending") });
}

/** Claimed rows not sent after all (the process is stopping): due again now, for any process (releaseClaims). */
export function releaseEntries(db: Db, ids: number[], claim: { now: Date; leaseMs: number }): Promise<void> {
  return releaseClaims(db, marketingOutbox, ids, claim);
}
export function releaseErasures(db: Db, ids: number[], claim: { now: Date; leaseMs: number }): Promise<void> {
  return releaseClaims(db, marketingErasures, ids, claim);
}

/** The entry's end: sent, suppressed (an opt-out came first) or failed (refused for good). */
export async function finishEntry(
  db: Db,
  id: number,
  status: "sent" | "suppressed" | "failed",
  now: Date,
  reason?: string,
): Promise<void> {
  await db
    .update(marketingOutbox)
    .set({ status, doneAt: now, lastError: reason ?? null, attempts: sql`${marketingOutbox.attempts} + 1` })
    .where(and(eq(marketingOutbox.id, id), eq(marketingOutbox.status, "pending")));
}

/** Another try at `at`, after a failure that may pass (an outage, a rate limit). */
export async function retryEntryAt(db: Db, id: number, at: Date, reason: string): Promise<void> {
  await db
    .update(marketingOutbox)
    .set({ nextAttemptAt: at, lastError: reason, attempts: sql`${marketingOutbox.attempts} + 1` })
    .where(and(eq(marketingOutbox.id, id), eq(marketingOutbox.status, "pending")));
}

export type ErasureEntry = typeof marketingErasures.$inferSelect;

/**
 * Queues the removal at Brevo of `email` (lower-case) when any list addition was ever queued for a lead of
 * that e-mail: an opt-out or an erasure must reach the lists the person is already on
 * (docs/product/marketing.md#removal). Brevo answers 404 for a contact it never took; that counts as done.
 */
export async function queueContactRemoval(db: Db | Tx, email: string): Promise<void> {
  await db.execute(sql`
    insert into marketing_erasures (email, next_attempt_at)
    select ${email}, ${new Date()}
    where exists (
      select 1 from marketing_outbox o join leads l on l.id = o.lead_id
      where lower(l.email) = ${email}
    )
    and not exists (select 1 from marketing_erasures e where e.email = ${email})`);
}

/** Contacts due for deletion at Brevo, each claimed until `now + leaseMs`. */
export function claimDueErasures(db: Db, now: Date, limit: number, leaseMs: number): Promise<ErasureEntry[]> {
  return claimDue(db, marketingErasures, { now, limit, leaseMs });
}

/** Brevo confirmed (or refused for good): the last copy of the address goes. */
export async function dropErasure(db: Db, id: number): Promise<void> {
  await db.delete(marketingErasures).where(eq(marketingErasures.id, id));
}

export async function retryErasureAt(db: Db, id: number, at: Date, reason: string): Promise<void> {
  await db
    .update(marketingErasures)
    .set({ nextAttemptAt: at, lastError: reason, attempts: sql`${marketingErasures.attempts} + 1` })
    .where(eq(marketingErasures.id, id));
}
