import { randomUUID } from "node:crypto";
import { asc, sql } from "drizzle-orm";
import { pgTable, text } from "drizzle-orm/pg-core";
import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "#tests/helpers/test-database.ts";
import type { Database } from "../../platform/db/database.ts";
import { publisherIdempotencyKeys } from "../../platform/db/schema.ts";
import {
  bodyHashOf,
  claimIdempotencyKey,
  purgeIdempotencyKeys,
  readIdempotencyKey,
  type ClaimOutcome,
} from "./idempotency-keys.ts";
import { PublisherApiError } from "./publisher-api-error.ts";

const scratchLeads = pgTable("scratch_leads", { id: text("id").primaryKey() });

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  // Stands for the lead the caller writes in the same transaction as its claim.
  await database.db.execute(sql`create table scratch_leads (id text primary key)`);
});
afterAll(() => database.close());

/** A post as the route makes it: writes its lead, claims the key, and rolls its lead back unless the key is new. */
class NotNew extends Error {
  readonly outcome: ClaimOutcome;
  constructor(outcome: ClaimOutcome) {
    super("not new");
    this.outcome = outcome;
  }
}
async function post(publisherId: string, key: string, body: string): Promise<ClaimOutcome & { leadId?: string }> {
  const leadId = `lead-${randomUUID()}`;
  try {
    return await database.db.transaction(async (tx) => {
      await tx.insert(scratchLeads).values({ id: leadId });
      const outcome = await claimIdempotencyKey(tx, {
        publisherId,
        key,
        bodyHash: bodyHashOf(body),
        leadId,
      });
      if (outcome.kind !== "new") throw new NotNew(outcome);
      return { kind: "new" as const, leadId };
    });
  } catch (error) {
    if (error instanceof NotNew) return error.outcome;
    throw error;
  }
}

describe("publishers' Idempotency-Keys", () => {
  it("read the header: absent is none, 1 to 100 visible characters is a key, anything else is refused", async () => {
    const app = Fastify();
    app.post("/", async (request) => ({ key: readIdempotencyKey(request) ?? null }));
    app.setErrorHandler((error, _request, reply) =>
      reply.code(400).send({ code: error instanceof PublisherApiError ? error.code : "other" }),
    );
    const keyOf = async (key?: string) =>
      (
        await app.inject({ method: "POST", url: "/", headers: key === undefined ? {} : { "idempotency-key": key } })
      ).json();
    expect(await keyOf()).toEqual({ key: null });
    expect(await keyOf("a")).toEqual({ key: "a" });
    expect(await keyOf("k".repeat(100))).toEqual({ key: "k".repeat(100) });
    expect(await keyOf("order-42:retry/1")).toEqual({ key: "order-42:retry/1" });
    for (const bad of ["", "k".repeat(101), "two words", "caf\u00e9"])
      expect(await keyOf(bad), bad).toEqual({ code: "invalid_idempotency_key" });
    await app.close();
  });

  it("hash the body as SHA-256 hex", () => {
    expect(bodyHashOf("abc")).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("make a key new once, replay its lead for the same body, and refuse it with another body", async () => {
    const first = await post("acme", "order-1", '{"a":1}');
    expect(first.kind).toBe("new");
    expect(await post("acme", "order-1", '{"a":1}')).toEqual({ kind: "replay", leadId: first.leadId });
    expect(await post("acme", "order-1", '{"a":2}')).toEqual({ kind: "reused" });
    // Keys are per publisher.
    expect((await post("other", "order-1", '{"a":2}')).kind).toBe("new");
  });

  it("give 20 concurrent claims of one key exactly one new lead, the rest replaying it", async () => {
    const outcomes = await Promise.all(Array.from({ length: 20 }, () => post("acme", "burst", '{"b":1}')));
    const made = outcomes.filter((o) => o.kind === "new");
    expect(made).toHaveLength(1);
    const leadId = made[0]!.leadId!;
    expect(outcomes.filter((o) => o.kind === "replay")).toEqual(
      Array.from({ length: 19 }, () => ({ kind: "replay", leadId })),
    );
    const leads = await database.db
      .select({ id: scratchLeads.id })
      .from(scratchLeads)
      .where(
        sql`${scratchLeads.id} = ${leadId} or ${scratchLeads.id} not in (select lead_id from publisher_idempotency_keys)`,
      );
    expect(leads.map((r) => r.id)).toEqual([leadId]);
  });

  it("purge only keys older than 7 days, in batches", async () => {
    const now = new Date("2026-12-07T00:00:00Z");
    const at = (days: number) => new Date(now.getTime() - days * 86_400_000);
    await database.db.insert(publisherIdempotencyKeys).values([
      { publisherId: "purge", key: "old-1", bodyHash: "h", leadId: "l1", createdAt: at(8) },
      { publisherId: "purge", key: "old-2", bodyHash: "h", leadId: "l2", createdAt: at(7.01) },
      { publisherId: "purge", key: "old-3", bodyHash: "h", leadId: "l3", createdAt: at(30) },
      { publisherId: "purge", key: "new-1", bodyHash: "h", leadId: "l4", createdAt: at(6.99) },
      { publisherId: "purge", key: "new-2", bodyHash: "h", leadId: "l5", createdAt: at(0) },
    ]);
    expect(await purgeIdempotencyKeys(database.db, now, { batch: 2 })).toEqual({ idempotencyKeysPurged: 3 });
    const left = await database.db
      .select({ key: publisherIdempotencyKeys.key })
      .from(publisherIdempotencyKeys)
      .where(sql`${publisherIdempotencyKeys.publisherId} = 'purge'`)
      .orderBy(asc(publisherIdempotencyKeys.key));
    expect(left.map((r) => r.key)).toEqual(["new-1", "new-2"]);
    expect(await purgeIdempotencyKeys(database.db, now)).toEqual({ idempotencyKeysPurged: 0 });
  });
});
