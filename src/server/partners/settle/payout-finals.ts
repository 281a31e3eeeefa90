import { and, eq, inArray, lte } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { ledgerEntries, payoutHolds } from "../../platform/db/schema.ts";
import { appendLedger, lockLedger } from "../ledger/ledger-store.ts";
import { trySettleLock } from "./settle-auctions.ts";

// The settle pass's second half (docs/product/partners.md#payouts): a payout whose hold has ended and that no
// return reversed becomes final (a payout_final row); a reversed one leaves the holds without one. The ledger's
// lock is taken before looking for the reversal, so a return approved at the same moment is either seen here or
// written after the final row (and then finds the payout final).

/** Makes final the payouts due by `now`, batch by batch; answers how many became final and how many were reversed. */
export async function finalizeDuePayouts(
  db: Db,
  deps: { now: Date; batchSize?: number },
): Promise<{ final: number; reversed: number }> {
  const limit = deps.batchSize ?? 200;
  const total = { final: 0, reversed: 0 };
  for (;;) {
    const batch = await db.transaction(async (tx) => {
      if (!(await trySettleLock(tx))) return null;
      await lockLedger(tx);
      const due = await tx
        .select()
        .from(payoutHolds)
        .where(lte(payoutHolds.dueAt, deps.now))
        .orderBy(payoutHolds.dueAt)
        .limit(limit);
      if (due.length === 0) return { final: 0, reversed: 0, full: false };
      const leadIds = due.map((h) => h.leadId);
      const reversed = new Set(
        (
          await tx
            .select({ leadId: ledgerEntries.leadId })
            .from(ledgerEntries)
            .where(and(inArray(ledgerEntries.leadId, leadIds), eq(ledgerEntries.kind, "payout_reversed")))
        ).map((r) => r.leadId),
      );
      const finals = due.filter((h) => !reversed.has(h.leadId));
      await appendLedger(
        tx,
        finals.map((h) => ({
          kind: "payout_final" as const,
          leadId: h.leadId,
          publisherId: h.publisherId,
          amountCents: h.amountCents,
        })),
        deps.now,
      );
      await tx.delete(payoutHolds).where(inArray(payoutHolds.leadId, leadIds));
      return { final: finals.length, reversed: reversed.size, full: due.length === limit };
    });
    if (batch === null) return total;
    total.final += batch.final;
    total.reversed += batch.reversed;
    if (!batch.full) return total;
  }
}
