import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { saveBuyer } from "../../distribution/auction/buyer-registry.ts";
import { buyerPayments, ledgerEntries } from "../../platform/db/schema.ts";
import { verifyLedger } from "../ledger/ledger-store.ts";
import { buyerAccountOf } from "./payment-store.ts";
import {
  billedBuyer,
  signedSessionEvent,
  startFakeStripe,
  TEST_STRIPE_KEY,
  TEST_WEBHOOK_SECRET,
  type FakeStripe,
} from "./payments.testing.ts";
import { BAD_SIGNATURE, PROVIDER_FAILED } from "./stripe-provider.ts";

const PREPAID = { kind: "prepaid" } as const;

describe("top-ups through Stripe", () => {
  let stripe: FakeStripe;
  let t: TestApp;
  let manager: ConsoleUser;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      STRIPE_SECRET_KEY: TEST_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      PUBLIC_BASE_URL: "https://loanpath.test",
    });
    manager = await signInAs(t, "manager");
    await saveBuyer(t.database.db, billedBuyer("buyer-t", PREPAID));
  });
  afterAll(async () => {
    await t.app.close();
    await stripe.close();
  });

  const deliver = (event: { body: string; signature?: string }) =>
    t.app.inject({
      method: "POST",
      url: "/api/payments/stripe/webhook",
      headers: {
        "content-type": "application/json; charset=utf-8",
        ...(event.signature === undefined ? {} : { "stripe-signature": event.signature }),
      },
      payload: event.body,
    });
  const paymentsOfBuyer = (buyerId: string) =>
    t.database.db.select().from(buyerPayments).where(eq(buyerPayments.buyerId, buyerId));

  it("makes a Checkout Session naming the buyer, on the configured API with the secret key, and answers its page", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/console/buyers/buyer-t/top-up",
      headers: manager.write,
      payload: { amount: 250.25 },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.url).toBe("https://checkout.stripe.test/c/pay/cs_test_fake1");
    expect(stripe.requests).toHaveLength(1);
    const [call] = stripe.requests;
    expect(call!.method).toBe("POST");
    expect(call!.path).toBe("/v1/checkout/sessions");
    expect(call!.headers.authorization).toBe(`Bearer ${TEST_STRIPE_KEY}`);
    expect(Object.fromEntries(call!.form)).toMatchObject({
      mode: "payment",
      "line_items[0][quantity]": "1",
      "line_items[0][price_data][currency]": "usd",
      "line_items[0][price_data][unit_amount]": "25025",
      "metadata[buyer_id]": "buyer-t",
      client_reference_id: "buyer-t",
      success_url: "https://loanpath.test/console/buyers/buyer-t",
    });
    // The secret key is in no log line.
    expect(t.logs()).not.toContain(TEST_STRIPE_KEY);

    const shown = await t.app.inject({
      method: "GET",
      url: "/api/console/buyers/buyer-t/account",
      headers: manager.read,
    });
    expect(shown.json().data.top_up_offered).toBe(true);
  });

  it("records a paid session's payment once, however often the webhook is delivered", async () => {
    const db = t.database.db;
    const event = signedSessionEvent({ id: "cs_test_paid", buyerId: "buyer-t", amountCents: 25_025 });
    const first = await deliver(event);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().message).toBe("Payment recorded.");
    const paymentId = first.json().data.payment_id;
    expect(paymentId).toMatch(/^pay_/);

    const again = await deliver(event);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({
      message: "This payment was recorded before.",
      data: { payment_id: paymentId },
    });
    // Its late confirmation (a bank debit's) is the same session: recorded once too.
    const late = await deliver(
      signedSessionEvent(
        { id: "cs_test_paid", buyerId: "buyer-t", amountCents: 25_025 },
        { type: "checkout.session.async_payment_succeeded" },
      ),
    );
    expect(late.json().data.payment_id).toBe(paymentId);

    const payments = await paymentsOfBuyer("buyer-t");
    expect(payments).toHaveLength(1);
    expect(payments[0]).toMatchObject({
      id: paymentId,
      amountCents: 25_025,
      source: "stripe",
      externalId: "cs_test_paid",
      reference: "cs_test_paid",
      paidOn: new Date().toISOString().slice(0, 10),
      operatorId: null,
    });
    const ledger = await db.select().from(ledgerEntries).where(eq(ledgerEntries.buyerId, "buyer-t"));
    expect(ledger.map((r) => [r.kind, r.leadId, r.amountCents])).toEqual([["payment", paymentId, 25_025]]);
    expect((await verifyLedger(db)).broken).toBeNull();
    expect(await buyerAccountOf(db, "buyer-t", PREPAID)).toMatchObject({ creditedCents: 25_025, roomCents: 25_025 });
  });

  it("answers 400 to a signature that does not vouch for the body, and writes nothing", async () => {
    const good = signedSessionEvent({ id: "cs_test_forged", buyerId: "buyer-t", amountCents: 99_900 });
    const otherSecret = signedSessionEvent(
      { id: "cs_test_forged", buyerId: "buyer-t", amountCents: 99_900 },
      { secret: "whsec_someone_else" },
    );
    const before = await paymentsOfBuyer("buyer-t");
    for (const forged of [
      otherSecret,
      // A body changed after signing (the amount raised).
      { body: good.body.replace("99900", "9990000"), signature: good.signature },
      { body: good.body, signature: "t=1,v1=00" },
      { body: good.body },
    ]) {
      const res = await deliver(forged);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, message: BAD_SIGNATURE });
    }
    expect(await paymentsOfBuyer("buyer-t")).toHaveLength(before.length);
    expect(
      await t.database.db.select().from(buyerPayments).where(eq(buyerPayments.externalId, "cs_test_forged")),
    ).toEqual([]);
  });

  it("answers 200 and records nothing for an unpaid session, another event, or a session that is no top-up", async () => {
    const before = await t.database.db.select().from(buyerPayments);
    for (const event of [
      signedSessionEvent({ id: "cs_test_unpaid", buyerId: "buyer-t", amountCents: 100, paymentStatus: "unpaid" }),
      signedSessionEvent(
        { id: "cs_test_expired", buyerId: "buyer-t", amountCents: 100 },
        { type: "checkout.session.expired" },
      ),
      signedSessionEvent({ id: "cs_test_other", amountCents: 100 }),
    ]) {
      const res = await deliver(event);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ status: 200, message: "Nothing to record.", data: { payment_id: null } });
    }
    expect(await t.database.db.select().from(buyerPayments)).toHaveLength(before.length);
  });

  it("records a paid top-up for a buyer no longer configured, as unbilled", async () => {
    const res = await deliver(signedSessionEvent({ id: "cs_test_gone", buyerId: "buyer-gone", amountCents: 700 }));
    expect(res.statusCode).toBe(200);
    expect(await paymentsOfBuyer("buyer-gone")).toHaveLength(1);
    expect(await buyerAccountOf(t.database.db, "buyer-gone", { kind: "none" })).toMatchObject({ creditedCents: 700 });
  });
});

describe("Stripe's API behind the outbound guard", () => {
  it("is not called on a loopback address the guard does not allow: the top-up fails in words", async () => {
    const stripe = await startFakeStripe();
    const t = await createTestApp({
      STRIPE_SECRET_KEY: TEST_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      OUTBOUND_ALLOWED_HOSTS: "",
    });
    try {
      const manager = await signInAs(t, "manager");
      await saveBuyer(t.database.db, billedBuyer("buyer-g", PREPAID));
      const res = await t.app.inject({
        method: "POST",
        url: "/api/console/buyers/buyer-g/top-up",
        headers: manager.write,
        payload: { amount: 10 },
      });
      expect(res.statusCode).toBe(502);
      expect(res.json().message).toBe(PROVIDER_FAILED);
      expect(stripe.requests).toEqual([]);
    } finally {
      await t.app.close();
      await stripe.close();
    }
  });
});
