import { and, desc, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/database.ts";
import { publisherPostbacks, publishers } from "../../platform/db/schema.ts";
import { claimDue } from "../../platform/outbox/claim-due.ts";
import type { PostbackSink } from "./postback-events.ts";
import type { SignedHead } from "../receipts/receipt-check.ts";
import { headPostbackUrlOf, postbackUrlOf } from "./postback-url.ts";

// The postback outbox (docs/product/partners.md#postbacks): an event is written here in the transaction that makes it, with
// its address filled then, and leaves only from the worker (postback-worker.ts), so a slow publisher never
// holds up a visitor or an auction.

export type PostbackRow = typeof publisherPostbacks.$inferSelect;

/**
 * Queues the event's postback: once per publisher, lead and event, whatever calls it again. Nothing is queued
 * for a publisher that is disabled or has no postback address.
 */
export const queuePostback: PostbackSink = async (tx, event) => {
  const [publisher] = await tx
    .select({ affId: publishers.affId, url: publishers.postbackUrl, enabled: publishers.enabled })
    .from(publishers)
    .where(eq(publishers.id, event.publisherId));
  if (!publisher?.enabled || !publisher.url) return;
  await tx
    .insert(publisherPostbacks)
    .values({
      publisherId: event.publisherId,
      leadId: event.leadId,
      event: event.event,
      url: postbackUrlOf(publisher.url, event, publisher.affId),
      // This process's clock, as the worker's (see marketing-outbox.ts).
      nextAttemptAt: new Date(),
    })
    .onConflictDoNothing({
      target: [publisherPostbacks.publisherId, publisherPostbacks.leadId, publisherPostbacks.event],
    });
};

/**
 * Queues the day's `ledger_head` postback (docs/product/partners.md#signed-heads) in the caller's transaction, with
 * the hand-out it carries: once per publisher and day, its lead id naming the day. The worker sends it like any other.
 */
export async function queueHeadPostback(
  tx: Tx,
  publisher: { id: string; affId: string; url: string },
  signed: SignedHead,
  day: string,
): Promise<void> {
  await tx
    .insert(publisherPostbacks)
    .values({
      publisherId: publisher.id,
      leadId: `head ${day}`,
      event: "ledger_head",
      url: headPostbackUrlOf(publisher.url, signed, publisher.affId),
      nextAttemptAt: new Date(),
    })
    .onConflictDoNothing({
      target: [publisherPostbacks.publisherId, publisherPostbacks.leadId, publisherPostbacks.event],
    });
}

export function claimDuePostbacks(db: Db, now: Date, limit: number, leaseMs: number): Promise<PostbackRow[]> {
  return claimDue(db, publisherPostbacks, { now, limit, leaseMs, ready: eq(publisherPostbacks.status, "pending") });
}

export type PostbackAnswer = { status: number | null; body: string | null; latencyMs: number; error: string | null };

/**
 * Records one try: its answer, and either the row's end (sent, failed) or its next try at `retryAt`. Only a
 * pending row changes, so a try that outlived its lease cannot undo another's.
 */
export async function recordTry(
  db: Db | Tx,
  id: number,
  answer: PostbackAnswer,
  outcome: { status: "sent" | "failed"; at: Date } | { status: "pending"; retryAt: Date },
): Promise<void> {
  await db
    .update(publisherPostbacks)
    .set({
      attempts: sql`${publisherPostbacks.attempts} + 1`,
      answerStatus: answer.status,
      answerBody: answer.body,
      latencyMs: answer.latencyMs,
      lastError: answer.error,
      ...(outcome.status === "pending"
        ? { nextAttemptAt: outcome.retryAt }
        : { status: outcome.status, doneAt: outcome.at }),
    })
    .where(and(eq(publisherPostbacks.id, id), eq(publisherPostbacks.status, "pending")));
}

/** A publisher's latest postbacks, newest first. */
export function recentPostbacks(db: Db, publisherId: string, limit = 50): Promise<PostbackRow[]> {
  return db
    .select()
    .from(publisherPostbacks)
    .where(eq(publisherPostbacks.publisherId, publisherId))
    .orderBy(desc(publisherPostbacks.id))
    .limit(limit);
}
