import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { UNKNOWN_ZIP_MESSAGE } from "./zip-routes.ts";

describe("GET /api/personal_loan/zipcode", () => {
  let t: TestApp;
  const get = (query: string) => t.app.inject({ method: "GET", url: `/api/personal_loan/zipcode${query}` });

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it("answers city, state, latitude and longitude of a known zip", async () => {
    const res = await get("?zip=90210&lead_id=abc123");
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ status: 200, message: "ok", data: { city: "Beverly Hills", state: "CA" } });
    expect(body.data.lat).toBeCloseTo(34.09, 1);
    expect(body.data.long).toBeCloseTo(-118.41, 1);
    expect(Object.keys(body.data).sort()).toEqual(["city", "lat", "long", "state"]);
  });

  it("works without a lead id", async () => {
    const res = await get("?zip=10001");
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ city: "New York", state: "NY" });
  });

  it("answers 404 with a message for a well-formed zip no one uses", async () => {
    const res = await get("?zip=00000");
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: UNKNOWN_ZIP_MESSAGE });
  });

  it.each([
    ["", MESSAGES.zipRequired],
    ["?zip=", MESSAGES.zipRequired],
    ["?zip=1234", MESSAGES.zipLength],
    ["?zip=123456", MESSAGES.zipLength],
    ["?zip=12a45", MESSAGES.zipLength],
    ["?zip=90210&zip=10001", "must be given once, as text"],
  ])("refuses %j with 400 and a field error", async (query, message) => {
    const res = await get(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 400, errors: { zip: message } });
  });

  it("refuses an oversized lead id", async () => {
    const res = await get(`?zip=90210&lead_id=${"x".repeat(65)}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toHaveProperty("lead_id");
  });
});

describe("zip lookup rate limit", () => {
  it("answers 429 past the lookups limit", async () => {
    const t = await createTestApp({ RATE_LIMIT_LOOKUPS_PER_MINUTE: "2" });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        codes.push((await t.app.inject({ method: "GET", url: "/api/personal_loan/zipcode?zip=90210" })).statusCode);
      }
      expect(codes).toEqual([200, 200, 429]);
    } finally {
      await t.app.close();
    }
  });
});
