import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { RATE_LIMIT_MESSAGE } from "../../platform/plugins/rate-limits.ts";

const URLS = [
  "/api/personal_loan/suggest?first_name=jam",
  "/api/personal_loan/address-suggest?zip=90210&address=123%20main",
  "/api/routing/021000021",
];

describe("lookup rate limit", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_LOOKUPS_PER_MINUTE: "3" });
  });
  afterAll(async () => {
    await t.app.close();
  });

  // A fresh client address per case, so each starts with an empty bucket.
  it.each(URLS.map((url, i) => [url, `10.0.0.${i + 1}`]))(
    "answers the 4th call to %s in a minute with 429",
    async (url, ip) => {
      const statuses = [];
      for (let i = 0; i < 3; i++) {
        statuses.push((await t.app.inject({ method: "GET", url, remoteAddress: ip })).statusCode);
      }
      expect(statuses).toEqual([200, 200, 200]);

      const limited = await t.app.inject({ method: "GET", url, remoteAddress: ip });
      expect(limited.statusCode).toBe(429);
      expect(limited.json()).toMatchObject({ status: 429, message: RATE_LIMIT_MESSAGE });
      // Another visitor is not affected.
      expect((await t.app.inject({ method: "GET", url, remoteAddress: "10.0.1.1" })).statusCode).toBe(200);
    },
  );

  // README: lookups are limited "per IP per minute, per endpoint" (unlike leads, steps and forms).
  it("counts each lookup endpoint on its own, so a burst on one does not block another", async () => {
    const ip = "10.0.2.1";
    const [first, ...others] = URLS as [string, ...string[]];
    for (let i = 0; i < 3; i++) await t.app.inject({ method: "GET", url: first, remoteAddress: ip });
    expect((await t.app.inject({ method: "GET", url: first, remoteAddress: ip })).statusCode).toBe(429);
    for (const url of [...others, "/api/personal_loan/zipcode?zip=90210", "/api/your-ip"]) {
      expect((await t.app.inject({ method: "GET", url, remoteAddress: ip })).statusCode, url).toBe(200);
    }
  });

  it("counts one endpoint's calls together whatever the path parameter", async () => {
    const ip = "10.0.3.1";
    const codes = [];
    for (const aba of ["021000021", "021000089", "026009593", "011000015"]) {
      codes.push((await t.app.inject({ method: "GET", url: `/api/routing/${aba}`, remoteAddress: ip })).statusCode);
    }
    expect(codes.slice(0, 3)).not.toContain(429);
    expect(codes[3]).toBe(429);
  });
});
