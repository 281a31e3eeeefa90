import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { json, startFakeHttpServer, type FakeHttpServer } from "../../intake/lookups/fake-http-server.testing.ts";
import { loopbackFetch } from "../../platform/net/outbound-guard.testing.ts";
import { neverTimesOut, timeoutFiredByTest } from "../../platform/net/timeout-signal.testing.ts";
import { recordingBodies } from "../gate/fake-service-bodies.testing.ts";
import type { ScreenInput } from "../gate/screening-check.ts";
import { ServiceFailure } from "../gate/service-failure.ts";
import { createLitigatorScrubCheck } from "./litigator-scrub-check.ts";

// A litigator scrub service behind our own contract (docs/product/screening.md#lists): POST { phone } with a bearer
// key, answered { listed, reason? }; anything else is a failure the gate answers "unknown" for.

const KEY = "scrub-secret-key-123";

const leadWith = (phone: string | null): ScreenInput => ({
  leadId: "lead-1",
  testMode: false,
  phone,
  email: null,
  zip: null,
  city: null,
  state: null,
  trustedFormUrl: null,
  jornayaLeadId: null,
  sentAt: new Date(),
  hashes: { device: null, ip: null, phone: null, email: null },
});

describe("the litigator scrub check", () => {
  let fake: FakeHttpServer;
  let bodies: unknown[];
  beforeEach(async () => {
    bodies = [];
    fake = await startFakeHttpServer();
  });
  afterEach(() => fake.close());

  const check = (timeout = neverTimesOut) =>
    createLitigatorScrubCheck({
      url: `${fake.url}/scrub`,
      apiKey: KEY,
      timeoutMs: 800,
      timeout,
      fetch: loopbackFetch(),
    });
  const run = (phone: string | null, signal = new AbortController().signal, timeout = neverTimesOut) =>
    check(timeout).run(leadWith(phone), signal);

  it("posts the ten digits with the key and answers listed with the service's reason", async () => {
    fake.answer(recordingBodies(bodies, json(200, { listed: true, reason: "serial TCPA plaintiff" })));
    expect(check()).toMatchObject({ name: "litigator-scrub", adapter: "litigator-scrub", answers: ["litigator"] });

    expect(await run("+1 (212) 555-0001")).toEqual({
      litigator: { answer: "listed", source: "litigator-scrub", detail: "serial TCPA plaintiff" },
    });
    expect(bodies).toEqual([{ phone: "2125550001" }]);
    const sent = fake.requests[0]!;
    expect(sent.url).toBe("/scrub");
    expect(sent.headers.authorization).toBe(`Bearer ${KEY}`);
    expect(sent.headers["content-type"]).toBe("application/json");
  });

  it("answers clear when the service does not list the phone, and listed without a reason", async () => {
    fake.answer(json(200, { listed: false }));
    expect(await run("2125550001")).toEqual({ litigator: { answer: "clear", source: "litigator-scrub" } });
    fake.answer(json(200, { listed: true }));
    expect(await run("2125550001")).toEqual({
      litigator: { answer: "listed", source: "litigator-scrub", detail: "litigator scrub" },
    });
  });

  it.each([
    ["a 500", json(500, { error: "boom" }), "HTTP 500"],
    ["a 401", json(401, { error: "bad key" }), "HTTP 401"],
    ["an unexpected shape", json(200, { result: "clean" }), "unexpected answer"],
    ["malformed JSON", json(200, "{ listed: "), "invalid JSON"],
  ])("fails on %s, never answering clear", async (_name, handler, reason) => {
    fake.answer(handler);
    const failure = await run("2125550001").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceFailure);
    expect(failure).toMatchObject({ outcome: "failed", message: reason });
    expect(String((failure as Error).message)).not.toContain(KEY);
  });

  it("times out when the gate's signal ends a slow call", async () => {
    const gate = new AbortController();
    // No answer comes; the gate's time is up once the service has the request.
    fake.answer(() => gate.abort(new DOMException("The operation timed out.", "TimeoutError")));
    const failure = await run("2125550001", gate.signal).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceFailure);
    expect(failure).toMatchObject({ outcome: "timeout", message: "timeout" });
  });

  it("times out on its own timeout too", async () => {
    const timedOut = timeoutFiredByTest();
    fake.answer(() => timedOut.fire());
    const failure = await run("2125550001", new AbortController().signal, timedOut.signal).catch((e: unknown) => e);
    expect(timedOut.asked).toEqual([800]);
    expect(failure).toMatchObject({ outcome: "timeout" });
  });

  it("answers unknown for a lead without a usable phone, without calling", async () => {
    expect(await run(null)).toEqual({
      litigator: { answer: "unknown", source: "litigator-scrub", detail: "no phone", noCall: true },
    });
    expect(await run("555-0001")).toEqual({
      litigator: { answer: "unknown", source: "litigator-scrub", detail: "no phone", noCall: true },
    });
    expect(fake.requests).toEqual([]);
  });
});
