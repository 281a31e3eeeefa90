import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { recordHandedOut } from "../../partners/heads/handed-out-heads.ts";
import { chainHash, digestOf, GENESIS_HASH } from "../../partners/ledger/ledger-chain.ts";
import { appendLedger, ledgerPage } from "../../partners/ledger/ledger-store.ts";
import { receiptKeyOf } from "../../partners/receipts/receipt-key.ts";
import { signedHeadNow } from "../../partners/receipts/signed-head.ts";

describe("the console's ledger check", () => {
  let t: TestApp;
  let owner: ConsoleUser;
  beforeAll(async () => {
    t = await createTestApp();
    await t.database.db.transaction((tx) =>
      appendLedger(tx, [
        { kind: "sold", leadId: "c1", buyerId: "lender-a", amountCents: 4_000 },
        { kind: "payout_earned", leadId: "c1", publisherId: "acme", amountCents: 1_000 },
      ]),
    );
    owner = await signInAs(t, "owner");
  });
  afterAll(() => t.app.close());

  const check = async () => {
    const res = await t.app.inject({ method: "POST", url: "/api/console/ledger/check", headers: owner.write });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data;
  };

  /** With the database owner's rights: the guards off, each statement run, the guards on again. */
  const asOwnerOfTheDatabase = async (...changes: ReturnType<typeof sql>[]) => {
    const db = t.database.db;
    await db.execute(sql`alter table ledger_entries disable trigger user`);
    await db.execute(sql`alter table ledger_heads_handed_out disable trigger user`);
    for (const change of changes) await db.execute(change);
    await db.execute(sql`alter table ledger_heads_handed_out enable trigger user`);
    await db.execute(sql`alter table ledger_entries enable trigger user`);
  };

  /** A forged amount on row `seq`, and every digest and hash from it to the head made anew: the chain holds. */
  const forgeAndRewrite = async (seq: number, amountCents: number) => {
    const rows = await ledgerPage(t.database.db, 0, 1_000);
    let prevHash = rows[seq - 2]?.hash ?? GENESIS_HASH;
    const updates = rows.slice(seq - 1).map((row) => {
      const amount = row.seq === seq ? amountCents : row.amount_cents;
      const digest = digestOf({ ...row, amount_cents: amount });
      const hash = chainHash(prevHash, digest);
      const update = sql`update ledger_entries set amount_cents = ${amount}, digest = ${digest},
        prev_hash = ${prevHash}, hash = ${hash} where seq = ${row.seq}`;
      prevHash = hash;
      return update;
    });
    await asOwnerOfTheDatabase(...updates);
  };

  it("tells an owner the chain holds, and where it breaks once a row is altered", async () => {
    expect(await check()).toMatchObject({ rows: 2, head: { seq: 2 }, broken: null });
    await asOwnerOfTheDatabase(sql`update ledger_entries set amount_cents = 1 where seq = 1`);
    expect(await check()).toMatchObject({
      rows: 0,
      broken: { seq: 1, problem: "its content is not what its digest vouches for" },
    });
    await asOwnerOfTheDatabase(sql`update ledger_entries set amount_cents = 4000 where seq = 1`);
    expect(await check()).toMatchObject({ rows: 2, broken: null });
  });

  it("passes a chain rewritten from a forged row to the head, unless a head was handed out before it", async () => {
    const db = t.database.db;
    // No head handed out: a rewrite from row 1 to the head holds, as the chain's own check sees it.
    await forgeAndRewrite(1, 400);
    expect(await check()).toEqual(
      expect.objectContaining({
        rows: 2,
        broken: null,
        handed_out: { checked: 0, contradicted_count: 0, contradicted: [] },
      }),
    );

    // More rows, then the head (row 4) handed to acme with its statement, then row 3 forged and the chain rewritten.
    await db.transaction((tx) =>
      appendLedger(tx, [
        { kind: "sold", leadId: "c2", buyerId: "lender-a", amountCents: 3_000 },
        { kind: "payout_earned", leadId: "c2", publisherId: "acme", amountCents: 750 },
      ]),
    );
    const handedAt = new Date("2026-12-01T00:00:05.000Z");
    const signed = await signedHeadNow(db, receiptKeyOf(t.secrets.tokenSecret), handedAt);
    expect(signed.head.seq).toBe(4);
    await db.transaction((tx) =>
      recordHandedOut(tx, {
        signed,
        publisherId: "acme",
        channel: "statement",
        handedFor: "statement 2026-11",
        now: handedAt,
      }),
    );
    expect((await check()).handed_out).toEqual({ checked: 1, contradicted_count: 0, contradicted: [] });

    await forgeAndRewrite(3, 300);
    const found = await check();
    expect(found.broken).toBeNull();
    expect(found.handed_out).toEqual({
      checked: 1,
      contradicted_count: 1,
      contradicted: [
        {
          ...signed,
          handed_at: handedAt.toISOString(),
          publisher_id: "acme",
          channel: "statement",
          handed_for: "statement 2026-11",
          problem: "row 4 is no longer the row handed out",
        },
      ],
    });

    // The record edited to the rewritten hash does not carry our signature.
    const [row4] = await ledgerPage(db, 3, 1);
    await asOwnerOfTheDatabase(sql`update ledger_heads_handed_out set hash = ${row4!.hash}`);
    expect((await check()).handed_out.contradicted).toEqual([
      expect.objectContaining({ publisher_id: "acme", problem: "its record is not what we signed" }),
    ]);
    // Nor does editing its key id, so that only its hash would be compared, make it pass.
    await asOwnerOfTheDatabase(sql`update ledger_heads_handed_out set key_id = 'old'`);
    expect((await check()).handed_out.contradicted).toEqual([
      expect.objectContaining({
        publisher_id: "acme",
        problem: "its signature is under key old, which this server does not hold",
      }),
    ]);
  });

  it("is for owners only", async () => {
    const manager = await signInAs(t, "manager");
    const res = await t.app.inject({ method: "POST", url: "/api/console/ledger/check", headers: manager.write });
    expect(res.statusCode).toBe(403);
  });
});
