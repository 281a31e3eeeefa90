import { randomBytes } from "node:crypto";
import type { Db } from "../../platform/db/database.ts";
import { auctions, leads } from "../../platform/db/schema.ts";
import { appendLedger } from "../ledger/ledger-store.ts";
import type { PostbackEvent, PostbackSink } from "../postbacks/postback-events.ts";

// Sales for the returns tests (and an end-to-end test): a lead, its accepted auction and the ledger's `sold` row,
// written directly, as the settle pass will; optionally the publisher's payout, earned and perhaps final.

export type SeededSale = {
  leadId?: string;
  buyerId: string;
  priceCents: number;
  soldAt: Date;
  phone?: string;
  emailHash?: string | null;
  phoneHash?: string | null;
  attribution?: Record<string, string>;
  payout?: { publisherId: string; cents: number; final?: boolean };
};

export async function seedSale(db: Db, sale: SeededSale): Promise<string> {
  const leadId = sale.leadId ?? `ld_ret_${randomBytes(6).toString("hex")}`;
  await db.insert(leads).values({
    id: leadId,
    accessTokenHash: "x",
    cell_phone: sale.phone ?? null,
    created_at: sale.soldAt,
  });
  await db.insert(auctions).values({
    leadId,
    status: "accepted",
    buyerId: sale.buyerId,
    priceCents: sale.priceCents,
    attribution: sale.attribution ?? {},
    emailHash: sale.emailHash ?? null,
    phoneHash: sale.phoneHash ?? null,
    deadlineAt: sale.soldAt,
    createdAt: sale.soldAt,
    decidedAt: sale.soldAt,
  });
  await db.transaction(async (tx) => {
    await appendLedger(
      tx,
      [{ kind: "sold", leadId, buyerId: sale.buyerId, amountCents: sale.priceCents }],
      sale.soldAt,
    );
    if (sale.payout) {
      const { publisherId, cents } = sale.payout;
      await appendLedger(tx, [{ kind: "payout_earned", leadId, publisherId, amountCents: cents }], sale.soldAt);
      if (sale.payout.final)
        await appendLedger(tx, [{ kind: "payout_final", leadId, publisherId, amountCents: cents }], sale.soldAt);
    }
  });
  return leadId;
}

/** A sink that keeps what it is handed, for a test to read. */
export function recordingSink(): PostbackSink & { events: PostbackEvent[] } {
  const events: PostbackEvent[] = [];
  const sink = async (_tx: unknown, event: PostbackEvent) => {
    events.push(event);
  };
  return Object.assign(sink, { events });
}

/** A moment in the current UTC month, `ms` before now if the month is that old, else the month's first moment. */
export function earlierThisMonth(ms: number, now = new Date()): Date {
  const start = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  return new Date(Math.max(start, now.getTime() - ms));
}
