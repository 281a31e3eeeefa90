import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES } from "#domain/messages.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { fedAchFile, invalidRoutingNumber, validNumbersOutside, validRoutingNumber } from "./fedach-fixture.testing.ts";
import { BANK_NOT_FOUND_MESSAGE } from "#domain/contracts/lookups.ts";
import { json, startFakeHttpServer, type FakeHttpServer } from "./fake-http-server.testing.ts";
import type { RoutingDirectory } from "./routing-directory-format.ts";
import { loadShippedRoutingDirectory } from "./routing-directory-source.ts";

const SERVICE_KEY = "routing-service-key-5566";

describe("GET /api/routing/:aba with only the shipped table", () => {
  let t: TestApp;
  let shipped: RoutingDirectory;
  const get = (aba: string) => t.app.inject({ method: "GET", url: `/api/routing/${aba}` });

  beforeAll(async () => {
    shipped = await loadShippedRoutingDirectory();
    t = await createTestApp({ RATE_LIMIT_LOOKUPS_PER_MINUTE: "100000" });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it("names the bank of any number in the directory", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...shipped.names), async ([aba, bankName]) => {
        const res = await get(aba);
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({
          status: 200,
          message: "ok",
          data: { routing_number: aba, bank_name: bankName, source: "table" },
        });
        expect(res.headers["cache-control"]).toBe("no-store");
      }),
      { numRuns: 200 },
    );
  });

  it("answers a valid number outside the directory with no bank name, so the visitor can type it", async () => {
    await fc.assert(
      fc.asyncProperty(
        validRoutingNumber.filter((aba) => !shipped.names.has(aba)),
        async (aba) => {
          const res = await get(aba);
          expect(res.statusCode).toBe(200);
          expect(res.json()).toEqual({
            status: 200,
            message: BANK_NOT_FOUND_MESSAGE,
            data: { routing_number: aba, bank_name: null, source: null },
          });
        },
      ),
      { numRuns: 100 },
    );
  });

  it("refuses any number whose checksum fails with 422", async () => {
    await fc.assert(
      fc.asyncProperty(invalidRoutingNumber, async (aba) => {
        const res = await get(aba);
        expect(res.statusCode).toBe(422);
        expect(res.json()).toEqual({ status: 422, message: MESSAGES.routingInvalid });
      }),
      { numRuns: 100 },
    );
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

  it("keeps routing numbers out of the log, which says the directory's date instead", async () => {
    const [known] = shipped.names.keys();
    const [unknown] = validNumbersOutside(shipped.names, 1);
    await get(known!);
    await get(unknown!);
    expect(t.logs()).not.toContain(known);
    expect(t.logs()).not.toContain(unknown);
    expect(t.logs()).toContain(`"directoryDate":"${shipped.directoryDate}"`);
  });
});

describe("GET /api/routing/:aba with a FedACH file and a lookup service", () => {
  let dir: string;
  let fake: FakeHttpServer;
  let t: TestApp;
  let shipped: RoutingDirectory;
  // Two numbers of the shipped table, the first also in the operator's file under a newer name; the others
  // are valid numbers the table lacks.
  let inBoth: string, inTableOnly: string, inFedAch: string, atService: string, unknown: string, whileDown: string;
  const get = (aba: string) => t.app.inject({ method: "GET", url: `/api/routing/${aba}` });

  beforeAll(async () => {
    shipped = await loadShippedRoutingDirectory();
    [inBoth, inTableOnly] = [...shipped.names.keys()] as [string, string];
    [inFedAch, atService, unknown, whileDown] = validNumbersOutside(shipped.names, 4) as [
      string,
      string,
      string,
      string,
    ];
    dir = await mkdtemp(path.join(tmpdir(), "routing-"));
    const file = path.join(dir, "FedACHdir.txt");
    const changed = new Date("2026-10-01T00:00:00Z");
    await writeFile(
      file,
      fedAchFile([
        { routingNumber: inFedAch, name: "BANK OF NEW YORK MELLON", changed },
        { routingNumber: inBoth, name: "A NEWER NAME FOR THE BANK", changed },
      ]),
    );
    fake = await startFakeHttpServer((request, response) => {
      const rn = new URL(request.url ?? "", "http://x").searchParams.get("rn");
      const body =
        rn === atService ? { code: 200, customer_name: "EASTERN BANK" } : { code: 404, message: "not found" };
      json(200, body)(request, response);
    });
    t = await createTestApp({
      RATE_LIMIT_LOOKUPS_PER_MINUTE: "100000",
      ROUTING_FEDACH_FILE: file,
      ROUTING_LOOKUP_URL: fake.url,
      ROUTING_LOOKUP_API_KEY: SERVICE_KEY,
    });
  });
  afterAll(async () => {
    await t.app.close();
    await fake.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("asks the FedACH file first, then the shipped table, then the service", async () => {
    const answers = [];
    for (const aba of [inBoth, inTableOnly, inFedAch, atService, unknown]) answers.push((await get(aba)).json().data);
    expect(answers).toEqual([
      { routing_number: inBoth, bank_name: "A NEWER NAME FOR THE BANK", source: "fedach" },
      { routing_number: inTableOnly, bank_name: shipped.names.get(inTableOnly), source: "table" },
      { routing_number: inFedAch, bank_name: "BANK OF NEW YORK MELLON", source: "fedach" },
      { routing_number: atService, bank_name: "EASTERN BANK", source: "service" },
      { routing_number: unknown, bank_name: null, source: null },
    ]);
    // Only the two numbers neither the file nor the table knew reached the service.
    expect(fake.requests.map((r) => r.url)).toEqual([`/api/data.json?rn=${atService}`, `/api/data.json?rn=${unknown}`]);
    expect(fake.requests[0]!.headers["x-api-key"]).toBe(SERVICE_KEY);
  });

  it("answers 'not found' when the service fails, without leaking its key", async () => {
    fake.answer(json(503, "unavailable"));
    const res = await get(whileDown);
    expect(res.json()).toMatchObject({ status: 200, message: BANK_NOT_FOUND_MESSAGE, data: { bank_name: null } });
    expect(t.logs()).toContain("routing lookup service failed");
    expect(t.logs()).not.toContain(SERVICE_KEY);
    expect(res.body).not.toContain(SERVICE_KEY);
  });
});
