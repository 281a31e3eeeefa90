import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { json, startFakeHttpServer, type FakeHttpServer } from "../../intake/lookups/fake-http-server.testing.ts";
import { loopbackFetch } from "../../platform/net/outbound-guard.testing.ts";
import { neverTimesOut } from "../../platform/net/timeout-signal.testing.ts";
import { recordingBodies } from "../gate/fake-service-bodies.testing.ts";
import type { ScreenInput } from "../gate/screening-check.ts";
import { ServiceFailure } from "../gate/service-failure.ts";
import { createCertificateCheck } from "./certificate-check.ts";
import { createJornayaCertificates } from "./jornaya-certificates.ts";
import { createTrustedFormCertificates } from "./trustedform-certificates.ts";

// The consent certificate as a check of the gate (docs/product/screening.md#consent-certificates), each vendor on a
// local fake of its own.

const CERT_URL = "https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567";
const TOKEN = "0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D";

const lead = (evidence: Partial<Pick<ScreenInput, "trustedFormUrl" | "jornayaLeadId">>): ScreenInput => ({
  leadId: "lead-1",
  testMode: false,
  phone: "2125550001",
  email: "jane@example.com",
  zip: null,
  city: null,
  state: null,
  trustedFormUrl: null,
  jornayaLeadId: null,
  sentAt: new Date(),
  hashes: { device: null, ip: null, phone: null, email: null },
  ...evidence,
});

describe("the certificate check", () => {
  let trustedFormFake: FakeHttpServer;
  let jornayaFake: FakeHttpServer;
  let bodies: unknown[];
  beforeEach(async () => {
    bodies = [];
    trustedFormFake = await startFakeHttpServer();
    jornayaFake = await startFakeHttpServer();
  });
  afterEach(async () => {
    await trustedFormFake.close();
    await jornayaFake.close();
  });

  const trustedForm = () =>
    createTrustedFormCertificates({
      apiUrl: trustedFormFake.url,
      apiKey: "tf-key",
      timeoutMs: 1000,
      timeout: neverTimesOut,
      fetch: loopbackFetch(),
    });
  const jornaya = () =>
    createJornayaCertificates({
      apiUrl: jornayaFake.url,
      accountCode: "LAC-1",
      apiKey: "jn-key",
      timeoutMs: 1000,
      timeout: neverTimesOut,
      fetch: loopbackFetch(),
    });
  const signal = () => new AbortController().signal;

  it("verifies a TrustedForm certificate against the lead's e-mail and phone", async () => {
    trustedFormFake.answer(
      recordingBodies(bodies, json(200, { outcome: "success", match_lead: { result: { success: true } } })),
    );
    const check = createCertificateCheck({ trustedForm: trustedForm(), jornaya: jornaya(), timeoutMs: 1500 });
    expect(check).toMatchObject({ answers: ["consent_certificate"], adapter: "trustedform", timeoutMs: 1500 });

    // Carrying both, the lead is checked by its TrustedForm certificate.
    expect(await check.run(lead({ trustedFormUrl: CERT_URL, jornayaLeadId: TOKEN }), signal())).toEqual({
      consent_certificate: { answer: "verified", source: "trustedform" },
    });
    expect(bodies).toEqual([{ match_lead: { email: "jane@example.com", phone: "2125550001" } }]);
    expect(jornayaFake.requests).toEqual([]);

    trustedFormFake.answer(json(200, { outcome: "failure", match_lead: { result: { success: false } } }));
    expect(await check.run(lead({ trustedFormUrl: CERT_URL }), signal())).toEqual({
      consent_certificate: { answer: "invalid", source: "trustedform", detail: "lead does not match the certificate" },
    });
  });

  it("verifies a Jornaya LeadiD token", async () => {
    jornayaFake.answer(json(200, { authentic: 1 }));
    const check = createCertificateCheck({ jornaya: jornaya(), timeoutMs: 1500 });
    expect(check.adapter).toBe("jornaya");
    expect(await check.run(lead({ jornayaLeadId: TOKEN }), signal())).toEqual({
      consent_certificate: { answer: "verified", source: "jornaya" },
    });
    jornayaFake.answer(json(200, { authentic: 0 }));
    expect(await check.run(lead({ jornayaLeadId: TOKEN }), signal())).toEqual({
      consent_certificate: { answer: "invalid", source: "jornaya", detail: "not authentic" },
    });
  });

  it("answers none for a lead with neither, unknown for evidence no configured vendor reads", async () => {
    const check = createCertificateCheck({ jornaya: jornaya(), timeoutMs: 1500 });
    expect(await check.run(lead({}), signal())).toEqual({
      consent_certificate: { answer: "none", source: "offline", noCall: true },
    });
    expect(await check.run(lead({ trustedFormUrl: CERT_URL }), signal())).toEqual({
      consent_certificate: {
        answer: "unknown",
        source: "offline",
        detail: "TrustedForm is not configured",
        noCall: true,
      },
    });
    expect(jornayaFake.requests).toEqual([]);
    expect(() => createCertificateCheck({ timeoutMs: 1500 })).toThrow("needs TrustedForm or Jornaya");
  });

  it("lets a vendor's failure through to the gate", async () => {
    trustedFormFake.answer(json(503, {}));
    const check = createCertificateCheck({ trustedForm: trustedForm(), timeoutMs: 1500 });
    const failure = await check.run(lead({ trustedFormUrl: CERT_URL }), signal()).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ServiceFailure);
    expect(failure).toMatchObject({ outcome: "failed", message: "HTTP 503" });
  });
});
