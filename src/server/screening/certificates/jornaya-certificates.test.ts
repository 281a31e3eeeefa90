import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { json, startFakeHttpServer, type FakeHttpServer } from "../../intake/lookups/fake-http-server.testing.ts";
import { loopbackFetch } from "../../platform/net/outbound-guard.testing.ts";
import { neverTimesOut, timeoutFiredByTest } from "../../platform/net/timeout-signal.testing.ts";
import { ServiceFailure } from "../gate/service-failure.ts";
import { createJornayaCertificates } from "./jornaya-certificates.ts";

// Jornaya LeadiD's authentication against a local fake (docs/product/screening.md#consent-certificates).

const KEY = "jornaya-secret-key-123";
const TOKEN = "0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D";

describe("Jornaya certificates", () => {
  let fake: FakeHttpServer;
  beforeEach(async () => {
    fake = await startFakeHttpServer();
  });
  afterEach(() => fake.close());

  const certificates = (timeout = neverTimesOut) =>
    createJornayaCertificates({
      apiUrl: fake.url,
      accountCode: "LAC-123",
      apiKey: KEY,
      timeoutMs: 900,
      timeout,
      fetch: loopbackFetch(),
    });

  it("authenticates the token with the account code and the key", async () => {
    fake.answer(json(200, { authentic: 1 }));
    expect(await certificates().verify(TOKEN)).toEqual({ answer: "verified" });
    const sent = fake.requests[0]!;
    const url = new URL(sent.url, fake.url);
    expect(url.pathname).toBe("/Authenticate");
    expect(Object.fromEntries(url.searchParams)).toEqual({ lac: "LAC-123", id: TOKEN });
    expect(sent.headers["x-api-key"]).toBe(KEY);
  });

  it("answers invalid for a token Jornaya does not vouch for, or one not shaped as a token", async () => {
    fake.answer(json(200, { authentic: 0 }));
    expect(await certificates().verify(TOKEN)).toEqual({ answer: "invalid", detail: "not authentic" });
    expect(await certificates().verify("not-a-token")).toEqual({ answer: "invalid", detail: "not a LeadiD token" });
    expect(fake.requests).toHaveLength(1);
  });

  it.each([
    ["a 500", json(500, {}), "HTTP 500"],
    ["a 403", json(403, { message: "Forbidden" }), "HTTP 403"],
    ["an unexpected shape", json(200, { authentic: "yes" }), "unexpected answer"],
  ])("fails on %s", async (_name, handler, reason) => {
    fake.answer(handler);
    const failure = await certificates()
      .verify(TOKEN)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceFailure);
    expect(failure).toMatchObject({ outcome: "failed", message: reason });
  });

  it("times out on the caller's signal and on its own timeout", async () => {
    const gate = new AbortController();
    fake.answer(() => gate.abort());
    await expect(certificates().verify(TOKEN, gate.signal)).rejects.toMatchObject({ outcome: "timeout" });

    const timedOut = timeoutFiredByTest();
    fake.answer(() => timedOut.fire());
    await expect(certificates(timedOut.signal).verify(TOKEN)).rejects.toMatchObject({ outcome: "timeout" });
    expect(timedOut.asked).toEqual([900]);
  });
});
