import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { auctions, leads } from "../../platform/db/schema.ts";
import type { PostbackEvent, PostbackSink } from "../postbacks/postback-events.ts";

// Helpers for the settle pass's tests: leads with their auction written straight to the store, and a sink that
// records what it was handed.

/** A lead whose application is complete (its auction created, pending), tagged with `affId`. */
export async function completedLead(db: Db, options: { affId?: string; testMode?: boolean } = {}): Promise<string> {
  const id = `ld_settle_${randomBytes(6).toString("hex")}`;
  await db
    .insert(leads)
    .values({ id, accessTokenHash: "x", status: "submitted", test_mode: options.testMode ?? false });
  await db.insert(auctions).values({
    leadId: id,
    testMode: options.testMode ?? false,
    attribution: options.affId === undefined ? {} : { aff_id: options.affId, clickid: `click-${id}` },
    deadlineAt: new Date(Date.now() + 60_000),
  });
  return id;
}

/** Decides a lead's auction as the auction does: sold to `buyerId` at a price, or rejected. */
export async function decide(db: Db, leadId: string, outcome: { buyerId: string; priceCents: number } | "rejected") {
  await db
    .update(auctions)
    .set(
      outcome === "rejected"
        ? { status: "rejected", reason: "no buyer", decidedAt: sql`now()` }
        : { status: "accepted", buyerId: outcome.buyerId, priceCents: outcome.priceCents, decidedAt: sql`now()` },
    )
    .where(eq(auctions.leadId, leadId));
}

export function recordingSink(): { sink: PostbackSink; events: PostbackEvent[] } {
  const events: PostbackEvent[] = [];
  return { events, sink: async (_tx, event) => void events.push(event) };
}
