import Fastify from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { Database } from "../../platform/db/database.ts";
import { issueApiKey, listApiKeys, noteKeyUse, partnerOfKey, revokeApiKey } from "./api-key-store.ts";
import { requirePartnerKey } from "./partner-key-auth.ts";

describe("partner API keys", () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it("keep only a hash, name their partner, and stop working once revoked", async () => {
    const db = database.db;
    const issued = await issueApiKey(db, "buyer", "lender-a", "production");
    expect(issued.key).toMatch(/^lpb_[A-Za-z0-9_-]{43}$/);
    const stored = await db.query.partnerApiKeys.findFirst();
    expect(JSON.stringify(stored)).not.toContain(issued.key.slice(10));
    expect(await partnerOfKey(db, issued.key)).toEqual({ kind: "buyer", partnerId: "lender-a", keyId: issued.id });
    expect(await partnerOfKey(db, `${issued.key}x`)).toBeNull();

    expect(await revokeApiKey(db, "buyer", "lender-b", issued.id)).toBe(false);
    expect(await revokeApiKey(db, "buyer", "lender-a", issued.id)).toBe(true);
    expect(await revokeApiKey(db, "buyer", "lender-a", issued.id)).toBe(false);
    expect(await partnerOfKey(db, issued.key)).toBeNull();
    const [listed] = await listApiKeys(db, "buyer", "lender-a");
    expect(listed).toMatchObject({ id: issued.id, prefix: issued.prefix, label: "production" });
    expect(listed?.revoked_at).not.toBeNull();
    expect(listed?.last_used_at).not.toBeNull();
  });

  it("can be looked up for one kind only, and without noting the use", async () => {
    const db = database.db;
    const issued = await issueApiKey(db, "buyer", "lender-d", "test");
    expect(await partnerOfKey(db, issued.key, { kind: "publisher" })).toBeNull();
    const found = await partnerOfKey(db, issued.key, { kind: "buyer", noteUse: false });
    expect(found).toEqual({ kind: "buyer", partnerId: "lender-d", keyId: issued.id });
    const [unnoted] = await listApiKeys(db, "buyer", "lender-d");
    expect(unnoted?.last_used_at).toBeNull();
    await noteKeyUse(db, issued.id);
    const [noted] = await listApiKeys(db, "buyer", "lender-d");
    expect(noted?.last_used_at).not.toBeNull();
  });

  it("answer 401 without a live key of the route's kind, before the body is looked at", async () => {
    const db = database.db;
    const app = Fastify();
    await app.register(async (scope) => {
      requirePartnerKey(scope, { db, kind: "buyer" });
      scope.post("/api/buyer/echo", async (request) => ({ partner: request.partner?.partnerId, body: request.body }));
    });
    const buyer = await issueApiKey(db, "buyer", "lender-c", "test");
    const publisher = await issueApiKey(db, "publisher", "acme", "test");
    const call = (authorization?: string) =>
      app.inject({
        method: "POST",
        url: "/api/buyer/echo",
        headers: authorization === undefined ? {} : { authorization },
        payload: { a: 1 },
      });
    for (const refused of [undefined, "Bearer nope", `Basic ${buyer.key}`, `Bearer ${publisher.key}`]) {
      const res = await call(refused);
      expect(res.statusCode).toBe(401);
      expect(res.headers["www-authenticate"]).toContain("Bearer");
    }
    const ok = await call(`Bearer ${buyer.key}`);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ partner: "lender-c", body: { a: 1 } });
    await app.close();
  });
});
