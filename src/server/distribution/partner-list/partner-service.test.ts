import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { loopbackFetch } from "../../platform/net/outbound-guard.testing.ts";
import { SAMPLE_BRAND, type Brand } from "#domain/brands.ts";
import {
  json,
  startFakeHttpServer,
  thenStall,
  type FakeHandler,
  type FakeHttpServer,
} from "../../intake/lookups/fake-http-server.testing.ts";
import { neverTimesOut, timeoutFiredByTest } from "../../platform/net/timeout-signal.testing.ts";
import { createPartnerService } from "./partner-service.ts";
import { MAX_PARTNERS } from "./partner-service-answer.ts";

const KEY = "partner-key-5c4b3a";
const OTHER_BRAND: Brand = { id: "other", hosts: ["other.example"], partners: ["Other Lending"] };

let fake: FakeHttpServer;
let warnings: { details: Record<string, unknown>; message: string }[];
let clock: number;

/** The timeout the test fires itself, when the fake has the request. */
let timedOut: ReturnType<typeof timeoutFiredByTest>;

// No wall-clock timeout but in the timeout's own case: after a stall, a due timer runs before an answer that came
// is read (docs/decisions/0046-tests-under-load.md).
function service(timeout = neverTimesOut) {
  return createPartnerService({
    fetch: loopbackFetch(),
    url: `${fake.url}/partners?list=main`,
    apiKey: KEY,
    timeoutMs: 1_000,
    timeout,
    log: { warn: (details, message) => warnings.push({ details, message }) },
    now: () => clock,
  });
}

/** Sends the body in two writes, so it has no Content-Length to refuse it by. */
const chunked =
  (body: string): FakeHandler =>
  (_request, response) => {
    response.writeHead(200, { "content-type": "application/json" });
    response.write(body.slice(0, body.length / 2));
    response.end(body.slice(body.length / 2));
  };

const nameList = (count: number, length = 20) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [`Partner ${String(i).padStart(length - 8, "0")}`, 1]));

beforeAll(async () => {
  fake = await startFakeHttpServer();
});
afterAll(async () => {
  await fake.close();
});
beforeEach(() => {
  warnings = [];
  clock = 1_000_000;
  timedOut = timeoutFiredByTest();
  fake.requests.length = 0;
});

describe("the partner service adapter", () => {
  it("answers the keys of the service's object, in its order, asking for the brand with the key as a header", async () => {
    // Then the process is not run for longer than the 1 s timeout: the answer that came still counts.
    fake.answer(
      thenStall(1_100, json(200, { "Zeta Loans": { id: 9 }, "Acme Credit, Inc.": true, "O'Brien & Sons": 1 })),
    );
    expect(await service().partnersOf(SAMPLE_BRAND)).toEqual(["Zeta Loans", "Acme Credit, Inc.", "O'Brien & Sons"]);
    const request = fake.requests[0]!;
    const url = new URL(request.url, fake.url);
    expect(url.pathname).toBe("/partners");
    expect(url.searchParams.get("list")).toBe("main");
    expect(url.searchParams.get("brand")).toBe("sample");
    expect(request.headers["x-api-key"]).toBe(KEY);
    expect(warnings).toEqual([]);
  });

  it("leaves out names with markup, control characters or odd keys, and says how many", async () => {
    fake.answer(
      json(
        200,
        JSON.stringify({
          "Good Lending": 1,
          "<img src=x onerror=alert(1)>": 1,
          "Bell\u0007 Finance": 1,
          "Tab\tSpaced   Credit ": 1,
          ["__proto__"]: 1,
          [`Long ${"x".repeat(200)}`]: 1,
          "": 1,
        }),
      ),
    );
    expect(await service().partnersOf(SAMPLE_BRAND)).toEqual(["Good Lending", "Tab Spaced Credit"]);
    expect(warnings).toEqual([expect.objectContaining({ details: expect.objectContaining({ leftOut: 5 }) })]);
  });

  it.each<[string, FakeHandler, string]>([
    ["an error status", json(500, { error: "down" }), "HTTP 500"],
    // No answer comes; the call's timeout fires once the service has the request.
    ["a timeout", () => timedOut.fire(), "timeout"],
    ["malformed JSON", json(200, "{{{ not json"), "invalid JSON"],
    ["a list instead of an object", json(200, ["Acme Credit"]), "not an object"],
    ["a string", json(200, '"Acme Credit"'), "not an object"],
    ["too many partners", json(200, nameList(MAX_PARTNERS + 1)), "too many partners"],
    ["too large an answer", json(200, nameList(400, 200)), "answer too large"],
    ["too large an answer sent in pieces", chunked(JSON.stringify(nameList(400, 200))), "answer too large"],
  ])("answers no partners on %s and logs why, without the key or the address", async (_name, handler, reason) => {
    fake.answer(handler);
    expect(await service(timedOut.signal).partnersOf(SAMPLE_BRAND)).toEqual([]);
    expect(timedOut.asked).toEqual([1_000]);
    expect(warnings).toEqual([
      { details: { partners: "service", brand: "sample", reason }, message: expect.stringContaining("empty") },
    ]);
    expect(JSON.stringify(warnings)).not.toContain(KEY);
    expect(JSON.stringify(warnings)).not.toContain(fake.url);
  });

  it("reuses an answer for five minutes, per brand, and asks once for requests that arrive together", async () => {
    fake.answer(json(200, { "Acme Credit": 1 }));
    const partners = service();
    const [first, second] = await Promise.all([partners.partnersOf(SAMPLE_BRAND), partners.partnersOf(SAMPLE_BRAND)]);
    expect(first).toEqual(["Acme Credit"]);
    expect(second).toEqual(["Acme Credit"]);
    expect(fake.requests).toHaveLength(1);

    clock += 5 * 60_000 - 1;
    await partners.partnersOf(SAMPLE_BRAND);
    expect(fake.requests).toHaveLength(1);
    await partners.partnersOf(OTHER_BRAND);
    expect(fake.requests).toHaveLength(2);

    fake.answer(json(200, { "Newer Credit": 1 }));
    clock += 1;
    expect(await partners.partnersOf(SAMPLE_BRAND)).toEqual(["Newer Credit"]);
    expect(fake.requests).toHaveLength(3);
  });

  it("reuses a failure for only thirty seconds, then asks again", async () => {
    fake.answer(json(503, "busy"));
    const partners = service();
    expect(await partners.partnersOf(SAMPLE_BRAND)).toEqual([]);
    clock += 29_999;
    expect(await partners.partnersOf(SAMPLE_BRAND)).toEqual([]);
    expect(fake.requests).toHaveLength(1);

    fake.answer(json(200, { "Acme Credit": 1 }));
    clock += 1;
    expect(await partners.partnersOf(SAMPLE_BRAND)).toEqual(["Acme Credit"]);
    expect(fake.requests).toHaveLength(2);
  });
});
