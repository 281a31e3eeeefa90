import { randomBytes } from "node:crypto";
import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { PublisherApiCode } from "#domain/contracts/publisher-api-problem.ts";
import { PING_MESSAGES, PING_TTL_SECONDS } from "#domain/contracts/publisher-ping.ts";
import type { Db } from "../../platform/db/database.ts";
import { publisherPings } from "../../platform/db/schema.ts";

// A publisher's pings (docs/decisions/0051-publisher-ping-post.md): written when answered, taken once by the post that
// names it within PING_TTL_SECONDS, and purged PING_KEEP_DAYS after.

type PingRow = typeof publisherPings.$inferSelect;
export type NewPing = Omit<typeof publisherPings.$inferInsert, "id" | "expiresAt" | "createdAt" | "leadId">;

/** How long a ping is kept after it was made, for the publishers' figures (pings, posted, expired). */
const PING_KEEP_DAYS = 7;

/** A ping id: "ping_" and 24 base64url characters (144 random bits), the shape publisher-ping.ts checks. */
const newPingId = () => `ping_${randomBytes(18).toString("base64url")}`;

export async function insertPing(db: Db, ping: NewPing): Promise<PingRow> {
  const [row] = await db
    .insert(publisherPings)
    .values({
      ...ping,
      id: newPingId(),
      expiresAt: sql`now() + make_interval(secs => ${PING_TTL_SECONDS})`,
    })
    .returning();
  return row!;
}

export type TakenPing = { ping: PingRow } | { refused: PublisherApiCode };

/**
 * Takes the publisher's ping for `leadId`, in the caller's transaction: once, and only before it expires. A ping of
 * another publisher is unknown to this one.
 */
export async function takePing(tx: Db, pingId: string, publisherId: string, leadId: string): Promise<TakenPing> {
  const ours = and(eq(publisherPings.id, pingId), eq(publisherPings.publisherId, publisherId));
  const [taken] = await tx
    .update(publisherPings)
    .set({ leadId })
    .where(and(ours, isNull(publisherPings.leadId), sql`${publisherPings.expiresAt} > now()`))
    .returning();
  if (taken) return { ping: taken };
  const [seen] = await tx.select({ leadId: publisherPings.leadId }).from(publisherPings).where(ours).limit(1);
  if (!seen) return { refused: "ping_unknown" };
  return { refused: seen.leadId === null ? "ping_expired" : "ping_used" };
}

/**
 * The ping's fields the post changed, each with the message that says so: every field the ping sent must come again
 * with the same value, and a stated age must be the birth date's on the day of the post.
 */
export function changedSincePing(
  pinged: Record<string, unknown>,
  posted: Record<string, unknown>,
  ageOfPost: number | undefined,
): Record<string, string> {
  const changed: Record<string, string> = {};
  for (const [field, value] of Object.entries(pinged)) {
    const now = field === "age" ? ageOfPost : posted[field];
    if (now !== value) changed[field] = PING_MESSAGES.changed;
  }
  return changed;
}

/** Pings per delete. */
const BATCH = 1_000;

/** Deletes pings made more than PING_KEEP_DAYS ago, a batch at a time. */
export async function purgePings(db: Db, now: Date): Promise<{ pingsPurged: number }> {
  const cutoff = new Date(now.getTime() - PING_KEEP_DAYS * 86_400_000);
  let pingsPurged = 0;
  for (;;) {
    const due = db
      .select({ id: publisherPings.id })
      .from(publisherPings)
      .where(lt(publisherPings.createdAt, cutoff))
      .limit(BATCH);
    const deleted = await db
      .delete(publisherPings)
      .where(inArray(publisherPings.id, due))
      .returning({ id: publisherPings.id });
    pingsPurged += deleted.length;
    if (deleted.length < BATCH) return { pingsPurged };
  }
}
