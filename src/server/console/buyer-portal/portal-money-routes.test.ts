import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { PAYMENT_MESSAGES } from "../../../domain/contracts/buyer-payments.ts";
import { saveBuyer } from "../../distribution/auction/buyer-registry.ts";
import { auditLog, buyerAccounts } from "../../platform/db/schema.ts";
import { appendLedger } from "../../partners/ledger/ledger-store.ts";
import { TOP_UP_NOT_OFFERED } from "../../partners/payments/payment-provider.ts";
import { recordPayment } from "../../partners/payments/payment-store.ts";
import {
  billedBuyer,
  startFakeStripe,
  TEST_STRIPE_KEY,
  TEST_WEBHOOK_SECRET,
  type FakeStripe,
} from "../../partners/payments/payments.testing.ts";
import { NOT_ALLOWED } from "../access/console-access.ts";
import { BUYER_GONE } from "./portal-buyer.ts";

// The buyer portal's balance (docs/product/buyer-money.md#the-buyer-portal): a buyer account reads its own account
// and movements, and tops up through the app's payment provider; the buyer is the session's, whatever is sent.

const CREDIT = { kind: "credit", creditLimit: 100 } as const;

const topUpActions = (db: TestApp["database"]["db"]) =>
  db.select().from(auditLog).where(eq(auditLog.action, "payment.top_up"));

