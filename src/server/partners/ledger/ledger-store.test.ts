import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { Database } from "../../platform/db/database.ts";
import { chainHash, digestOf, firstBreak, GENESIS_HASH } from "./ledger-chain.ts";
import { appendLedger, ledgerHead, ledgerRowsOfLead, verifyLedger } from "./ledger-store.ts";

// The database's error is wrapped by Drizzle; the trigger's own words are its cause.
const refusal = (query: Promise<unknown>) =>
  query.then(
    () => "allowed",
    (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
  );

describe("the ledger", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("chains each row to the one before, writes each lead's kind once, and verifies whole", async () => {
    const db = database.db;
    const first = await db.transaction((tx) =>
      appendLedger(tx, [
        { kind: "sold", leadId: "lead-a", buyerId: "buyer-1", amountCents: 4200 },
        { kind: "payout_earned", leadId: "lead-a", publisherId: "pub-1", amountCents: 1500 },
      ]),
    );
    expect(first.map((r) => r.seq)).toEqual([1, 2]);
    expect(first[0]!.prev_hash).toBe(GENESIS_HASH);
    expect(first[1]!.prev_hash).toBe(first[0]!.hash);
    expect(first[1]!.hash).toBe(chainHash(first[0]!.hash, digestOf(first[1]!)));

    // Written again (a retried job): nothing new; a new kind for the same lead follows on.
    const again = await db.transaction((tx) =>
      appendLedger(tx, [
        { kind: "sold", leadId: "lead-a", buyerId: "buyer-1", amountCents: 4200 },
        { kind: "returned", leadId: "lead-a", buyerId: "buyer-1", amountCents: -4200 },
      ]),
    );
    expect(again.map((r) => [r.seq, r.kind])).toEqual([[3, "returned"]]);
    expect((await ledgerRowsOfLead(db, "lead-a")).map((r) => r.kind)).toEqual(["sold", "payout_earned", "returned"]);

    const head = await ledgerHead(db);
    expect(head).toEqual({ seq: 3, hash: again[0]!.hash });
    expect(await verifyLedger(db, 2)).toEqual({ rows: 3, head, broken: null });
  });

  it("refuses to rewrite a row, and to append one that does not chain", async () => {
    const db = database.db;
    expect(await refusal(db.execute(sql`update ledger_entries set amount_cents = 1`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`delete from ledger_entries where seq = 3`))).toMatch(/append-only/);
    const head = await ledgerHead(db);
    const forged = (prev: string) => sql`insert into ledger_entries
      (seq, at, kind, lead_id, amount_cents, month, digest, prev_hash, hash)
      values (${head.seq + 1}, now(), 'sold', 'lead-x', 1, '2026-11', 'd', ${prev}, 'h')`;
    expect(await refusal(db.execute(forged(GENESIS_HASH)))).toMatch(/does not chain/);
    expect(
      await refusal(
        db.execute(sql`insert into ledger_entries
      (seq, at, kind, lead_id, amount_cents, month, digest, prev_hash, hash)
      values (${head.seq + 5}, now(), 'sold', 'lead-y', 1, '2026-11', 'd', ${head.hash}, 'h')`),
      ),
    ).toMatch(/no row before/);
  });

  it("shows a row altered behind the triggers' back", async () => {
    const db = database.db;
    // Someone with the database owner's rights turns the guard off and lowers a sale.
    await db.execute(sql`alter table ledger_entries disable trigger user`);
    await db.execute(sql`update ledger_entries set amount_cents = 100 where seq = 1`);
    await db.execute(sql`alter table ledger_entries enable trigger user`);
    const check = await verifyLedger(db);
    expect(check.broken).toEqual({ seq: 1, problem: "its content is not what its digest vouches for" });

    // Re-hashing the altered row to cover it up breaks the link to the next one instead.
    const [altered] = await ledgerRowsOfLead(db, "lead-a");
    const digest = digestOf(altered!);
    await db.execute(sql`alter table ledger_entries disable trigger user`);
    await db.execute(sql`update ledger_entries set digest = ${digest}, hash = ${chainHash(GENESIS_HASH, digest)}
      where seq = 1`);
    await db.execute(sql`alter table ledger_entries enable trigger user`);
    expect((await verifyLedger(db)).broken).toEqual({ seq: 2, problem: "does not follow the row before" });
  });
});

describe("firstBreak", () => {
  const row = (seq: number, prev: string, digest: string) => ({
    seq,
    digest,
    prev_hash: prev,
    hash: chainHash(prev, digest),
  });
  it("finds a missing row and a row that does not follow", () => {
    const a = row(1, GENESIS_HASH, "d1");
    const b = row(2, a.hash, "d2");
    const c = row(3, b.hash, "d3");
    expect(firstBreak([a, b, c])).toBeNull();
    expect(firstBreak([a, c])).toEqual({ seq: 3, problem: "row 2 is missing" });
    expect(firstBreak([a, { ...b, prev_hash: "f".repeat(64) }])).toEqual({
      seq: 2,
      problem: "does not follow the row before",
    });
    expect(firstBreak([a, { ...b, digest: "other" }])).toEqual({ seq: 2, problem: "its hash is not its own" });
  });
});
