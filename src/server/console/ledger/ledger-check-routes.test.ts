import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { appendLedger } from "../../partners/ledger/ledger-store.ts";

describe("the console's ledger check", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.transaction((tx) =>
      appendLedger(tx, [
        { kind: "sold", leadId: "c1", buyerId: "lender-a", amountCents: 4_000 },
        { kind: "payout_earned", leadId: "c1", publisherId: "acme", amountCents: 1_000 },
      ]),
    );
  });
  afterAll(() => t.app.close());

  it("tells an owner the chain holds, and where it breaks once a row is altered", async () => {
    const owner = await signInAs(t, "owner");
    const check = () => t.app.inject({ method: "POST", url: "/api/console/ledger/check", headers: owner.write });
    const ok = await check();
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data).toMatchObject({ rows: 2, head: { seq: 2 }, broken: null });
    await t.database.db.execute(sql`alter table ledger_entries disable trigger user`);
    await t.database.db.execute(sql`update ledger_entries set amount_cents = 1 where seq = 1`);
    await t.database.db.execute(sql`alter table ledger_entries enable trigger user`);
    expect((await check()).json().data).toMatchObject({
      rows: 0,
      broken: { seq: 1, problem: "its content is not what its digest vouches for" },
    });
  });

  it("is for owners only", async () => {
    const manager = await signInAs(t, "manager");
    const res = await t.app.inject({ method: "POST", url: "/api/console/ledger/check", headers: manager.write });
    expect(res.statusCode).toBe(403);
  });
});
