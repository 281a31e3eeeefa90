import { and, eq, sql } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/database.ts";
import {
  auctions,
  buyerAccounts,
  buyerCalls,
  ledgerEntries,
  leadReturns,
  publishers,
} from "../../platform/db/schema.ts";
import { appendLedger, lockLedger, type LedgerEvent } from "../ledger/ledger-store.ts";
import type { PostbackSink } from "../postbacks/postback-events.ts";
import { creditedWith } from "../publishers/publisher-store.ts";
import { saleOf } from "./lead-sale.ts";
import type { ReturnRow } from "./return-store.ts";

// An operator's decision on a pending return (docs/product/partners.md#returns). An approval writes, in the same
// transaction as the state change, the buyer's `returned` row (minus the price) and, while the publisher's payout
// is still on hold (earned, not final), its `payout_reversed` row, and hands the publisher a `returned` event. A
// rejection moves no money.

export type Decision = "approved" | "rejected";

export type DecisionInput = {
  id: string;
  decision: Decision;
  note: string;
  operatorId: string;
  sink: PostbackSink;
  now?: Date;
  /** Runs in the same transaction once the decision is written (the console's audit entry). */
  onDecided?: (tx: Tx, decided: DecidedReturn) => Promise<void>;
};

export type DecidedReturn = {
  row: ReturnRow;
  /** What the approval wrote: the buyer's refund and the payout reversed (negative cents), null when none. */
  refundCents: number | null;
  payoutReversedCents: number | null;
};

export type DecisionRefusal = { status: 404 | 409; message: string };

const NO_SUCH_RETURN = "No return with that id.";

export async function decideReturn(db: Db, input: DecisionInput): Promise<DecidedReturn | DecisionRefusal> {
  const now = input.now ?? new Date();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .update(leadReturns)
      .set({ state: input.decision, decidedAt: now, decidedBy: input.operatorId, decisionNote: input.note })
      .where(and(eq(leadReturns.id, input.id), eq(leadReturns.state, "pending")))
      .returning();
    if (row === undefined) {
      const [other] = await tx
        .select({ state: leadReturns.state })
        .from(leadReturns)
        .where(eq(leadReturns.id, input.id));
      return other === undefined
        ? { status: 404, message: NO_SUCH_RETURN }
        : { status: 409, message: `This return was ${other.state} already.` };
    }
    const decided: DecidedReturn = { row, refundCents: null, payoutReversedCents: null };
    if (input.decision === "approved") Object.assign(decided, await reverse(tx, row, input.sink, now));
    await input.onDecided?.(tx, decided);
    return decided;
  });
}

async function reverse(tx: Tx, row: ReturnRow, sink: PostbackSink, now: Date) {
  const sale = await saleOf(tx, row.leadId);
  // A return is only filed against a `sold` row, and ledger rows are never removed.
  if (sale === undefined) throw new Error(`return ${row.id}: its lead has no sale in the ledger`);
  // Under the ledger's lock, so a payout cannot become final (settle/payout-finals.ts) between this read and the
  // reversal written below.
  await lockLedger(tx);
  const payouts = await tx
    .select({
      kind: ledgerEntries.kind,
      publisherId: ledgerEntries.publisherId,
      amountCents: ledgerEntries.amountCents,
    })
    .from(ledgerEntries)
    .where(
      and(
        eq(ledgerEntries.leadId, row.leadId),
        sql`${ledgerEntries.kind} in ('payout_earned', 'payout_final', 'payout_reversed')`,
      ),
    );
  const earned = payouts.find((p) => p.kind === "payout_earned");
  const onHold = earned !== undefined && !payouts.some((p) => p.kind !== "payout_earned");
  const events: LedgerEvent[] = [
    { kind: "returned", leadId: row.leadId, buyerId: sale.buyerId, amountCents: -sale.priceCents },
  ];
  if (onHold)
    events.push({
      kind: "payout_reversed",
      leadId: row.leadId,
      publisherId: earned.publisherId,
      amountCents: -earned.amountCents,
    });
  await appendLedger(tx, events, now);
  // A sale charged to the buyer's account (docs/product/buyer-money.md#room) gives its price back as room.
  await tx.execute(sql`update ${buyerAccounts} set credited_cents = credited_cents + ${sale.priceCents}::bigint,
      updated_at = now()
    where ${buyerAccounts.buyerId} = ${sale.buyerId} and exists (select 1 from ${buyerCalls} where
      ${buyerCalls.leadId} = ${row.leadId} and ${buyerCalls.buyerId} = ${sale.buyerId} and ${buyerCalls.kind} = 'post'
      and ${buyerCalls.state} = 'accepted' and ${buyerCalls.heldCents} is not null)`);
  const payoutReversedCents = onHold ? -earned.amountCents : null;

  const [auction] = await tx
    .select({ attribution: auctions.attribution, createdAt: auctions.createdAt })
    .from(auctions)
    .where(eq(auctions.leadId, row.leadId));
  const publisherId = earned?.publisherId ?? (auction === undefined ? null : await publisherOfAttribution(tx, auction));
  if (publisherId)
    await sink(tx, {
      publisherId,
      leadId: row.leadId,
      event: "returned",
      payoutCents: payoutReversedCents,
      attribution: auction?.attribution ?? {},
    });
  return { refundCents: -sale.priceCents, payoutReversedCents };
}

/**
 * The enabled publisher whose aff_id the lead carries, for a lead that earned it nothing, if it existed when the
 * application came (docs/product/partners.md#publishers).
 */
async function publisherOfAttribution(tx: Tx, auction: { attribution: Record<string, string>; createdAt: Date }) {
  const affId = auction.attribution.aff_id;
  if (!affId) return null;
  const [row] = await tx
    .select({ id: publishers.id, createdAt: publishers.createdAt })
    .from(publishers)
    .where(and(eq(publishers.affId, affId), eq(publishers.enabled, true)));
  return row !== undefined && creditedWith({ created_at: row.createdAt.toISOString() }, auction.createdAt)
    ? row.id
    : null;
}
