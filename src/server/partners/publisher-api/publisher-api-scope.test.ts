import { eq } from "drizzle-orm";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { GENEROUS_RATE_LIMITS } from "#tests/helpers/generous-rate-limits.ts";
import { createTestApp } from "#tests/helpers/test-app.ts";
import { createTestDatabase } from "#tests/helpers/test-database.ts";
import { loadConfig } from "../../platform/config/config.ts";
import type { Database } from "../../platform/db/database.ts";
import { partnerApiKeys, publishers } from "../../platform/db/schema.ts";
import { registerApiErrors } from "../../platform/http/api-errors.ts";
import controlCharacters from "../../platform/plugins/control-characters.ts";
import rateLimits from "../../platform/plugins/rate-limits.ts";
import { issueApiKey, revokeApiKey } from "../api-keys/api-key-store.ts";
import { PublisherApiError, PUBLISHER_API_BODY_LIMIT, publisherApiScope, rawBodyOf } from "./publisher-api-scope.ts";

const PER_MINUTE = 5;

let database: Database;
let app: FastifyInstance;
/** How many times the echo route's handler ran: a refused request never reaches it. */
let handled = 0;

async function publisher(id: string, enabled = true) {
  await database.db.insert(publishers).values({
    id,
    name: `Publisher ${id}`,
    affId: `aff-${id}`,
    payoutKind: "per_sold",
    payoutAmount: 1200,
    holdDays: 0,
    postbackSecretEncrypted: "unused",
    enabled,
  });
  return (await issueApiKey(database.db, "publisher", id, "test")).key;
}

