import Fastify from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GOOD_DO_NOT_SELL, GOOD_UNSUBSCRIBE } from "../../../../tests/fixtures/privacy-requests.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { loadConfig } from "../config/config.ts";
import rateLimits, { limitFor, RATE_LIMIT_MESSAGE, type RateLimitKind } from "./rate-limits.ts";

describe("forms rate limit", () => {
  const UNSUBSCRIBE = GOOD_UNSUBSCRIBE;
  const DO_NOT_SELL = GOOD_DO_NOT_SELL;
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_FORMS_PER_MINUTE: "2" });
  });
  afterAll(async () => {
    await t.app.close();
  });
  const post = (url: string, payload: object, remoteAddress: string) =>
    t.app.inject({ method: "POST", url, payload, remoteAddress });

  it("counts unsubscribe and do-not-sell requests together, per IP", async () => {
    const ip = "192.0.2.10";
    expect((await post("/api/unsubscribe", UNSUBSCRIBE, ip)).statusCode).toBe(200);
    expect((await post("/api/unsubscribe", UNSUBSCRIBE, ip)).statusCode).toBe(200);

    const refused = await post("/api/do-not-sell-information", DO_NOT_SELL, ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, message: RATE_LIMIT_MESSAGE });

    // Another visitor is not affected.
    expect((await post("/api/do-not-sell-information", DO_NOT_SELL, "192.0.2.11")).statusCode).toBe(200);
  });
});

// The plugin on a bare server, so the counting rules are visible without the product's routes.
describe("rate-limits plugin", () => {
  const config = loadConfig({
    RATE_LIMIT_LEADS_PER_MINUTE: "2",
    RATE_LIMIT_STEPS_PER_MINUTE: "2",
    RATE_LIMIT_LOOKUPS_PER_MINUTE: "2",
    RATE_LIMIT_FORMS_PER_MINUTE: "2",
  });

  async function serverWith(routes: Array<[string, RateLimitKind]>) {
    const app = Fastify();
    await app.register(rateLimits);
    for (const [url, kind] of routes) {
      app.get(url, { config: { rateLimit: limitFor(config, kind) } }, async () => ({ ok: true }));
    }
    await app.ready();
    return app;
  }
  const statuses = async (app: Awaited<ReturnType<typeof serverWith>>, urls: string[], remoteAddress = "192.0.2.1") => {
    const codes = [];
    for (const url of urls) codes.push((await app.inject({ method: "GET", url, remoteAddress })).statusCode);
    return codes;
  };

  afterEach(() => {
    vi.useRealTimers();
  });

  it.each(["leads", "steps", "forms"] as const)("shares one count per IP across all %s routes", async (kind) => {
    const app = await serverWith([
      ["/a", kind],
      ["/b", kind],
    ]);
    expect(await statuses(app, ["/a", "/b", "/a", "/b"])).toEqual([200, 200, 429, 429]);
    await app.close();
  });

  it("keeps one count per lookup endpoint, whatever its path parameters", async () => {
    const app = await serverWith([
      ["/lookup/:id", "lookups"],
      ["/other", "lookups"],
    ]);
    expect(await statuses(app, ["/lookup/1", "/lookup/2", "/lookup/3", "/other", "/other"])).toEqual([
      200, 200, 429, 200, 200,
    ]);
    await app.close();
  });

  it("keeps the kinds apart", async () => {
    const app = await serverWith([
      ["/lead", "leads"],
      ["/step", "steps"],
      ["/form", "forms"],
    ]);
    expect(await statuses(app, ["/lead", "/lead", "/lead", "/step", "/form"])).toEqual([200, 200, 429, 200, 200]);
    await app.close();
  });

  it("counts IPv6 visitors per /64, like the plugin's default key", async () => {
    const app = await serverWith([["/lead", "leads"]]);
    expect(await statuses(app, ["/lead", "/lead"], "2001:db8:1:2::1")).toEqual([200, 200]);
    expect(await statuses(app, ["/lead"], "2001:db8:1:2::abcd")).toEqual([429]);
    expect(await statuses(app, ["/lead"], "2001:db8:1:3::1")).toEqual([200]);
    await app.close();
  });

  it("starts a fresh count after a minute", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    const app = await serverWith([["/lead", "leads"]]);
    expect(await statuses(app, ["/lead", "/lead", "/lead"])).toEqual([200, 200, 429]);
    vi.setSystemTime(Date.now() + 60_001);
    expect(await statuses(app, ["/lead"])).toEqual([200]);
    await app.close();
  });
});
