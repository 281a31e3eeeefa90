import { and, desc, eq, inArray, lt } from "drizzle-orm";
import { MOVEMENT_KINDS, type Movement } from "../../../domain/contracts/portal-money.ts";
import type { Db } from "../../platform/db/database.ts";
import { buyerPayments, ledgerEntries } from "../../platform/db/schema.ts";

// What moved a buyer's balance (docs/product/buyer-money.md#balance-and-invoices), read from the ledger, the record of
// money (docs/decisions/0054-buyer-money.md): its sales, its returns approved and its payments, each payment with its
// own row's reference and day. Newest first, by the ledger's row number.

/**
 * A page of the buyer's movements, newest first, before the row `before` (all when undefined), at most `limit`, and
 * where the next page starts (null when no row is left).
 */
export async function movementsOf(
  db: Db,
  buyerId: string,
  page: { before?: number | undefined; limit: number },
): Promise<{ movements: Movement[]; nextBefore: number | null }> {
  const rows = await db
    .select({
      seq: ledgerEntries.seq,
      at: ledgerEntries.at,
      kind: ledgerEntries.kind,
      leadId: ledgerEntries.leadId,
      amountCents: ledgerEntries.amountCents,
      paymentId: buyerPayments.id,
      reference: buyerPayments.reference,
      paidOn: buyerPayments.paidOn,
      source: buyerPayments.source,
    })
    .from(ledgerEntries)
    // A payment's ledger row is keyed by the payment's id (decision 0054), and is the buyer's own.
    .leftJoin(
      buyerPayments,
      and(
        eq(ledgerEntries.kind, "payment"),
        eq(buyerPayments.id, ledgerEntries.leadId),
        eq(buyerPayments.buyerId, buyerId),
      ),
    )
    .where(
      and(
        eq(ledgerEntries.buyerId, buyerId),
        inArray(ledgerEntries.kind, [...MOVEMENT_KINDS]),
        page.before === undefined ? undefined : lt(ledgerEntries.seq, page.before),
      ),
    )
    .orderBy(desc(ledgerEntries.seq))
    .limit(page.limit + 1);
  const shown = rows.slice(0, page.limit);
  const movements = shown.map((r): Movement => {
    const kind = r.kind as Movement["kind"];
    const payment = kind === "payment";
    return {
      seq: Number(r.seq),
      at: r.at.toISOString(),
      kind,
      // The ledger counts what the buyer owes (a sale +, a return −, a payment +): its balance moves the other way
      // for a sale and a return.
      amount_cents: payment ? Number(r.amountCents) : -Number(r.amountCents),
      lead_id: payment ? null : r.leadId,
      payment:
        payment && r.paymentId !== null
          ? { id: r.paymentId, reference: r.reference ?? "", paid_on: r.paidOn ?? "", source: r.source ?? "operator" }
          : null,
    };
  });
  const last = shown.at(-1);
  return { movements, nextBefore: rows.length > page.limit && last ? Number(last.seq) : null };
}
