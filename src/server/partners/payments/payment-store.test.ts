import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { Database } from "../../platform/db/database.ts";
import { buyerAccounts, buyerPayments, ledgerEntries } from "../../platform/db/schema.ts";
import { ledgerRowsOfLead, verifyLedger } from "../ledger/ledger-store.ts";
import { buyerAccountOf, paymentsOf, recordPayment, type PaymentInput } from "./payment-store.ts";

const PREPAID = { kind: "prepaid" } as const;

describe("a buyer's payments", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  // Each payment its own reference unless a test names one: a buyer's operator payments have one each.
  let wires = 122;
  const pay = (
    input: Partial<PaymentInput> & { buyerId: string },
    billing: Parameters<typeof recordPayment>[2] = PREPAID,
  ) => {
    wires += 1;
    return recordPayment(
      database.db,
      { amountCents: 10_000, reference: `wire ${wires}`, paidOn: "2026-03-02", source: "operator", ...input },
      billing,
    );
  };

  it("writes the payment, its ledger row chained to the others and the credit, and lists them", async () => {
    const db = database.db;
    const seen: string[] = [];
    const first = await pay({
      buyerId: "buyer-p",
      reference: "wire 123",
      amountCents: 250_000,
      operatorId: "op-1",
      now: new Date("2026-03-02T10:00:00Z"),
      onRecorded: async (tx, payment) => {
        // Inside the payment's transaction: its own rows are there to read.
        const [row] = await tx.select().from(ledgerEntries).where(eq(ledgerEntries.leadId, payment.id));
        seen.push(`${payment.id}:${row?.kind}`);
      },
    });
    expect(first.created).toBe(true);
    expect(first.payment).toMatchObject({
      buyerId: "buyer-p",
      amountCents: 250_000,
      reference: "wire 123",
      paidOn: "2026-03-02",
      source: "operator",
      externalId: null,
      operatorId: "op-1",
    });
    expect(first.payment.id).toMatch(/^pay_[0-9a-f]{16}$/);
    expect(seen).toEqual([`${first.payment.id}:payment`]);
    expect(first.account).toEqual({
      creditedCents: 250_000,
      chargedCents: 0,
      heldCents: 0,
      roomCents: 250_000,
      lowRoomAlertedAt: null,
    });

    const second = await pay({ buyerId: "buyer-p", amountCents: 1_050, now: new Date("2026-03-02T11:00:00Z") });
    expect(second.account.creditedCents).toBe(251_050);
    expect(await buyerAccountOf(db, "buyer-p", PREPAID)).toMatchObject({ creditedCents: 251_050, roomCents: 251_050 });

    const rows = await ledgerRowsOfLead(db, first.payment.id);
    expect(rows.map((r) => [r.kind, r.buyer_id, r.publisher_id, r.amount_cents])).toEqual([
      ["payment", "buyer-p", null, 250_000],
    ]);
    const [again] = await ledgerRowsOfLead(db, second.payment.id);
    expect(again!.seq).toBe(rows[0]!.seq + 1);
    expect(again!.prev_hash).toBe(rows[0]!.hash);
    expect((await verifyLedger(db)).broken).toBeNull();

    expect((await paymentsOf(db, "buyer-p", 10)).map((p) => [p.id, p.amountCents])).toEqual([
      [second.payment.id, 1_050],
      [first.payment.id, 250_000],
    ]);
    expect(await paymentsOf(db, "buyer-p", 1)).toHaveLength(1);
  });

  it("writes nothing at all when the transaction fails after the payment", async () => {
    const db = database.db;
    const failing = pay({
      buyerId: "buyer-r",
      onRecorded: async () => {
        throw new Error("the audit entry failed");
      },
    });
    await expect(failing).rejects.toThrow("the audit entry failed");
    expect(await db.select().from(buyerPayments).where(eq(buyerPayments.buyerId, "buyer-r"))).toEqual([]);
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.buyerId, "buyer-r"))).toEqual([]);
    expect(await db.select().from(buyerAccounts).where(eq(buyerAccounts.buyerId, "buyer-r"))).toEqual([]);
  });

  it("records the provider's payment once, however often (and however concurrently) it is confirmed", async () => {
    const db = database.db;
    const confirmed = { buyerId: "buyer-s", source: "stripe" as const, externalId: "cs_test_1", amountCents: 5_000 };
    let audits = 0;
    const onRecorded = async () => {
      audits += 1;
    };
    const [a, b] = await Promise.all([pay({ ...confirmed, onRecorded }), pay({ ...confirmed, onRecorded })]);
    const third = await pay({ ...confirmed, amountCents: 9_999, onRecorded });
    expect([a.created, b.created].sort()).toEqual([false, true]);
    expect(third.created).toBe(false);
    expect(new Set([a.payment.id, b.payment.id, third.payment.id]).size).toBe(1);
    // The repeat answers the payment as first recorded, and the account as it stands.
    expect(third.payment.amountCents).toBe(5_000);
    expect(third.account.creditedCents).toBe(5_000);
    expect(audits).toBe(1);
    expect(await db.select().from(buyerPayments).where(eq(buyerPayments.buyerId, "buyer-s"))).toHaveLength(1);
    expect(await db.select().from(ledgerEntries).where(eq(ledgerEntries.buyerId, "buyer-s"))).toHaveLength(1);
    expect((await buyerAccountOf(db, "buyer-s", PREPAID)).creditedCents).toBe(5_000);

    // The same id from an operator's source is another payment.
    const other = await pay({ ...confirmed, source: "operator" });
    expect(other.created).toBe(true);
    expect(other.payment.id).not.toBe(a.payment.id);
  });

  it("clears the low-room mark only once the room is back at the threshold or above", async () => {
    const db = database.db;
    const alerted = new Date("2026-03-01T12:00:00Z");
    // On credit with a $300 limit, $250 charged and $100 held: room -$50; the alert is at $100, and went.
    await db.insert(buyerAccounts).values({
      buyerId: "buyer-c",
      chargedCents: 25_000,
      heldCents: 10_000,
      lowRoomAlertedAt: alerted,
    });
    const billing = { kind: "credit", creditLimit: 300, lowRoomAlert: 100 } as const;
    const short = await pay({ buyerId: "buyer-c", amountCents: 14_999 }, billing);
    expect(short.account).toMatchObject({ roomCents: 9_999, lowRoomAlertedAt: alerted });
    expect((await buyerAccountOf(db, "buyer-c", billing)).lowRoomAlertedAt).toEqual(alerted);

    const enough = await pay({ buyerId: "buyer-c", amountCents: 1 }, billing);
    expect(enough.account).toMatchObject({ roomCents: 10_000, lowRoomAlertedAt: null });
    expect((await buyerAccountOf(db, "buyer-c", billing)).lowRoomAlertedAt).toBeNull();
  });

  it("clears it for a buyer with no threshold or no limit, and leaves an unmarked account unmarked", async () => {
    const db = database.db;
    const marked = new Date("2026-03-01T12:00:00Z");
    await db.insert(buyerAccounts).values([
      { buyerId: "buyer-u", chargedCents: 90_000, lowRoomAlertedAt: marked },
      { buyerId: "buyer-n", chargedCents: 90_000, lowRoomAlertedAt: marked },
    ]);
    const unbilled = await pay({ buyerId: "buyer-u", amountCents: 100 }, { kind: "none" });
    expect(unbilled.account).toMatchObject({ roomCents: null, lowRoomAlertedAt: null });
    const noThreshold = await pay({ buyerId: "buyer-n", amountCents: 100 });
    expect(noThreshold.account).toMatchObject({ roomCents: -89_900, lowRoomAlertedAt: null });
    const fresh = await pay({ buyerId: "buyer-f", amountCents: 100 }, { ...PREPAID, lowRoomAlert: 1 });
    expect(fresh.account.lowRoomAlertedAt).toBeNull();
    expect((await buyerAccountOf(db, "buyer-u", { kind: "none" })).lowRoomAlertedAt).toBeNull();
    expect((await buyerAccountOf(db, "buyer-n", PREPAID)).lowRoomAlertedAt).toBeNull();
  });

  it("refuses an amount that is not whole cents above zero, and a day that is not one", async () => {
    await expect(pay({ buyerId: "buyer-x", amountCents: 0 })).rejects.toThrow(/above 0/);
    await expect(pay({ buyerId: "buyer-x", amountCents: 10.5 })).rejects.toThrow(/whole number of cents/);
    await expect(pay({ buyerId: "buyer-x", paidOn: "2026-02-30" })).rejects.toThrow(/YYYY-MM-DD/);
    expect(await database.db.select().from(buyerPayments).where(eq(buyerPayments.buyerId, "buyer-x"))).toEqual([]);
  });
});
