import { execFile } from "node:child_process";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { issueApiKey } from "../api-keys/api-key-store.ts";
import { chainHash, digestOf, type ChainedRow } from "../ledger/ledger-chain.ts";
import { appendLedger, ledgerHead, ledgerRowsOfLead } from "../ledger/ledger-store.ts";
import { verifyReceipt, type SignedHead, type SignedReceipt } from "./receipt-check.ts";

// The publisher's receipts checked the way docs/product/partners.md#receipts tells a publisher to: with the code
// scripts/verify-receipt.ts runs, against the API's own answers.

const SCRIPT = fileURLToPath(new URL("../../../../scripts/verify-receipt.ts", import.meta.url));

describe("publisher receipts", () => {
  let t: TestApp;
  let acme: string;
  let base: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    acme = `Bearer ${(await issueApiKey(db, "publisher", "acme", "test")).key}`;
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
    other = `Bearer ${(await issueApiKey(db, "publisher", "zenith", "test")).key}`;
    await db.transaction((tx) =>
      appendLedger(tx, [
        { kind: "sold", leadId: "lead-1", buyerId: "lender-a", amountCents: 4_000 },
        { kind: "payout_earned", leadId: "lead-1", publisherId: "acme", amountCents: 1_000 },
        { kind: "sold", leadId: "lead-2", buyerId: "lender-a", amountCents: 3_000 },
        { kind: "payout_earned", leadId: "lead-2", publisherId: "zenith", amountCents: 500 },
      ]),
    );
    // Rows after the receipt's, so the walk crosses pages and other partners' rows.
    for (let i = 3; i < 12; i++)
      await db.transaction((tx) =>
        appendLedger(tx, [{ kind: "sold", leadId: `lead-${i}`, buyerId: "lender-b", amountCents: 100 * i }]),
      );
  });
  afterAll(() => t.app.close());

  const get = (url: string, authorization = acme) => t.app.inject({ method: "GET", url, headers: { authorization } });
  const data = async <T>(url: string) => {
    const res = await get(url);
    expect(res.statusCode, res.body).toBe(200);
    return (res.json() as { data: T }).data;
  };
  const pager = async (after: number, limit: number) =>
    (await data<{ rows: ChainedRow[] }>(`/api/publisher/ledger/chain?after=${after}&limit=${limit}`)).rows;
  const check = async (leadId: string) => {
    const receipt = await data<SignedReceipt>(`/api/publisher/receipts/${leadId}`);
    const head = await data<SignedHead>("/api/publisher/ledger/head");
    const { pem } = await data<{ pem: string }>("/api/publisher/ledger/key");
    return verifyReceipt(receipt, head, pem, pager, 4);
  };
  const run = (args: string[]) =>
    new Promise<{ code: number; out: string }>((resolve) => {
      execFile(
        process.execPath,
        [SCRIPT, ...args],
        { env: { ...process.env, LOANPATH_API_KEY: acme.slice("Bearer ".length) } },
        (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, out: `${stdout}${stderr}` }),
      );
    });
  /** scripts/verify-receipt.ts run as the README says, against this server: its exit code and what it printed. */
  const script = (leadId: string) => run(["--url", base, "--lead", leadId]);
  /** The server's answers as a publisher saves them (the bodies, byte for byte), then the script run offline on them. */
  const offline = async (leadId: string, key: (answer: string) => string = (answer) => answer) => {
    const dir = await mkdtemp(join(tmpdir(), "receipt-"));
    try {
      const save = async (name: string, url: string) => {
        const res = await get(url);
        expect(res.statusCode, res.body).toBe(200);
        await writeFile(join(dir, name), name === "key" ? key(res.body) : res.body);
        return join(dir, name);
      };
      return await run([
        "--receipt",
        await save("receipt", `/api/publisher/receipts/${leadId}`),
        "--head",
        await save("head", "/api/publisher/ledger/head"),
        "--key",
        await save("key", "/api/publisher/ledger/key"),
        "--chain",
        await save("chain", "/api/publisher/ledger/chain?after=0&limit=1000"),
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  };
  const alter = async (change: ReturnType<typeof sql>) => {
    const db = t.database.db;
    await db.execute(sql`alter table ledger_entries disable trigger user`);
    await db.execute(change);
    await db.execute(sql`alter table ledger_entries enable trigger user`);
  };

  it("gives a publisher its lead's payout rows, signed, that verify against the chain head", async () => {
    const receipt = await data<SignedReceipt>("/api/publisher/receipts/lead-1");
    expect(receipt.receipt.rows.map((r) => [r.kind, r.publisher_id, r.amount_cents])).toEqual([
      ["payout_earned", "acme", 1_000],
    ]);
    expect(receipt.receipt.head).toEqual(await ledgerHead(t.database.db));
    const page = await pager(0, 3);
    expect(Object.keys(page[0]!).sort()).toEqual(["digest", "hash", "prev_hash", "seq"]);
    expect(await check("lead-1")).toEqual({ ok: true, rows: 12 });
    expect(await script("lead-1")).toEqual({
      code: 0,
      out: "OK: lead lead-1: payout_earned 1000 (row 2); 12 rows walked to head 13\n",
    });
    // Offline, on the answers saved as they came: the key as its JSON answer, or as the bare PEM inside it.
    const ok = { code: 0, out: "OK: lead lead-1: payout_earned 1000 (row 2); 12 rows walked to head 13\n" };
    expect(await offline("lead-1")).toEqual(ok);
    expect(await offline("lead-1", (answer) => (JSON.parse(answer) as { data: { pem: string } }).data.pem)).toEqual(ok);
    // A receipt changed on its way (a higher payout) no longer holds.
    const head = await data<SignedHead>("/api/publisher/ledger/head");
    const { pem } = await data<{ pem: string }>("/api/publisher/ledger/key");
    const forged = structuredClone(receipt);
    forged.receipt.rows[0]!.amount_cents = 2_000;
    expect(await verifyReceipt(forged, head, pem, pager)).toEqual({
      ok: false,
      where: "row 2: its content is not its digest",
    });
  });

  it("answers 404 for another publisher's lead and 401 to a bad key, changing nothing", async () => {
    expect((await get("/api/publisher/receipts/lead-2")).statusCode).toBe(404);
    expect((await get("/api/publisher/receipts/lead-2", other)).statusCode).toBe(200);
    expect((await get("/api/publisher/receipts/lead-1", other)).statusCode).toBe(404);
    const publisherKeys = async () =>
      (
        (await t.database.db.execute(sql`select id, last_used_at from partner_api_keys
          where partner_kind = 'publisher' order by id`)) as unknown as { rows: unknown[] }
      ).rows;
    const keysBefore = JSON.stringify(await publisherKeys());
    const headBefore = await ledgerHead(t.database.db);
    const buyerKey = `Bearer ${(await issueApiKey(t.database.db, "buyer", "lender-a", "test")).key}`;
    for (const bad of ["Bearer lpp_not-a-real-key-at-all", buyerKey, ""]) {
      for (const url of ["/api/publisher/receipts/lead-1", "/api/publisher/ledger/head", "/api/publisher/ledger/key"]) {
        const res = await get(url, bad);
        expect(res.statusCode).toBe(401);
        expect(res.body).not.toContain("acme");
      }
    }
    expect(await ledgerHead(t.database.db)).toEqual(headBefore);
    expect(JSON.stringify(await publisherKeys())).toBe(keysBefore);
  });

  it("refuses a page past its limit with a message", async () => {
    const res = await get("/api/publisher/ledger/chain?after=0&limit=5000");
    expect(res.statusCode).toBe(400);
  });

  it("fails once a row is altered in the database, and once it is re-hashed to hide it", async () => {
    const [row] = await ledgerRowsOfLead(t.database.db, "lead-1").then((rows) => rows.filter((r) => r.seq === 2));
    await alter(sql`update ledger_entries set amount_cents = 900 where seq = 2`);
    expect(await check("lead-1")).toEqual({ ok: false, where: "row 2: its content is not its digest" });
    // Re-hashed to match: the row after it no longer follows it.
    const digest = digestOf({ ...row!, amount_cents: 900 });
    await alter(
      sql`update ledger_entries set digest = ${digest}, hash = ${chainHash(row!.prev_hash, digest)} where seq = 2`,
    );
    expect(await check("lead-1")).toEqual({ ok: false, where: "row 3: does not follow the row before" });
    expect(await script("lead-1")).toEqual({
      code: 1,
      out: "BROKEN: lead lead-1: row 3: does not follow the row before\n",
    });
  });
});
