import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";

// Whatever arrives in the query or the path, the lookup calls answer 2xx or 4xx, never 5xx.

const KEYS = [
  "first_name",
  "last_name",
  "employer",
  "job_title",
  "zip",
  "address",
  "lat",
  "long",
  "lead_id",
  "max_results",
];

/** Any Unicode text, or text shaped like the real values, so both the refusals and the answers get exercised. */
const value = fc.oneof(
  fc.string({ unit: "grapheme", maxLength: 120 }),
  fc.string({ unit: "binary-ascii", maxLength: 60 }),
  fc.stringMatching(/^\d{0,10}$/),
  fc.constantFrom("90210", "10001", "00000", "123 main st", "jam", "walm", "-90", "180.5", "1e3", "5", "0x10"),
);

/** A query string from parameter pairs; keys repeat now and then, which makes arrays. */
const query = fc
  .array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 12 })), value), { maxLength: 6 })
  .map((pairs) => pairs.map(([k, v]) => `${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join("&"));

/** Raw, unencoded query text: broken percent-escapes, stray separators. */
const rawQuery = fc.string({ unit: fc.constantFrom(..."abc019%&=+;_-.~[]"), maxLength: 60 });

describe("lookup calls never answer 5xx", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_LOOKUPS_PER_MINUTE: "1000000" });
  });
  afterAll(async () => {
    await t.app.close();
  });

  async function statusOf(url: string) {
    const res = await t.app.inject({ method: "GET", url });
    return res.statusCode;
  }

  it.each(["/api/personal_loan/suggest", "/api/personal_loan/address-suggest"])("%s with any query", async (path) => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(query, rawQuery), async (q) => {
        const status = await statusOf(`${path}?${q}`);
        expect(status).toBeGreaterThanOrEqual(200);
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });

  it("/api/routing/:aba with any path segment", async () => {
    const segment = fc.oneof(
      value.map(encodeURIComponent),
      fc.stringMatching(/^\d{9}$/),
      rawQuery.map((s) => s.replace(/[?#]/g, "")),
    );
    await fc.assert(
      fc.asyncProperty(segment, async (aba) => {
        const status = await statusOf(`/api/routing/${aba}`);
        expect(status).toBeGreaterThanOrEqual(200);
        expect(status).toBeLessThan(500);
      }),
      { numRuns: 300 },
    );
  });
});