describe("the buyer portal's balance", () => {
  let t: TestApp;
  let buyer: ConsoleUser;
  let owner: ConsoleUser;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await saveBuyer(db, billedBuyer("pm-a", CREDIT));
    await saveBuyer(db, billedBuyer("pm-b", { kind: "prepaid" }));
    buyer = await signInAs(t, "buyer", undefined, "pm-a");
    owner = await signInAs(t, "owner");
    await db.transaction((tx) =>
      appendLedger(tx, [
        { kind: "sold", leadId: "lead-a1", buyerId: "pm-a", amountCents: 4_000, at: new Date("2026-03-01T10:00:00Z") },
        { kind: "sold", leadId: "lead-b1", buyerId: "pm-b", amountCents: 9_900, at: new Date("2026-03-01T11:00:00Z") },
        { kind: "sold", leadId: "lead-a2", buyerId: "pm-a", amountCents: 2_500, at: new Date("2026-03-02T10:00:00Z") },
        {
          kind: "returned",
          leadId: "lead-a1",
          buyerId: "pm-a",
          amountCents: -4_000,
          at: new Date("2026-03-03T10:00:00Z"),
        },
      ]),
    );
    await recordPayment(
      db,
      { buyerId: "pm-a", amountCents: 15_000, reference: "Wire 77", paidOn: "2026-03-04", source: "operator" },
      CREDIT,
    );
    await recordPayment(
      db,
      { buyerId: "pm-b", amountCents: 1_000, reference: "Other's wire", paidOn: "2026-03-04", source: "operator" },
      { kind: "prepaid" },
    );
    // The running sums as the auction and the approvals leave them: two sales charged, one refund, a post in flight.
    await db
      .update(buyerAccounts)
      .set({ creditedCents: 19_000, chargedCents: 6_500, heldCents: 1_200 })
      .where(eq(buyerAccounts.buyerId, "pm-a"));
  });
  afterAll(() => t.app.close());

  const account = (user: ConsoleUser, query = "") =>
    t.app.inject({ method: "GET", url: `/api/console/portal/account${query}`, headers: user.read });

  it("answers its own account, its room and its movements, newest first, and nothing of another buyer", async () => {
    const res = await account(buyer);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.buyer).toEqual({ id: "pm-a", name: "Buyer pm-a" });
    expect(data.account).toEqual({
      billing: "credit",
      credited_cents: 19_000,
      charged_cents: 6_500,
      held_cents: 1_200,
      // Its credit limit on top of what its payments and refunds leave.
      room_cents: 10_000 + 19_000 - 6_500 - 1_200,
      credit_limit_cents: 10_000,
      low_room_alerted_at: null,
    });
    expect(data.top_up_offered).toBe(false);
    const movements = data.movements as { kind: string; amount_cents: number; lead_id: string | null }[];
    expect(movements.map((m) => [m.kind, m.amount_cents, m.lead_id])).toEqual([
      ["payment", 15_000, null],
      ["returned", 4_000, "lead-a1"],
      ["sold", -2_500, "lead-a2"],
      ["sold", -4_000, "lead-a1"],
    ]);
    expect(data.movements[0]).toMatchObject({
      payment: { reference: "Wire 77", paid_on: "2026-03-04", source: "operator" },
    });
    expect(data.movements[0].payment.id).toMatch(/^pay_/);
    expect(data.movements[1]).toMatchObject({ at: "2026-03-03T10:00:00.000Z", payment: null });
    expect(data.next_before).toBeNull();
    expect(res.body).not.toContain("lead-b1");
    expect(res.body).not.toContain("Other's wire");
  });

  it("pages its movements back from a row, and says where the next page starts", async () => {
    const first = (await account(buyer, "?limit=3")).json().data;
    expect(first.movements.map((m: { kind: string }) => m.kind)).toEqual(["payment", "returned", "sold"]);
    expect(first.next_before).toBe(first.movements[2].seq);
    const rest = (await account(buyer, `?limit=3&before=${first.next_before as number}`)).json().data;
    expect(rest.movements.map((m: { lead_id: string }) => m.lead_id)).toEqual(["lead-a1"]);
    expect(rest.movements[0].kind).toBe("sold");
    expect(rest.next_before).toBeNull();
    expect((await account(buyer, "?limit=0")).statusCode).toBe(400);
    expect((await account(buyer, "?limit=201")).statusCode).toBe(400);
  });

  it("takes no buyer from the address: a buyer id asked for is not another buyer's account", async () => {
    const res = await account(buyer, "?buyer=pm-b&buyer_id=pm-b&id=pm-b");
    expect(res.statusCode).toBe(200);
    expect(res.json().data.buyer.id).toBe("pm-a");
  });

  it("offers no top-up without a payment provider: 409 with the provider's message, and audits nothing", async () => {
    const before = await topUpActions(t.database.db);
    const res = await t.app.inject({
      method: "POST",
      url: "/api/console/portal/top-up",
      headers: buyer.write,
      payload: { amount: 50 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 409, message: TOP_UP_NOT_OFFERED });
    expect(await topUpActions(t.database.db)).toHaveLength(before.length);
    const small = await t.app.inject({
      method: "POST",
      url: "/api/console/portal/top-up",
      headers: buyer.write,
      payload: { amount: 0.5 },
    });
    expect(small.statusCode).toBe(400);
    expect(small.json().errors).toEqual({ amount: PAYMENT_MESSAGES.topUpTooSmall });
  });

  it("refuses an owner every portal route: the portal is a buyer account's alone", async () => {
    const calls = [
      { method: "GET", url: "/api/console/portal/account" },
      { method: "GET", url: "/api/console/portal/invoices" },
      { method: "GET", url: "/api/console/portal/invoices/1/pdf" },
      { method: "GET", url: "/api/console/portal/invoices/1/csv" },
      { method: "POST", url: "/api/console/portal/top-up" },
    ] as const;
    for (const { method, url } of calls) {
      const res = await t.app.inject({
        method,
        url,
        headers: method === "GET" ? owner.read : owner.write,
        payload: method === "GET" ? undefined : { amount: 50 },
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(NOT_ALLOWED);
    }
  });

  it("answers 403 to an account whose buyer is gone from the network, as every portal route does", async () => {
    const orphan = await signInAs(t, "buyer", undefined, "pm-gone");
    for (const url of ["/api/console/portal/account", "/api/console/portal/invoices"]) {
      const res = await t.app.inject({ method: "GET", url, headers: orphan.read });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(BUYER_GONE);
    }
  });
});

describe("a top-up from the buyer portal", () => {
  let stripe: FakeStripe;
  let t: TestApp;
  let buyer: ConsoleUser;
  beforeAll(async () => {
    stripe = await startFakeStripe();
    t = await createTestApp({
      STRIPE_SECRET_KEY: TEST_STRIPE_KEY,
      STRIPE_WEBHOOK_SECRET: TEST_WEBHOOK_SECRET,
      STRIPE_API_URL: stripe.url,
      PUBLIC_BASE_URL: "https://loanpath.test",
    });
    await saveBuyer(t.database.db, billedBuyer("pm-t", { kind: "prepaid" }));
    await saveBuyer(t.database.db, billedBuyer("pm-other", { kind: "prepaid" }));
    buyer = await signInAs(t, "buyer", undefined, "pm-t");
  });
  afterAll(async () => {
    await t.app.close();
    await stripe.close();
  });

  it("makes a Checkout Session for its own buyer, back to its balance, audited as the console's top-up", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/console/portal/top-up",
      headers: buyer.write,
      // A buyer named in the body is not taken: the session's is.
      payload: { amount: 75.5, buyer_id: "pm-other" },
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().data.url).toBe("https://checkout.stripe.test/c/pay/cs_test_fake1");
    expect(stripe.requests).toHaveLength(1);
    expect(Object.fromEntries(stripe.requests[0]!.form)).toMatchObject({
      mode: "payment",
      "line_items[0][price_data][unit_amount]": "7550",
      "metadata[buyer_id]": "pm-t",
      client_reference_id: "pm-t",
      success_url: "https://loanpath.test/console/portal/balance",
      cancel_url: "https://loanpath.test/console/portal/balance",
    });
    const audit = await topUpActions(t.database.db);
    expect(audit.map((a) => [a.operatorEmail, a.target, a.details])).toEqual([
      [buyer.email, "pm-t", { amount_cents: 7_550 }],
    ]);
    const shown = await t.app.inject({ method: "GET", url: "/api/console/portal/account", headers: buyer.read });
    expect(shown.json().data.top_up_offered).toBe(true);
  });
});
