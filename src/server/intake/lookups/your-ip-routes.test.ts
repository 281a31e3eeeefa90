import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";

describe("GET /api/your-ip", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.app.close();
    t = undefined;
  });

  const ask = (app: TestApp["app"]) =>
    app.inject({
      method: "GET",
      url: "/api/your-ip",
      remoteAddress: "203.0.113.7",
      headers: { "x-forwarded-for": "198.51.100.23" },
    });

  it("answers the socket's address, top level and in data, when no proxy is trusted", async () => {
    t = await createTestApp();
    const res = await ask(t.app);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 200, message: "ok", ip: "203.0.113.7", data: { ip: "203.0.113.7" } });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  // light-my-request connects from 127.0.0.1 unless remoteAddress says otherwise.
  const askVia = (app: TestApp["app"], remoteAddress: string, forwardedFor: string) =>
    app.inject({ method: "GET", url: "/api/your-ip", remoteAddress, headers: { "x-forwarded-for": forwardedFor } });

  it("answers the address the trusted proxy saw, not one the client wrote into X-Forwarded-For", async () => {
    t = await createTestApp({ TRUST_PROXY: "127.0.0.1" });
    // The client sent "X-Forwarded-For: 6.6.6.6"; the proxy appended the address it saw.
    const res = await askVia(t.app, "127.0.0.1", "6.6.6.6, 203.0.113.9");
    expect(res.json()).toMatchObject({ ip: "203.0.113.9", data: { ip: "203.0.113.9" } });
  });

  it("walks back through a chain of trusted proxies given as CIDRs to the first untrusted address", async () => {
    t = await createTestApp({ TRUST_PROXY: "127.0.0.1,10.0.0.0/8" });
    const res = await askVia(t.app, "10.1.2.3", "6.6.6.6, 203.0.113.9, 10.0.0.5");
    expect(res.json()).toMatchObject({ ip: "203.0.113.9", data: { ip: "203.0.113.9" } });
  });

  it("ignores X-Forwarded-For from a client that is not a trusted proxy", async () => {
    t = await createTestApp({ TRUST_PROXY: "127.0.0.1,10.0.0.0/8" });
    const res = await askVia(t.app, "198.51.100.4", "6.6.6.6");
    expect(res.json()).toMatchObject({ ip: "198.51.100.4", data: { ip: "198.51.100.4" } });
  });
});
