import { and, eq } from "drizzle-orm";
import type { Db, Tx } from "../../platform/db/database.ts";
import { ledgerEntries } from "../../platform/db/schema.ts";

// A lead's sale as the ledger holds it (docs/product/partners.md#returns): the `sold` row's buyer, amount and time.
// The ledger, not the auction, is what a return reverses, so a lead with no `sold` row (not settled yet, or a test
// lead, which never earns) is not sold as far as a return goes.

export type Sale = { leadId: string; buyerId: string; priceCents: number; soldAt: Date };

export async function saleOf(db: Db | Tx, leadId: string): Promise<Sale | undefined> {
  const [row] = await db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.leadId, leadId), eq(ledgerEntries.kind, "sold")))
    .limit(1);
  if (row === undefined || row.buyerId === null) return undefined;
  return { leadId, buyerId: row.buyerId, priceCents: row.amountCents, soldAt: row.at };
}
