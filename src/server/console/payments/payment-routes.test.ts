import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { PAYMENT_MESSAGES } from "../../../domain/contracts/buyer-payments.ts";
import { saveBuyer } from "../../distribution/auction/buyer-registry.ts";
import { auditLog, buyerAccounts, buyerPayments } from "../../platform/db/schema.ts";
import { ledgerRowsOfLead, verifyLedger } from "../../partners/ledger/ledger-store.ts";
import { NO_PROVIDER, TOP_UP_NOT_OFFERED } from "../../partners/payments/payment-provider.ts";
import { billedBuyer, signedSessionEvent } from "../../partners/payments/payments.testing.ts";
import { NOT_ALLOWED } from "../access/console-access.ts";

const DAY = 86_400_000;
const today = () => new Date().toISOString().slice(0, 10);

describe("the console's buyer payments", () => {
  let t: TestApp;
  let manager: ConsoleUser;
  let analyst: ConsoleUser;
  beforeAll(async () => {
    t = await createTestApp();
    manager = await signInAs(t, "manager");
    analyst = await signInAs(t, "analyst");
    await saveBuyer(
      t.database.db,
      billedBuyer("buyer-pp", { kind: "prepaid", lowRoomAlert: 50, email: "ap@buyer.test" }),
    );
    await saveBuyer(t.database.db, billedBuyer("buyer-ref", { kind: "prepaid" }));
  });
  afterAll(() => t.app.close());

  const record = (who: ConsoleUser, payload: object, buyer = "buyer-pp") =>
    t.app.inject({ method: "POST", url: `/api/console/buyers/${buyer}/payments`, headers: who.write, payload });
  const account = (who: ConsoleUser, buyer = "buyer-pp") =>
    t.app.inject({ method: "GET", url: `/api/console/buyers/${buyer}/account`, headers: who.read });

  it("records a payment in dollars, credits the room, writes the ledger and the audit log, and shows it", async () => {
    const db = t.database.db;
    // The buyer was alerted at a room below $50: the payment lifts it back, and the mark goes.
    await db.insert(buyerAccounts).values({ buyerId: "buyer-pp", chargedCents: 2_000, lowRoomAlertedAt: new Date() });

    const paid = await record(manager, { amount: 1500.5, reference: "  Wire 20260302-77 ", paid_on: today() });
    expect(paid.statusCode, paid.body).toBe(201);
    const { payment, account: after } = paid.json().data;
    expect(payment).toMatchObject({
      buyer_id: "buyer-pp",
      amount_cents: 150_050,
      reference: "Wire 20260302-77",
      paid_on: today(),
      source: "operator",
      external_id: null,
      recorded_by: manager.email,
    });
    expect(after).toEqual({
      billing: "prepaid",
      credited_cents: 150_050,
      charged_cents: 2_000,
      held_cents: 0,
      room_cents: 148_050,
      low_room_alerted_at: null,
    });

    expect((await ledgerRowsOfLead(db, payment.id)).map((r) => [r.kind, r.buyer_id, r.amount_cents])).toEqual([
      ["payment", "buyer-pp", 150_050],
    ]);
    expect((await verifyLedger(db)).broken).toBeNull();
    const audit = await db.select().from(auditLog).where(eq(auditLog.target, payment.id));
    expect(audit.map((a) => [a.action, a.operatorEmail, a.details])).toEqual([
      ["payment.record", manager.email, { buyer_id: "buyer-pp", amount_cents: 150_050, paid_on: today() }],
    ]);

    const shown = await account(manager);
    expect(shown.statusCode).toBe(200);
    expect(shown.json().data).toEqual({
      account: after,
      top_up_offered: false,
      payments: [{ ...payment }],
      more: false,
    });
  });

  it("refuses a second payment under a reference the buyer has, whatever its case, and credits nothing", async () => {
    const first = await record(manager, { amount: 200, reference: "Cheque 4471", paid_on: today() }, "buyer-ref");
    expect(first.statusCode, first.body).toBe(201);
    const again = await record(manager, { amount: 200, reference: " CHEQUE 4471 ", paid_on: today() }, "buyer-ref");
    expect(again.statusCode).toBe(409);
    expect(Object.keys(again.json().errors)).toEqual(["reference"]);
    expect((await account(manager, "buyer-ref")).json().data).toMatchObject({
      account: { credited_cents: 20_000 },
      payments: [expect.objectContaining({ reference: "Cheque 4471" })],
    });
    // Another buyer may have a payment under the same words.
    expect((await record(manager, { amount: 5, reference: "Cheque 4471", paid_on: today() })).statusCode).toBe(201);
  });

  it("answers each field's fault in words, and records nothing", async () => {
    const db = t.database.db;
    const before = await db.select().from(buyerPayments);
    const tomorrow = new Date(Date.now() + 2 * DAY).toISOString().slice(0, 10);
    const cases: [object, Record<string, string>][] = [
      [{ amount: 0, reference: "r", paid_on: today() }, { amount: PAYMENT_MESSAGES.positive }],
      [{ amount: -5, reference: "r", paid_on: today() }, { amount: PAYMENT_MESSAGES.positive }],
      [{ amount: 10.005, reference: "r", paid_on: today() }, { amount: PAYMENT_MESSAGES.cents }],
      [{ amount: "10", reference: "r", paid_on: today() }, { amount: PAYMENT_MESSAGES.amount }],
      [{ amount: 20_000_000, reference: "r", paid_on: today() }, { amount: PAYMENT_MESSAGES.tooLarge }],
      [{ amount: 10, reference: "   ", paid_on: today() }, { reference: PAYMENT_MESSAGES.reference }],
      [{ amount: 10, reference: "x".repeat(101), paid_on: today() }, { reference: PAYMENT_MESSAGES.reference }],
      [{ amount: 10, reference: "r", paid_on: "2026-02-30" }, { paid_on: PAYMENT_MESSAGES.day }],
      [{ amount: 10, reference: "r", paid_on: "03/02/2026" }, { paid_on: PAYMENT_MESSAGES.day }],
      [{ amount: 10, reference: "r", paid_on: tomorrow }, { paid_on: PAYMENT_MESSAGES.future }],
      [{}, { amount: PAYMENT_MESSAGES.amount, reference: PAYMENT_MESSAGES.reference, paid_on: PAYMENT_MESSAGES.day }],
    ];
    for (const [payload, errors] of cases) {
      const res = await record(manager, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(res.json().errors, JSON.stringify(payload)).toEqual(errors);
    }
    // Ten cents and two decimals are not float noise: 0.1 + 0.2 dollars is 30 cents.
    const exact = await record(manager, { amount: 0.1 + 0.2, reference: "r", paid_on: today() });
    expect(exact.statusCode, exact.body).toBe(201);
    expect(exact.json().data.payment.amount_cents).toBe(30);

    const missing = await record(manager, { amount: 10, reference: "r", paid_on: today() }, "no-such-buyer");
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe("No buyer with that id.");
    expect(await db.select().from(buyerPayments)).toHaveLength(before.length + 1);
  });

  it("lets an analyst neither read a buyer's account nor record a payment", async () => {
    const db = t.database.db;
    const before = await db.select().from(buyerPayments);
    const read = await account(analyst);
    expect(read.statusCode).toBe(403);
    expect(read.json().message).toBe(NOT_ALLOWED);
    // Refused before validation: even a valid body gets 403, and an invalid one is not described.
    for (const payload of [{ amount: 10, reference: "r", paid_on: today() }, { amount: "x" }]) {
      const res = await record(analyst, payload);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({ status: 403, message: NOT_ALLOWED });
    }
    const topUp = await t.app.inject({
      method: "POST",
      url: "/api/console/buyers/buyer-pp/top-up",
      headers: analyst.write,
      payload: { amount: 10 },
    });
    expect(topUp.statusCode).toBe(403);
    expect(await db.select().from(buyerPayments)).toHaveLength(before.length);
  });

  it("offers no top-up and no webhook without a payment provider", async () => {
    const topUp = await t.app.inject({
      method: "POST",
      url: "/api/console/buyers/buyer-pp/top-up",
      headers: manager.write,
      payload: { amount: 100 },
    });
    expect(topUp.statusCode).toBe(409);
    expect(topUp.json().message).toBe(TOP_UP_NOT_OFFERED);

    const before = await t.database.db.select().from(buyerPayments);
    const event = signedSessionEvent({ id: "cs_test_offline", buyerId: "buyer-pp", amountCents: 5_000 });
    const hook = await t.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: { "content-type": "application/json", "stripe-signature": event.signature },
      payload: event.body,
    });
    expect(hook.statusCode).toBe(404);
    expect(hook.json().message).toBe(NO_PROVIDER);
    expect(await t.database.db.select().from(buyerPayments)).toHaveLength(before.length);
  });
});
