import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { postgresReachable, POSTGRES_URL, unlessPostgres } from "../../../../tests/helpers/postgres-reachable.ts";
import { createPostgresDatabase, createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import { openDatabase, type Database } from "./database.ts";
import { consentRecords, leads, privacyRequests, stepEvents } from "./schema.ts";

describe("database", () => {
  let database: Database | undefined;
  afterEach(async () => {
    await database?.close();
    database = undefined;
  });

  it("migrates to the four tables and round-trips a lead with its history", async () => {
    database = await createTestDatabase();
    const { db } = database;
    await db.insert(leads).values({ id: "lead_a", accessTokenHash: "h", email: "a@example.com", loan_amount: 500 });
    await db
      .insert(stepEvents)
      .values({ leadId: "lead_a", step: 2, slug: "cellphone", changes: { contact_time: "ANYTIME" } });
    await db.insert(consentRecords).values({
      leadId: "lead_a",
      consentKind: "tcpa",
      textVersion: "2024-01",
      textHash: "abc",
      button: "REQUEST NOW",
      pageUrl: "/",
    });
    const [lead] = await db.select().from(leads).where(eq(leads.id, "lead_a"));
    expect(lead).toMatchObject({ email: "a@example.com", loan_amount: 500, status: "in_progress", test_mode: false });
    expect(lead?.created_at).toBeInstanceOf(Date);
    const events = await db.select().from(stepEvents).where(eq(stepEvents.leadId, "lead_a"));
    expect(events.map((e) => e.changes)).toEqual([{ contact_time: "ANYTIME" }]);

    // Deleting a lead removes its history with it.
    await db.delete(leads).where(eq(leads.id, "lead_a"));
    expect(await db.select().from(stepEvents)).toEqual([]);
  });

  it("keeps one privacy request per kind and dedupe key", async () => {
    database = await createTestDatabase();
    const row = { kind: "unsubscribe", dedupeKey: "k1", payload: {} };
    await database.db.insert(privacyRequests).values({ id: "p1", ...row });
    await expect(database.db.insert(privacyRequests).values({ id: "p2", ...row })).rejects.toThrow();
    await database.db.insert(privacyRequests).values({ id: "p3", ...row, kind: "do_not_sell" });
    const rows = await database.db.select().from(privacyRequests);
    expect(rows.map((r) => r.id).sort()).toEqual(["p1", "p3"]);
  });

  it("runs migrations twice without harm", async () => {
    database = await createTestDatabase();
    await database.migrate();
    expect(await database.ping()).toBe(true);
  });

  it("keeps embedded data in DATA_DIR across restarts", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "loanpath-data-"));
    try {
      const first = await openDatabase({ dataDir: path.join(dir, "nested") });
      await first.migrate();
      await first.db.insert(leads).values({ id: "kept", accessTokenHash: "h" });
      await first.close();
      const second = await openDatabase({ dataDir: path.join(dir, "nested") });
      const rows = await second.db.select({ id: leads.id }).from(leads);
      await second.close();
      expect(rows).toEqual([{ id: "kept" }]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
    // A migration from empty on a data directory on disk: seconds on a quiet machine, past the suite's 30 s at load 15.
  }, 120_000);
});

describe.skipIf(!postgresReachable)(`several processes migrating one PostgreSQL database${unlessPostgres}`, () => {
  it("take turns: both starts succeed and each migration is applied once", async () => {
    const fresh = await createPostgresDatabase(POSTGRES_URL);
    const both = [
      await openDatabase({ databaseUrl: fresh.url, poolSize: 3 }),
      await openDatabase({ databaseUrl: fresh.url, poolSize: 3 }),
    ];
    try {
      await Promise.all(both.map((d) => d.migrate()));
      const applied = await (both[0] as Database).pool?.query<{ n: number; distinct: number }>(
        "select count(*)::int as n, count(distinct hash)::int as distinct from drizzle.__drizzle_migrations",
      );
      expect(applied?.rows[0]?.n).toBeGreaterThan(0);
      expect(applied?.rows[0]?.n).toBe(applied?.rows[0]?.distinct);
    } finally {
      await Promise.all(both.map((d) => d.close()));
      await fresh.drop();
    }
  });

  it("migrates with a pool of one connection (the lock has its own)", async () => {
    const fresh = await createPostgresDatabase(POSTGRES_URL);
    const one = await openDatabase({ databaseUrl: fresh.url, poolSize: 1 });
    try {
      await one.migrate();
      expect(await one.ping()).toBe(true);
    } finally {
      await one.close();
      await fresh.drop();
    }
  });
});
