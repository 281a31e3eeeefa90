import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import { RATE_LIMIT_MESSAGE } from "../plugins/rate-limits.ts";

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
});
