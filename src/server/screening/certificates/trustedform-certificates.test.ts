import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { json, startFakeHttpServer, type FakeHttpServer } from "../../intake/lookups/fake-http-server.testing.ts";
import { loopbackFetch } from "../../platform/net/outbound-guard.testing.ts";
import { neverTimesOut } from "../../platform/net/timeout-signal.testing.ts";
import { recordingBodies } from "../gate/fake-service-bodies.testing.ts";
import { ServiceFailure } from "../gate/service-failure.ts";
import { createTrustedFormCertificates, trustedFormCertId } from "./trustedform-certificates.ts";

// TrustedForm's Certificate API v4 against a local fake (docs/product/screening.md#consent-certificates).

const KEY = "tf-secret-key-123";
const CERT_ID = "0123456789abcdef0123456789abcdef01234567";
const CERT_URL = `https://cert.trustedform.com/${CERT_ID}`;
const lead = { email: "jane@example.com", phone: "+1 (212) 555-0001" };

const answered = (outcome: string, matched: boolean) => ({
  outcome,
  reason: outcome === "success" ? null : "none of the provided fingerprints match",
  match_lead: { email: lead.email, phone: "2125550001", result: { email_match: matched, success: matched } },
});

describe("TrustedForm certificates", () => {
  let fake: FakeHttpServer;
  let bodies: unknown[];
  beforeEach(async () => {
    bodies = [];
    fake = await startFakeHttpServer();
  });
  afterEach(() => fake.close());

  const certificates = () =>
    createTrustedFormCertificates({
      apiUrl: `${fake.url}/`,
      apiKey: KEY,
      timeoutMs: 1000,
      timeout: neverTimesOut,
      fetch: loopbackFetch(),
    });

  it("verifies by matching the lead, with Basic auth as API and the version header", async () => {
    fake.answer(recordingBodies(bodies, json(200, answered("success", true))));
    expect(await certificates().verify(CERT_URL, lead)).toEqual({ answer: "verified" });

    expect(bodies).toEqual([{ match_lead: { email: "jane@example.com", phone: "2125550001" } }]);
    const sent = fake.requests[0]!;
    expect(sent.url).toBe(`/${CERT_ID}`);
    expect(sent.headers.authorization).toBe(`Basic ${Buffer.from(`API:${KEY}`).toString("base64")}`);
    expect(sent.headers["api-version"]).toBe("4.0");
    expect(sent.headers["content-type"]).toBe("application/json");
  });

  it("claims by retaining with the lead's id as reference", async () => {
    fake.answer(recordingBodies(bodies, json(200, answered("success", true))));
    expect(await certificates().claim(CERT_URL, { phone: "2125550001" }, "lead-42")).toEqual({ answer: "claimed" });
    expect(bodies).toEqual([{ retain: { reference: "lead-42" }, match_lead: { phone: "2125550001" } }]);
    expect(fake.requests[0]!.headers["api-version"]).toBe("4.0");
  });

  it("answers invalid and claim_failed when the lead does not match or the certificate is gone", async () => {
    fake.answer(json(200, answered("failure", false)));
    expect(await certificates().verify(CERT_URL, lead)).toEqual({
      answer: "invalid",
      detail: "lead does not match the certificate",
    });
    // A success whose lead did not match is no verification either.
    fake.answer(json(200, answered("success", false)));
    expect((await certificates().verify(CERT_URL, lead)).answer).toBe("invalid");
    expect(await certificates().claim(CERT_URL, lead, "lead-42")).toEqual({
      answer: "claim_failed",
      detail: "lead does not match the certificate",
    });
    fake.answer(json(404, { outcome: "error", reason: "TrustedForm certificate has expired or could not be found" }));
    expect(await certificates().verify(CERT_URL, lead)).toEqual({
      answer: "invalid",
      detail: "certificate expired or not found",
    });
    expect((await certificates().claim(CERT_URL, lead, "lead-42")).answer).toBe("claim_failed");
  });

  it("answers invalid, calling nothing, for a URL that is not a certificate", async () => {
    expect(await certificates().verify("https://cert.trustedform.com/a/b", lead)).toEqual({
      answer: "invalid",
      detail: "not a certificate URL",
    });
    expect((await certificates().claim("not a url", lead, "lead-42")).answer).toBe("claim_failed");
    expect(fake.requests).toEqual([]);
  });

  it.each([
    ["a 500", json(500, { error: "boom" }), "HTTP 500"],
    ["a wrong key", json(401, { message: "Incorrect API key" }), "HTTP 401"],
    ["an account out of funds", json(402, { message: "inactive" }), "HTTP 402"],
    ["an outcome of error", json(200, { outcome: "error", reason: "retry" }), "outcome error"],
    ["an unexpected shape", json(200, { ok: true }), "unexpected answer"],
  ])("fails on %s", async (_name, handler, reason) => {
    fake.answer(handler);
    const failure = await certificates()
      .verify(CERT_URL, lead)
      .catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceFailure);
    expect(failure).toMatchObject({ outcome: "failed", message: reason });
  });

  it("times out when the caller's signal ends the call", async () => {
    const gate = new AbortController();
    fake.answer(() => gate.abort(new DOMException("The operation timed out.", "TimeoutError")));
    const failure = await certificates()
      .claim(CERT_URL, lead, "lead-42", gate.signal)
      .catch((error: unknown) => error);
    expect(failure).toMatchObject({ outcome: "timeout" });
  });

  it("takes the certificate id from the URL's one path segment", () => {
    expect(trustedFormCertId(CERT_URL)).toBe(CERT_ID);
    expect(trustedFormCertId("https://cert.trustedform.com/")).toBeUndefined();
    expect(trustedFormCertId("https://cert.trustedform.com/../x")).toBe("x");
    expect(trustedFormCertId("https://cert.trustedform.com/a%2Fb")).toBeUndefined();
  });
});
