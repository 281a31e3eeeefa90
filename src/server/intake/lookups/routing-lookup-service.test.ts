import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loopbackFetch } from "../../platform/net/outbound-guard.testing.ts";
import { neverTimesOut, timeoutFiredByTest } from "../../platform/net/timeout-signal.testing.ts";
import type { TimeoutSignal } from "../../platform/net/timeout-signal.ts";
import { json, startFakeHttpServer, thenStall, type FakeHttpServer } from "./fake-http-server.testing.ts";
import { createRoutingLookupService } from "./routing-lookup-service.ts";

const KEY = "routing-secret-key-456";

describe("routing lookup service", () => {
  let fake: FakeHttpServer;
  let warnings: { obj: Record<string, unknown>; msg: string }[];
  const log = { warn: (obj: Record<string, unknown>, msg: string) => void warnings.push({ obj, msg }) };
  // No wall-clock timeout but in the timeout's own test: after a stall, a due timer runs before an answer that
  // came is read (docs/decisions/0046-tests-under-load.md).
  const service = (options: { apiKey?: string; timeout?: TimeoutSignal; base?: string } = {}) =>
    createRoutingLookupService({
      fetch: loopbackFetch(),
      baseUrl: options.base ?? fake.url,
      apiKey: "apiKey" in options ? options.apiKey : KEY,
      timeoutMs: 1500,
      timeout: options.timeout ?? neverTimesOut,
      log,
    });

  beforeEach(async () => {
    warnings = [];
    fake = await startFakeHttpServer();
  });
  afterEach(async () => {
    await fake.close();
  });

  it("asks for the number and answers the customer name, sending the key as a header", async () => {
    // Then the process is not run for longer than the 1.5 s timeout: the answer that came still counts.
    fake.answer(
      thenStall(
        1_600,
        json(200, { code: 200, message: "OK", customer_name: " FIRST EXAMPLE BANK ", routing_number: "123456780" }),
      ),
    );
    expect(await service().findBankName("123456780")).toBe("FIRST EXAMPLE BANK");
    expect(fake.requests).toHaveLength(1);
    expect(fake.requests[0]!.url).toBe("/api/data.json?rn=123456780");
    expect(fake.requests[0]!.headers["x-api-key"]).toBe(KEY);
    expect(warnings).toEqual([]);
  });

  it("keeps a path in the base URL and sends no key header when none is configured", async () => {
    fake.answer(json(200, { code: 200, customer_name: "BANK" }));
    await service({ base: `${fake.url}/v2`, apiKey: undefined }).findBankName("123456780");
    expect(fake.requests[0]!.url).toBe("/v2/api/data.json?rn=123456780");
    expect(fake.requests[0]!.headers).not.toHaveProperty("x-api-key");
  });

  it.each([
    ["code 404 in the body", json(200, { code: 404, message: "not found" })],
    ["HTTP 404", json(404, { code: 404 })],
    ["an empty name", json(200, { code: 200, customer_name: "  " })],
  ])("treats %s as an unknown number, quietly", async (_name, handler) => {
    fake.answer(handler);
    expect(await service().findBankName("123456780")).toBeUndefined();
    expect(warnings).toEqual([]);
  });

  it.each([
    ["a 500", json(500, "oops"), "HTTP 500"],
    ["malformed JSON", json(200, "{code: 200,"), "invalid JSON"],
    ["an unexpected shape", json(200, [{ status: "success" }]), "unexpected answer"],
  ])("falls back to unknown on %s with a warning that does not carry the key", async (_name, handler, reason) => {
    fake.answer(handler);
    expect(await service().findBankName("123456780")).toBeUndefined();
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.obj).toMatchObject({ source: "service", reason });
    expect(JSON.stringify(warnings)).not.toContain(KEY);
  });

  it("gives up after the timeout", async () => {
    // No answer comes; the call's timeout fires once the service has the request.
    const timedOut = timeoutFiredByTest();
    fake.answer(() => timedOut.fire());
    expect(await service({ timeout: timedOut.signal }).findBankName("123456780")).toBeUndefined();
    expect(timedOut.asked).toEqual([1500]);
    expect(warnings[0]!.obj).toMatchObject({ reason: "timeout" });
  });
});
