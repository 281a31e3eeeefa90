import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages.ts";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import { BANK_NOT_FOUND_MESSAGE } from "./lookup-schemas.ts";
import { json, startFakeHttpServer, type FakeHttpServer } from "./fake-http-server.testing.ts";

// Checksum-valid numbers outside the built-in table.
const IN_FEDACH = "011001234";
const AT_SERVICE = "011002550";
const UNKNOWN = "011002725";
const SERVICE_KEY = "routing-service-key-5566";

function fedAchLine(routingNumber: string, name: string) {
  return `${routingNumber}O0110000151072505000000000${name.padEnd(36)}${"500 ROSS ST.".padEnd(36)}${"PITTSBURGH".padEnd(20)}PA152620000412236333811     `;
}

describe("GET /api/routing/:aba with only the built-in table", () => {
  let t: TestApp;
  const get = (aba: string) => t.app.inject({ method: "GET", url: `/api/routing/${aba}` });

  beforeAll(async () => {
    t = await createTestApp({ RATE_LIMIT_LOOKUPS_PER_MINUTE: "100000" });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it.each([
    ["021000021", "JPMorgan Chase Bank"],
    ["026009593", "Bank of America"],
    ["121000358", "Bank of America"],
    ["121000248", "Wells Fargo Bank"],
    ["021000089", "Citibank"],
    ["091000022", "U.S. Bank"],
    ["256074974", "Navy Federal Credit Union"],
  ])("names %s from the table", async (aba, bankName) => {
    const res = await get(aba);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      message: "ok",
      data: { routing_number: aba, bank_name: bankName, source: "table" },
    });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("answers a valid but unknown number with no bank name, so the visitor can type it", async () => {
    const res = await get(UNKNOWN);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      status: 200,
      message: BANK_NOT_FOUND_MESSAGE,
      data: { routing_number: UNKNOWN, bank_name: null, source: null },
    });
  });

  it.each(["123456789", "021000022", "000000001"])("refuses %s, which fails the checksum, with 422", async (aba) => {
    const res = await get(aba);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ status: 422, message: MESSAGES.routingInvalid });
  });

  it.each([
    ["empty", "", MESSAGES.routingRequired],
    ["too short", "02100002", MESSAGES.routingDigits],
    ["too long", "0210000210", MESSAGES.routingDigits],
    ["not digits", "02100002x", MESSAGES.routingDigits],
    ["spaced", "021%20000%2021", MESSAGES.routingDigits],
    ["signed", "-21000021", MESSAGES.routingDigits],
  ])("refuses a number that is %s with 400", async (_name, aba, message) => {
    const res = await get(aba);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      message: "Please correct the highlighted fields.",
      errors: { aba: message },
    });
  });

  it("keeps routing numbers out of the log", async () => {
    await get("021000021");
    await get(UNKNOWN);
    expect(t.logs()).not.toContain("021000021");
    expect(t.logs()).not.toContain(UNKNOWN);
  });
});

describe("GET /api/routing/:aba with a FedACH file and a lookup service", () => {
  let dir: string;
  let fake: FakeHttpServer;
  let t: TestApp;
  const get = (aba: string) => t.app.inject({ method: "GET", url: `/api/routing/${aba}` });

  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), "routing-"));
    const file = path.join(dir, "FedACHdir.txt");
    await writeFile(
      file,
      [fedAchLine(IN_FEDACH, "BANK OF NEW YORK MELLON"), fedAchLine("021000021", "JPMORGAN CHASE")].join("\n"),
    );
    fake = await startFakeHttpServer((request, response) => {
      const rn = new URL(request.url ?? "", "http://x").searchParams.get("rn");
      const body =
        rn === AT_SERVICE ? { code: 200, customer_name: "EASTERN BANK" } : { code: 404, message: "not found" };
      json(200, body)(request, response);
    });
    t = await createTestApp({
      RATE_LIMIT_LOOKUPS_PER_MINUTE: "100000",
      ROUTING_FEDACH_FILE: file,
      ROUTING_LOOKUP_URL: fake.url,
      ROUTING_LOOKUP_API_KEY: SERVICE_KEY,
      LOOKUP_TIMEOUT_MS: "300",
    });
  });
  afterAll(async () => {
    await t.app.close();
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("asks the table first, then the FedACH file, then the service", async () => {
    const answers = [];
    for (const aba of ["021000021", IN_FEDACH, AT_SERVICE, UNKNOWN]) answers.push((await get(aba)).json().data);
    expect(answers).toEqual([
      { routing_number: "021000021", bank_name: "JPMorgan Chase Bank", source: "table" },
      { routing_number: IN_FEDACH, bank_name: "BANK OF NEW YORK MELLON", source: "fedach" },
      { routing_number: AT_SERVICE, bank_name: "EASTERN BANK", source: "service" },
      { routing_number: UNKNOWN, bank_name: null, source: null },
    ]);
    // Only the two numbers neither the table nor the file knew reached the service.
    expect(fake.requests.map((r) => r.url)).toEqual([
      `/api/data.json?rn=${AT_SERVICE}`,
      `/api/data.json?rn=${UNKNOWN}`,
    ]);
    expect(fake.requests[0]!.headers["x-api-key"]).toBe(SERVICE_KEY);
  });

  it("answers 'not found' when the service fails, without leaking its key", async () => {
    fake.answer(json(503, "unavailable"));
    const res = await get("011002343");
    expect(res.json()).toMatchObject({ status: 200, message: BANK_NOT_FOUND_MESSAGE, data: { bank_name: null } });
    expect(t.logs()).toContain("routing lookup service failed");
    expect(t.logs()).not.toContain(SERVICE_KEY);
    expect(res.body).not.toContain(SERVICE_KEY);
  });
});
