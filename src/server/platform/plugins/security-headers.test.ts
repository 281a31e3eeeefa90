import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { API_CSP, pageCsp } from "./security-headers.ts";

describe("security headers", () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.app.close();
  });

  it("sets the strict headers on every API answer, errors included", async () => {
    t = await createTestApp();
    for (const url of ["/api/health", "/api/no-such-thing"]) {
      const res = await t.app.inject({ method: "GET", url });
      expect(res.headers["content-security-policy"]).toBe(API_CSP);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["x-frame-options"]).toBe("DENY");
      expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    }
  });

  it("leaves HSTS out in development, where the site runs on plain http://localhost", async () => {
    t = await createTestApp({ NODE_ENV: "development" });
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });

  it("answers an unknown API path with JSON, not the web app", async () => {
    t = await createTestApp();
    const res = await t.app.inject({ method: "POST", url: "/api/nothing/here" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: "Not found" });
  });
});

describe("pageCsp", () => {
  it("allows only our own scripts plus the hashed inline ones, never unsafe-inline", () => {
    const csp = pageCsp(["abc="], true);
    expect(csp).toContain("script-src 'self' 'sha256-abc='");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("upgrade-insecure-requests");
    expect(csp).not.toContain("unsafe-inline");
    expect(pageCsp([], false)).not.toContain("upgrade-insecure-requests");
  });
});
