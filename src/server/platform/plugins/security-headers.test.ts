import { afterEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { createLead } from "../../../../tests/helpers/lead-client.ts";
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

  it("lets no cache keep an API answer unless its route says so: a lead's names and address above all", async () => {
    t = await createTestApp();
    const lead = await createLead(t.app, { first_name: "Ana" });
    expect(lead.res.headers["cache-control"]).toBe("no-store");
    const read = await t.app.inject({
      method: "GET",
      url: `/api/personal_loan/lead/v2/${lead.id}`,
      headers: { cookie: lead.cookie },
    });
    expect(read.json().data.contact.first_name).toBe("Ana");
    expect(read.headers["cache-control"]).toBe("no-store");
    for (const [method, url] of [
      ["GET", `/api/personal_loan/lead/v2/${lead.id}`], // 404 without the cookie
      ["POST", "/api/unsubscribe"], // 400
      ["GET", "/api/no-such-thing"],
    ] as const) {
      expect((await t.app.inject({ method, url })).headers["cache-control"], url).toBe("no-store");
    }
    // A route that chose a cache keeps its choice: a zip's city changes never.
    const zip = await t.app.inject({ method: "GET", url: "/api/personal_loan/zipcode?zip=10001" });
    expect(zip.statusCode).toBe(200);
    expect(zip.headers["cache-control"]).toBe("private, max-age=86400");
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
