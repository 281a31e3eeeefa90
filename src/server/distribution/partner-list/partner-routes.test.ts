import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SAMPLE_BRAND } from "#domain/brands.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { json, startFakeHttpServer, type FakeHttpServer } from "../../intake/lookups/fake-http-server.testing.ts";

const asKeys = (names: readonly string[]) => Object.fromEntries(names.map((name) => [name, true]));

describe("GET /api/partners (the brands' own lists)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it.each(["localhost:3000", "www.loanpath.example", "unknown.example"])(
    "answers the sample brand's partners as an object whose keys are their names (host %s)",
    async (host) => {
      const res = await t.app.inject({ method: "GET", url: "/api/partners", headers: { host } });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ status: 200, message: "ok", data: asKeys(SAMPLE_BRAND.partners) });
      expect(Object.keys(res.json().data)).toEqual(SAMPLE_BRAND.partners);
      expect(res.headers["cache-control"]).toBe("no-store");
    },
  );
});

describe("GET /api/partners (a partner service configured)", () => {
  const KEY = "route-partner-key-1a2b";
  let fake: FakeHttpServer;
  let t: TestApp;
  const get = () => t.app.inject({ method: "GET", url: "/api/partners", headers: { host: "www.loanpath.example" } });

  beforeAll(async () => {
    fake = await startFakeHttpServer(json(500, "down"));
    t = await createTestApp({ PARTNERS_URL: `${fake.url}/v1/partners`, PARTNERS_API_KEY: KEY });
  });
  afterAll(async () => {
    await t.app.close();
    await fake.close();
  });

  // One app, so one cache: the failure comes first, and the success after the failure's short reuse is
  // proven by the adapter's own tests (partner-service.test.ts).
  it("answers no partners when the service fails (not the brand's own list) and logs it without the key", async () => {
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: "ok", data: {} });
    expect(t.logs()).toContain("partner service failed; the partner list is empty");
    expect(t.logs()).not.toContain(KEY);
    expect(new URL(fake.requests[0]!.url, fake.url).searchParams.get("brand")).toBe("sample");
  });
});

describe("GET /api/partners (a partner service that answers)", () => {
  let fake: FakeHttpServer;
  let t: TestApp;

  beforeAll(async () => {
    fake = await startFakeHttpServer(json(200, { "Service Lending": 1, "Service Credit": 1 }));
    t = await createTestApp({ PARTNERS_URL: `${fake.url}/v1/partners` });
  });
  afterAll(async () => {
    await t.app.close();
    await fake.close();
  });

  it("answers the service's names instead of the brand's own list", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/partners" });
    expect(res.json()).toEqual({ status: 200, message: "ok", data: asKeys(["Service Lending", "Service Credit"]) });
  });
});
