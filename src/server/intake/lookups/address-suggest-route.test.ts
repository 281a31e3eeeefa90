import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { json, startFakeHttpServer, thenStall, type FakeHttpServer } from "./fake-http-server.testing.ts";
import { ADDRESS_MIN_MESSAGE } from "#domain/contracts/lookups.ts";
import { MESSAGES } from "#domain/messages.ts";

const BEVERLY_HILLS = { city: "Beverly Hills", state: "CA", zip: "90210" };

describe("GET /api/personal_loan/address-suggest (offline default)", () => {
  let t: TestApp;
  const get = (query: string) => t.app.inject({ method: "GET", url: `/api/personal_loan/address-suggest?${query}` });

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_LOOKUPS_PER_MINUTE: "100000" });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it("invents no address: without an address service it answers no suggestions, whatever is typed", async () => {
    for (const query of [
      "zip=10001&address=350%205th&lead_id=abc123&lat=40.75&long=-73.99",
      "zip=90210&address=123%20%20north%20main",
      "zip=10001&address=350%20fifth%20avenue&max_results=5",
      "zip=90210&address=9%20elm&max_results=2",
    ]) {
      const res = await get(query);
      expect(res.statusCode).toBe(200);
      expect(res.json(), query).toEqual({ status: 200, message: "ok", data: { suggestions: [] } });
      expect(res.headers["cache-control"]).toBe("no-store");
    }
  });

  it("answers no suggestions for a zip with no city", async () => {
    const res = await get("zip=00000&address=123%20main");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual({ suggestions: [] });
  });

  it.each([
    ["missing zip", "address=123%20main", { zip: MESSAGES.zipRequired }],
    ["empty zip", "zip=&address=123%20main", { zip: MESSAGES.zipRequired }],
    ["short zip", "zip=9021&address=123%20main", { zip: MESSAGES.zipLength }],
    ["letters in the zip", "zip=9021a&address=123%20main", { zip: MESSAGES.zipLength }],
    ["long zip", "zip=902101&address=123%20main", { zip: MESSAGES.zipLength }],
    ["missing address", "zip=90210", { address: MESSAGES.streetRequired }],
    ["one-character address", "zip=90210&address=1", { address: ADDRESS_MIN_MESSAGE }],
    ["too long an address", `zip=90210&address=${"a".repeat(101)}`, { address: MESSAGES.streetTooLong }],
    ["repeated address", "zip=90210&address=12%20a&address=13%20b", { address: MESSAGES.streetRequired }],
    ["special characters", "zip=90210&address=12%20main%3B%20drop", { address: MESSAGES.streetCharacters }],
    ["text latitude", "zip=90210&address=12%20main&lat=north", { lat: "lat must be a number from -90 to 90." }],
    [
      "out-of-range longitude",
      "zip=90210&address=12%20main&long=-181",
      { long: "long must be a number from -180 to 180." },
    ],
    [
      "too long a lead_id",
      `zip=90210&address=12%20main&lead_id=${"x".repeat(65)}`,
      { lead_id: "lead_id must be at most 64 characters." },
    ],
    [
      "zero max_results",
      "zip=90210&address=12%20main&max_results=0",
      { max_results: "max_results must be a whole number from 1 to 5." },
    ],
    [
      "six max_results",
      "zip=90210&address=12%20main&max_results=6",
      { max_results: "max_results must be a whole number from 1 to 5." },
    ],
    [
      "fractional max_results",
      "zip=90210&address=12%20main&max_results=2.5",
      { max_results: "max_results must be a whole number from 1 to 5." },
    ],
  ])("refuses %s with 400 and a field message", async (_name, query, errors) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: "Please correct the highlighted fields.", errors });
  });
});

describe("GET /api/personal_loan/address-suggest (Geoapify configured)", () => {
  const KEY = "geoapify-test-key-9f8e7d";
  let fake: FakeHttpServer;
  let t: TestApp;
  const get = () =>
    t.app.inject({ method: "GET", url: "/api/personal_loan/address-suggest?zip=90210&address=123%20main" });

  beforeAll(async () => {
    fake = await startFakeHttpServer();
    t = await createTestApp({
      RATE_LIMIT_LOOKUPS_PER_MINUTE: "100000",
      ADDRESS_SUGGEST_URL: `${fake.url}/v1/geocode/autocomplete`,
      ADDRESS_SUGGEST_API_KEY: KEY,
    });
  });
  afterAll(async () => {
    await t.app.close();
    await fake.close();
  });

  it("answers the service's addresses", async () => {
    // Then the process is not run for 1.6 s, past the 1.5 s default timeout the tests' server once had: the answer
    // that came still counts (the tests' server waits 30 s, test-app.ts).
    fake.answer(
      thenStall(
        1_600,
        json(200, {
          results: [{ address_line1: "123 Main Street", city: "Beverly Hills", state_code: "CA", postcode: "90210" }],
        }),
      ),
    );
    const res = await get();
    expect(res.json()).toEqual({
      status: 200,
      message: "ok",
      data: { suggestions: [{ address: "123 Main Street", ...BEVERLY_HILLS }] },
    });
    expect(new URL(fake.requests.at(-1)!.url, fake.url).searchParams.get("apiKey")).toBe(KEY);
  });

  it.each([
    ["an error", json(500, "down")],
    ["malformed JSON", json(200, "{{{")],
  ])("offers no suggestions on %s, and the key reaches neither answer nor log", async (_name, handler) => {
    fake.answer(handler);
    const res = await get();
    expect(res.statusCode).toBe(200);
    expect(res.json().data.suggestions).toEqual([]);
    expect(t.logs()).toContain("address service failed");
    expect(res.body).not.toContain(KEY);
    expect(t.logs()).not.toContain(KEY);
  });

  it("offers no suggestions on a timeout, and the key reaches neither answer nor log", async () => {
    // A server of its own with a short timeout, against a service that never answers: nothing races the timer.
    fake.answer(() => {});
    const short = await createTestApp({
      ADDRESS_SUGGEST_URL: `${fake.url}/v1/geocode/autocomplete`,
      ADDRESS_SUGGEST_API_KEY: KEY,
      LOOKUP_TIMEOUT_MS: "100",
    });
    try {
      const res = await short.app.inject({
        method: "GET",
        url: "/api/personal_loan/address-suggest?zip=90210&address=123%20main",
      });
      expect(res.statusCode).toBe(200);
      expect(res.json().data.suggestions).toEqual([]);
      expect(short.logs()).toContain('"reason":"timeout"');
      expect(res.body).not.toContain(KEY);
      expect(short.logs()).not.toContain(KEY);
    } finally {
      await short.app.close();
    }
  });
});
