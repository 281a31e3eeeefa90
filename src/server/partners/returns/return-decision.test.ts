import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import { randomSecrets } from "../../../../tests/helpers/test-app.ts";
import { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { createPublisher } from "../publishers/publisher-store.ts";
import type { Database } from "../../platform/db/database.ts";
import { buyerAccounts, buyerCalls, leadReturns, publishers } from "../../platform/db/schema.ts";
import { ledgerRowsOfLead, verifyLedger } from "../ledger/ledger-store.ts";
import { decideReturn } from "./return-decision.ts";
import { fileReturn, isRefusal } from "./return-store.ts";
import { DEFAULT_RETURN_TERMS } from "./return-terms.ts";
import { earlierThisMonth, recordingSink, seedSale } from "./returns.testing.ts";

const HOUR = 3_600_000;

describe("deciding a return", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  async function pendingReturn(sale: Parameters<typeof seedSale>[1]) {
    const leadId = await seedSale(database.db, sale);
    const filed = await fileReturn(database.db, {
      buyerId: sale.buyerId,
      leadId,
      reason: "fraud",
      source: "console",
      terms: { ...DEFAULT_RETURN_TERMS, cap_percent: 100 },
    });
    if (isRefusal(filed)) throw new Error(filed.message);
    return { leadId, id: filed.id };
  }

  it("gives an approved return's price back as room to a buyer the sale was charged to, and to no other", async () => {
    const sink = recordingSink();
    const charged = await pendingReturn({ buyerId: "billed-b", priceCents: 4_000, soldAt: earlierThisMonth(HOUR) });
    const unbilled = await pendingReturn({ buyerId: "billed-b", priceCents: 700, soldAt: earlierThisMonth(HOUR) });
    // The first sale went through the billed buyer's gate (its post kept the hold); the second did not.
    await database.db.insert(buyerCalls).values([
      {
        leadId: charged.leadId,
        buyerId: "billed-b",
        kind: "post",
        state: "accepted",
        priceCents: 4_000,
        heldCents: 4_000,
      },
      { leadId: unbilled.leadId, buyerId: "billed-b", kind: "post", state: "accepted", priceCents: 700 },
    ]);
    await database.db.insert(buyerAccounts).values({ buyerId: "billed-b", creditedCents: 10_000, chargedCents: 4_000 });
    for (const { id } of [charged, unbilled])
      await decideReturn(database.db, { id, decision: "approved", note: "ok", operatorId: "op-1", sink });
    const [account] = await database.db.select().from(buyerAccounts).where(eq(buyerAccounts.buyerId, "billed-b"));
    expect(account).toMatchObject({ creditedCents: 14_000, chargedCents: 4_000 });
  });

  it("approved while the payout is on hold: returned and payout_reversed, and the publisher's returned event", async () => {
    const sink = recordingSink();
    const { leadId, id } = await pendingReturn({
      buyerId: "buyer-a",
      priceCents: 5_000,
      soldAt: earlierThisMonth(HOUR),
      attribution: { aff_id: "aff-1", clickid: "c-9" },
      payout: { publisherId: "pub-1", cents: 1_250 },
    });
    const decided = await decideReturn(database.db, { id, decision: "approved", note: "ok", operatorId: "op-1", sink });
    expect(decided).toMatchObject({ refundCents: -5_000, payoutReversedCents: -1_250, row: { state: "approved" } });
    const rows = await ledgerRowsOfLead(database.db, leadId);
    expect(rows.map((r) => [r.kind, r.buyer_id ?? r.publisher_id, r.amount_cents])).toEqual([
      ["sold", "buyer-a", 5_000],
      ["payout_earned", "pub-1", 1_250],
      ["returned", "buyer-a", -5_000],
      ["payout_reversed", "pub-1", -1_250],
    ]);
    expect(sink.events).toEqual([
      {
        publisherId: "pub-1",
        leadId,
        event: "returned",
        payoutCents: -1_250,
        attribution: { aff_id: "aff-1", clickid: "c-9" },
      },
    ]);
    expect((await verifyLedger(database.db)).broken).toBeNull();

    // Decided once: a second decision is refused and writes nothing.
    const again = await decideReturn(database.db, { id, decision: "rejected", note: "x", operatorId: "op-1", sink });
    expect(again).toEqual({ status: 409, message: "This return was approved already." });
    expect(await ledgerRowsOfLead(database.db, leadId)).toHaveLength(4);
  });

  it("approved after the payout became final: only the buyer's returned row, and a null payout on the event", async () => {
    const sink = recordingSink();
    const { leadId, id } = await pendingReturn({
      buyerId: "buyer-a",
      priceCents: 4_000,
      soldAt: earlierThisMonth(HOUR),
      payout: { publisherId: "pub-1", cents: 900, final: true },
    });
    await decideReturn(database.db, { id, decision: "approved", note: "ok", operatorId: "op-1", sink });
    const kinds = (await ledgerRowsOfLead(database.db, leadId)).map((r) => [r.kind, r.amount_cents]);
    expect(kinds).toEqual([
      ["sold", 4_000],
      ["payout_earned", 900],
      ["payout_final", 900],
      ["returned", -4_000],
    ]);
    expect(sink.events.map((e) => [e.event, e.publisherId, e.payoutCents])).toEqual([["returned", "pub-1", null]]);
  });

  it("rejected: no ledger row, no event, the decision kept", async () => {
    const sink = recordingSink();
    const { leadId, id } = await pendingReturn({
      buyerId: "buyer-b",
      priceCents: 3_000,
      soldAt: earlierThisMonth(HOUR),
      payout: { publisherId: "pub-1", cents: 500 },
    });
    await decideReturn(database.db, { id, decision: "rejected", note: "answers", operatorId: "op-2", sink });
    expect((await ledgerRowsOfLead(database.db, leadId)).map((r) => r.kind)).toEqual(["sold", "payout_earned"]);
    expect(sink.events).toEqual([]);
    const [row] = await database.db.select().from(leadReturns).where(eq(leadReturns.id, id));
    expect(row).toMatchObject({ state: "rejected", decidedBy: "op-2", decisionNote: "answers" });
  });

  it("hands the returned event to the aff_id's publisher only if it existed when the application came", async () => {
    const cipher = new PiiCipher(randomSecrets().piiKeyring);
    const rule = {
      payout_kind: "per_completed" as const,
      payout_amount: 0,
      hold_days: 30,
      postback_url: null,
      enabled: true,
    };
    await createPublisher(database.db, cipher, {
      id: "pub-early",
      name: "Early",
      aff_id: "aff-early",
      ...rule,
    } as const);
    await database.db
      .update(publishers)
      .set({ createdAt: new Date(0) })
      .where(eq(publishers.id, "pub-early"));
    const kept = await pendingReturn({
      buyerId: "buyer-c",
      priceCents: 2_000,
      soldAt: earlierThisMonth(HOUR),
      attribution: { aff_id: "aff-early" },
    });
    const before = await pendingReturn({
      buyerId: "buyer-c",
      priceCents: 2_000,
      soldAt: earlierThisMonth(HOUR),
      attribution: { aff_id: "aff-later" },
    });
    await createPublisher(database.db, cipher, {
      id: "pub-later",
      name: "Later",
      aff_id: "aff-later",
      ...rule,
    } as const);
    const sink = recordingSink();
    for (const { id } of [kept, before])
      await decideReturn(database.db, { id, decision: "approved", note: "ok", operatorId: "op-1", sink });
    expect(sink.events.map((e) => [e.leadId, e.publisherId])).toEqual([[kept.leadId, "pub-early"]]);
  });

  it("leaves nothing half written when the sink fails", async () => {
    const { leadId, id } = await pendingReturn({
      buyerId: "buyer-b",
      priceCents: 3_000,
      soldAt: earlierThisMonth(HOUR),
      payout: { publisherId: "pub-1", cents: 500 },
    });
    const failing = async () => {
      throw new Error("outbox down");
    };
    await expect(
      decideReturn(database.db, { id, decision: "approved", note: "ok", operatorId: "op-1", sink: failing }),
    ).rejects.toThrow("outbox down");
    expect((await ledgerRowsOfLead(database.db, leadId)).map((r) => r.kind)).toEqual(["sold", "payout_earned"]);
    const [row] = await database.db.select().from(leadReturns).where(eq(leadReturns.id, id));
    expect(row?.state).toBe("pending");
  });
});
