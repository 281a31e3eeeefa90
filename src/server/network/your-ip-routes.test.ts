import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";

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

  it("answers the forwarded client address when TRUST_PROXY is set", async () => {
    t = await createTestApp({ TRUST_PROXY: "true" });
    const res = await ask(t.app);
    expect(res.json()).toMatchObject({ ip: "198.51.100.23", data: { ip: "198.51.100.23" } });
  });
});