beforeAll(async () => {
  database = await createTestDatabase();
  const config = loadConfig({
    NODE_ENV: "test",
    ...GENEROUS_RATE_LIMITS,
    RATE_LIMIT_PARTNER_PER_MINUTE: String(PER_MINUTE),
  });
  // The app's own error handler, rate limits and control-characters check around the scope, as app.ts has them.
  app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerApiErrors(app);
  await app.register(rateLimits, {});
  await app.register(controlCharacters);
  await app.register(
    publisherApiScope({ db: database.db, config }, (scope) => {
      scope
        .withTypeProvider<ZodTypeProvider>()
        .post(
          "/api/publisher/v1/echo",
          { schema: { body: z.looseObject({ first_name: z.string().min(1, "Enter the first name.") }) } },
          async (request) => {
            handled++;
            return { publisher: request.publisher, body: request.body, raw: rawBodyOf(request) };
          },
        );
      scope.post("/api/publisher/v1/refuse", async () => {
        throw new PublisherApiError("idempotency_key_reused");
      });
      scope.post("/api/publisher/v1/fail", async () => {
        throw new Error("connection to 10.0.0.7 refused");
      });
    }),
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

type Call = { key?: string; authorization?: string; type?: string; payload?: string; url?: string };
const call = ({ key, authorization, type = "application/json", payload, url = "/api/publisher/v1/echo" }: Call) =>
  app.inject({
    method: "POST",
    url,
    headers: {
      ...(authorization !== undefined
        ? { authorization }
        : key !== undefined
          ? { authorization: `Bearer ${key}` }
          : {}),
      ...(payload !== undefined ? { "content-type": type } : {}),
    },
    ...(payload !== undefined ? { payload } : {}),
  });

describe("the publisher API's scope", () => {
  it("reads a JSON body and a form body alike, keeping the raw body and naming the publisher", async () => {
    const key = await publisher("alike");
    const json = await call({ key, payload: JSON.stringify({ first_name: "Ann", loan_amount: "500" }) });
    const form = await call({
      key,
      type: "application/x-www-form-urlencoded",
      payload: "first_name=Ann&loan_amount=500",
    });
    for (const res of [json, form]) {
      expect(res.statusCode).toBe(200);
      expect(res.json().body).toEqual({ first_name: "Ann", loan_amount: "500" });
      expect(res.json().publisher).toEqual({
        id: "alike",
        affId: "aff-alike",
        name: "Publisher alike",
        payoutKind: "per_sold",
        payoutAmount: 1200,
        enabled: true,
        postedMinPayoutCents: null,
        postedMinMarginCents: null,
        postedCapHourly: null,
        postedCapDaily: null,
        postedCapMonthly: null,
        timeZone: "America/New_York",
      });
    }
    expect(json.json().raw).toBe('{"first_name":"Ann","loan_amount":"500"}');
    expect(form.json().raw).toBe("first_name=Ann&loan_amount=500");
    const [row] = await database.db.select().from(partnerApiKeys).where(eq(partnerApiKeys.partnerId, "alike"));
    expect(row?.lastUsedAt).not.toBeNull();
  });

  it("refuses a body over 32 KiB, another content type, and bodies it cannot read, each with its code", async () => {
    await publisher("bodies");
    const before = handled;
    const big = JSON.stringify({ first_name: "A".repeat(PUBLISHER_API_BODY_LIMIT) }).slice(
      0,
      PUBLISHER_API_BODY_LIMIT + 1,
    );
    expect(big.length).toBe(PUBLISHER_API_BODY_LIMIT + 1);
    const cases: [Call, number, string][] = [
      [{ payload: big }, 413, "body_too_large"],
      [{ type: "text/plain", payload: "first_name=Ann" }, 415, "unsupported_content_type"],
      [{ type: "application/xml", payload: "<lead/>" }, 415, "unsupported_content_type"],
      [{ payload: '{"first_name":' }, 400, "unparseable_body"],
      [{ payload: '[{"first_name":"Ann"}]' }, 400, "unparseable_body"],
      [{ payload: '"Ann"' }, 400, "unparseable_body"],
      [{ payload: "" }, 400, "unparseable_body"],
      [{}, 400, "unparseable_body"],
      [
        { type: "application/x-www-form-urlencoded", payload: "first_name=Ann&first_name=Bob" },
        400,
        "unparseable_body",
      ],
      [{ type: "application/x-www-form-urlencoded", payload: "" }, 400, "unparseable_body"],
      [{ payload: '{"__proto__":{"admin":true},"first_name":"Ann"}' }, 400, "unparseable_body"],
    ];
    for (const [request, status, code] of cases) {
      // A key each, so that the cases stay under the per-key limit.
      const { key } = await issueApiKey(database.db, "publisher", "bodies", "test");
      const res = await call({ ...request, key });
      expect([res.statusCode, res.json().code], JSON.stringify(request).slice(0, 80)).toEqual([status, code]);
      expect(res.json()).toMatchObject({ status, message: expect.any(String) });
    }
    expect(handled).toBe(before);
  });

  it("answers the fields' own messages as invalid_fields, control characters included", async () => {
    const key = await publisher("fields");
    const missing = await call({ key, payload: JSON.stringify({ first_name: "" }) });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      status: 400,
      code: "invalid_fields",
      errors: { first_name: "Enter the first name." },
    });
    const control = await call({ key, payload: JSON.stringify({ first_name: "Ann\u0000" }) });
    expect(control.statusCode).toBe(400);
    expect(control.json()).toMatchObject({
      status: 400,
      code: "invalid_fields",
      errors: { first_name: expect.any(String) },
    });
  });

  it("refuses a missing, unknown, revoked or buyer's key with 401 and a disabled publisher with 403, writing nothing", async () => {
    const live = await publisher("keys");
    const revoked = await issueApiKey(database.db, "publisher", "keys", "old");
    await revokeApiKey(database.db, "publisher", "keys", revoked.id);
    const buyer = await issueApiKey(database.db, "buyer", "lender-a", "test");
    const disabled = await publisher("paused", false);
    const payload = JSON.stringify({ first_name: "Ann" });
    const before = handled;
    const cases: [Call, number, string][] = [
      [{ payload }, 401, "missing_key"],
      [{ authorization: `Basic ${live}`, payload }, 401, "missing_key"],
      [{ authorization: "Bearer short", payload }, 401, "missing_key"],
      [{ key: `lpp_${"x".repeat(43)}`, payload }, 401, "invalid_key"],
      [{ key: revoked.key, payload }, 401, "invalid_key"],
      [{ key: buyer.key, payload }, 401, "invalid_key"],
      [{ key: disabled, payload }, 403, "publisher_disabled"],
    ];
    for (const [request, status, code] of cases) {
      const res = await call(request);
      expect([res.statusCode, res.json().code]).toEqual([status, code]);
      if (status === 401) expect(res.headers["www-authenticate"]).toContain("Bearer");
    }
    const invalid = await call({ key: buyer.key, payload });
    const unknown = await call({ key: `lpp_${"y".repeat(43)}`, payload });
    expect(invalid.json()).toEqual(unknown.json());
    expect(handled).toBe(before);
    const used = await database.db
      .select({ id: partnerApiKeys.id, lastUsedAt: partnerApiKeys.lastUsedAt })
      .from(partnerApiKeys);
    const noted = used.filter((k) => k.lastUsedAt !== null).map((k) => k.id);
    expect(noted).not.toContain(buyer.id);
    expect(noted).not.toContain(revoked.id);
    const [paused] = await database.db.select().from(partnerApiKeys).where(eq(partnerApiKeys.partnerId, "paused"));
    expect(paused?.lastUsedAt).toBeNull();
  });

  it("checks the key before reading the body: an unauthenticated oversized or unreadable body gets 401", async () => {
    const big = "x".repeat(PUBLISHER_API_BODY_LIMIT * 2);
    for (const request of [{ payload: big }, { payload: "{not json" }, { type: "text/plain", payload: "hi" }]) {
      const res = await call(request);
      expect([res.statusCode, res.json().code]).toEqual([401, "missing_key"]);
    }
  });

  it("counts requests per key and answers 429 rate_limited with Retry-After past the limit", async () => {
    const busy = await publisher("busy");
    const calm = await publisher("calm");
    const payload = JSON.stringify({ first_name: "Ann" });
    for (let i = 0; i < PER_MINUTE; i++) expect((await call({ key: busy, payload })).statusCode).toBe(200);
    const limited = await call({ key: busy, payload });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ status: 429, code: "rate_limited" });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    // Another key of the same address has its own count.
    expect((await call({ key: calm, payload })).statusCode).toBe(200);
  });

  it("answers a route's PublisherApiError with its problem, an unknown path with not_found, and hides a crash", async () => {
    const key = await publisher("routes");
    const payload = JSON.stringify({ first_name: "Ann" });
    const refused = await call({ key, payload, url: "/api/publisher/v1/refuse" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual({
      status: 422,
      code: "idempotency_key_reused",
      message: "This Idempotency-Key was already used with a different body: use a new key for a new lead.",
    });
    const unknown = await call({ key, payload, url: "/api/publisher/v1/nothing-here" });
    expect([unknown.statusCode, unknown.json().code]).toEqual([404, "not_found"]);
    const bodiless = await call({ key, url: "/api/publisher/v1/nothing-here" });
    expect([bodiless.statusCode, bodiless.json().code]).toEqual([404, "not_found"]);
    const failed = await call({ key, payload, url: "/api/publisher/v1/fail" });
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain("10.0.0.7");
    expect(failed.json()).toEqual({ status: 500, message: "Something went wrong on our side. Please try again." });
  });
});

describe("the publisher API in the app", () => {
  it("is registered by the partners context: its paths answer with its codes", async () => {
    const t = await createTestApp();
    try {
      await t.database.db.insert(publishers).values({
        id: "in-app",
        name: "In app",
        affId: "aff-in-app",
        payoutKind: "per_sold",
        payoutAmount: 1200,
        holdDays: 0,
        postbackSecretEncrypted: "unused",
      });
      const { key } = await issueApiKey(t.database.db, "publisher", "in-app", "test");
      const post = (headers: Record<string, string>) =>
        t.app.inject({ method: "POST", url: "/api/publisher/v1/not-yet", headers, payload: { first_name: "Ann" } });
      const anonymous = await post({});
      expect([anonymous.statusCode, anonymous.json().code]).toEqual([401, "missing_key"]);
      const keyed = await post({ authorization: `Bearer ${key}` });
      expect([keyed.statusCode, keyed.json().code]).toEqual([404, "not_found"]);
    } finally {
      await t.app.close();
    }
  });
});
