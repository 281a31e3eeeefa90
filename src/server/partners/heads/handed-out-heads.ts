import { desc, eq } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/database.ts";
import { ledgerHeadsHandedOut } from "../../platform/db/schema.ts";
import type { SignedHead } from "../receipts/receipt-check.ts";

// The record of every signed head handed to a publisher (docs/decisions/0042-signed-heads-handed-out.md): the
// heads the console's ledger check holds the chain against, and those the publisher API lists back.

export type HandOutChannel = "statement" | "postback" | "api";

export type HandedOutHead = SignedHead & {
  handed_at: string;
  publisher_id: string;
  channel: HandOutChannel;
  handed_for: string;
};

/** What a head is handed out for: a closed month's statement, or a UTC day's hand-out. Once per publisher each. */
export const statementOccasion = (month: string) => `statement ${month}`;
export const dayOccasion = (now: Date) => `day ${now.toISOString().slice(0, 10)}`;

/**
 * Records `signed` as handed to the publisher for `handedFor`, in the caller's transaction (with what carries it).
 * False when that publisher already had a head for that occasion: nothing is written, and nothing should be sent.
 */
export async function recordHandedOut(
  tx: Tx,
  hand: { signed: SignedHead; publisherId: string; channel: HandOutChannel; handedFor: string; now: Date },
): Promise<boolean> {
  const written = await tx
    .insert(ledgerHeadsHandedOut)
    .values({
      handedAt: hand.now,
      publisherId: hand.publisherId,
      channel: hand.channel,
      handedFor: hand.handedFor,
      seq: hand.signed.head.seq,
      hash: hand.signed.head.hash,
      issuedAt: hand.signed.head.issued_at,
      keyId: hand.signed.key_id,
      signature: hand.signed.signature,
    })
    .onConflictDoNothing({ target: [ledgerHeadsHandedOut.publisherId, ledgerHeadsHandedOut.handedFor] })
    .returning({ id: ledgerHeadsHandedOut.id });
  return written.length > 0;
}

export type HandedOutRow = typeof ledgerHeadsHandedOut.$inferSelect;

export const handedOutOf = (r: HandedOutRow): HandedOutHead => ({
  head: { seq: r.seq, hash: r.hash, issued_at: r.issuedAt },
  key_id: r.keyId,
  signature: r.signature,
  handed_at: r.handedAt.toISOString(),
  publisher_id: r.publisherId,
  channel: r.channel,
  handed_for: r.handedFor,
});

/** The heads handed to one publisher, newest first. */
export async function headsHandedTo(db: Db, publisherId: string, limit: number): Promise<HandedOutHead[]> {
  const rows = await db
    .select()
    .from(ledgerHeadsHandedOut)
    .where(eq(ledgerHeadsHandedOut.publisherId, publisherId))
    .orderBy(desc(ledgerHeadsHandedOut.id))
    .limit(limit);
  return rows.map(handedOutOf);
}
