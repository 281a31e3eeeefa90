import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, randomSecrets, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { monthOf } from "../../partners/ledger/ledger-chain.ts";
import { appendLedger } from "../../partners/ledger/ledger-store.ts";
import { createPublisher } from "../../partners/publishers/publisher-store.ts";
import { headSignatureHolds } from "../../partners/receipts/receipt-check.ts";
import { receiptKeyOf } from "../../partners/receipts/receipt-key.ts";
import { NOT_ALLOWED } from "../access/console-access.ts";

describe("the console's statements", () => {
  let t: TestApp;
  let manager: ConsoleUser;
  const now = new Date();
  const lastMonthAt = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 15));
  const thisMonth = monthOf(now);
  const lastMonth = monthOf(lastMonthAt);

  beforeAll(async () => {
    t = await createTestApp();
    manager = await signInAs(t, "manager");
    const db = t.database.db;
    await createPublisher(db, new PiiCipher(randomSecrets().piiKeyring), {
      id: "acme",
      name: "Acme Media",
      aff_id: "A1",
      payout_kind: "per_sold",
      payout_amount: 500,
      hold_days: 30,
      postback_url: null,
      enabled: true,
    });
    await db.transaction((tx) =>
      appendLedger(
        tx,
        [
          { kind: "sold", leadId: "s1", buyerId: "lender-x", amountCents: 4_000 },
          { kind: "payout_earned", leadId: "s1", publisherId: "acme", amountCents: 500 },
        ],
        lastMonthAt,
      ),
    );
    await db.transaction((tx) =>
      appendLedger(tx, [{ kind: "returned", leadId: "s1", buyerId: "lender-x", amountCents: -4_000 }], now),
    );
  });
  afterAll(() => t.app.close());

  const get = (url: string, user = manager) => t.app.inject({ method: "GET", url, headers: user.read });

  it("lists a closed month as written at its close, and the open month live", async () => {
    const closed = await get(`/api/console/statements?month=${lastMonth}`);
    expect(closed.statusCode, closed.body).toBe(200);
    expect(closed.json().data).toMatchObject({
      month: lastMonth,
      state: "closed",
      statements: [
        {
          partner_kind: "buyer",
          partner_id: "lender-x",
          name: "lender-x",
          totals: { leads_sold: 1, sold_cents: 4_000, returns: 0, net_cents: 4_000 },
        },
        { partner_kind: "publisher", partner_id: "acme", name: "Acme Media", totals: { earned_cents: 500 } },
      ],
    });
    // The ledger's head at the close (both rows were there), signed with the publisher API's key.
    const { head } = closed.json().data;
    expect(head.head).toMatchObject({ seq: 3, issued_at: closed.json().data.closed_at });
    expect(headSignatureHolds(head, receiptKeyOf(t.secrets.tokenSecret).publicPem)).toBe(true);
    const open = await get("/api/console/statements");
    expect(open.json().data).toMatchObject({
      month: thisMonth,
      state: "open",
      closed_at: null,
      head: null,
      statements: [{ partner_id: "lender-x", totals: { leads_sold: 0, returns: 1, net_cents: -4_000 } }],
    });
    const one = await get(`/api/console/statements/publisher/acme?month=${lastMonth}`);
    expect(one.json().data).toMatchObject({
      state: "closed",
      head,
      statement: { partner_id: "acme", name: "Acme Media" },
    });
    expect((await get(`/api/console/statements/publisher/nobody?month=${lastMonth}`)).statusCode).toBe(404);
    expect((await get("/api/console/statements?month=2026-13")).statusCode).toBe(400);
  });

  it("says an ended month without a ledger row had no activity, and a month to come has not started", async () => {
    const quiet = monthOf(new Date(Date.UTC(now.getUTCFullYear() - 1, now.getUTCMonth(), 15)));
    for (let read = 0; read < 2; read++) {
      // Read twice: the first read closes the month (nothing to write), the second reads it closed.
      expect((await get(`/api/console/statements?month=${quiet}`)).json().data).toEqual({
        month: quiet,
        state: "no_activity",
        closed_at: null,
        head: null,
        statements: [],
      });
    }
    const next = monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 15)));
    expect((await get(`/api/console/statements?month=${next}`)).json().data).toEqual({
      month: next,
      state: "not_started",
      closed_at: null,
      head: null,
      statements: [],
    });
  });

  it("downloads each kind as a CSV file", async () => {
    const res = await get(`/api/console/statements.csv?month=${lastMonth}&kind=publisher`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toBe(
      `attachment; filename="loanpath-publisher-statements-${lastMonth}.csv"`,
    );
    expect(res.body.split("\r\n")[1]).toBe(`${lastMonth},acme,Acme Media,1,5.00,0,0.00,0,0.00,5.00`);
  });

  it("are for partners:read only", async () => {
    const analyst = await signInAs(t, "analyst");
    const res = await get("/api/console/statements", analyst);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(NOT_ALLOWED);
    expect((await get(`/api/console/statements.csv?month=${lastMonth}&kind=buyer`, analyst)).statusCode).toBe(403);
  });
});
