import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { json, startFakeHttpServer, type FakeHttpServer } from "../../intake/lookups/fake-http-server.testing.ts";
import { loopbackFetch } from "../../platform/net/outbound-guard.testing.ts";
import { neverTimesOut, timeoutFiredByTest } from "../../platform/net/timeout-signal.testing.ts";
import type { ScreenInput } from "../gate/screening-check.ts";
import { ServiceFailure } from "../gate/service-failure.ts";
import { createTwilioLineTypeCheck } from "./line-type-check.ts";

const SID = "AC0123456789abcdef0123456789abcdef";
const TOKEN = "twilio-secret-token";

const lead = (phone: string | null): ScreenInput => ({
  leadId: "lead-1",
  testMode: false,
  phone,
  email: null,
  zip: null,
  city: null,
  state: null,
  trustedFormUrl: null,
  jornayaLeadId: null,
  sentAt: new Date("2026-12-01T12:00:00Z"),
  hashes: { device: null, ip: null, phone: null, email: null },
});

/** Twilio Lookup v2's answer with Line Type Intelligence, as its documentation shows it. */
const twilioAnswer = (intelligence: Record<string, unknown> | null) => ({
  calling_country_code: "1",
  country_code: "US",
  phone_number: "+12012001234",
  national_format: "(201) 200-1234",
  valid: true,
  validation_errors: [],
  caller_name: null,
  line_type_intelligence: intelligence,
  url: "https://lookups.twilio.com/v2/PhoneNumbers/+12012001234",
});

const unaborted = () => new AbortController().signal;

describe("the Twilio line-type check", () => {
  let fake: FakeHttpServer;
  const check = (timeout = neverTimesOut) =>
    createTwilioLineTypeCheck({
      baseUrl: fake.url,
      accountSid: SID,
      authToken: TOKEN,
      timeoutMs: 800,
      timeout,
      fetch: loopbackFetch(),
    });

  beforeEach(async () => {
    fake = await startFakeHttpServer();
  });
  afterEach(async () => {
    await fake.close();
  });

  it("asks Twilio for the E.164 number's line type with the account's Basic auth", async () => {
    fake.answer(json(200, twilioAnswer({ type: "mobile", carrier_name: "T-Mobile USA, Inc.", error_code: null })));
    const answers = await check().run(lead("(201) 200-1234"), unaborted());

    expect(answers).toEqual({ phone_line_type: { answer: "mobile", source: "twilio", detail: "T-Mobile USA, Inc." } });
    expect(fake.requests).toHaveLength(1);
    const sent = new URL(fake.requests[0]!.url, fake.url);
    expect(sent.pathname).toBe("/v2/PhoneNumbers/+12012001234");
    expect(Object.fromEntries(sent.searchParams)).toEqual({ Fields: "line_type_intelligence" });
    const authorization = fake.requests[0]!.headers.authorization ?? "";
    expect(authorization).toBe(`Basic ${Buffer.from(`${SID}:${TOKEN}`).toString("base64")}`);
  });

  it.each([
    ["landline", "landline"],
    ["fixedVoip", "voip"],
    ["nonFixedVoip", "voip"],
    ["tollFree", "toll_free"],
    ["personal", "other"],
    ["pager", "other"],
    ["premium", "other"],
    ["sharedCost", "other"],
    ["uan", "other"],
    ["voicemail", "other"],
    ["unknown", "unknown"],
  ])("answers Twilio's %s as %s", async (type, answer) => {
    fake.answer(json(200, twilioAnswer({ type, carrier_name: "Some Carrier", error_code: null })));
    const answers = await check().run(lead("2012001234"), unaborted());
    expect(answers).toEqual({ phone_line_type: { answer, source: "twilio", detail: "Some Carrier" } });
  });

  it("answers unknown when Twilio has no type or reports an error", async () => {
    fake.answer(json(200, twilioAnswer({ type: null, carrier_name: null, error_code: null })));
    expect(await check().run(lead("2012001234"), unaborted())).toEqual({
      phone_line_type: { answer: "unknown", source: "twilio" },
    });

    fake.answer(json(200, twilioAnswer({ type: "mobile", carrier_name: null, error_code: 60600 })));
    expect(await check().run(lead("2012001234"), unaborted())).toEqual({
      phone_line_type: { answer: "unknown", source: "twilio", detail: "Twilio error 60600" },
    });

    fake.answer(json(200, { ...twilioAnswer(null), valid: false }));
    expect(await check().run(lead("2012001234"), unaborted())).toEqual({
      phone_line_type: { answer: "unknown", source: "twilio" },
    });
  });

  it("asks nothing when the lead has no US phone", async () => {
    expect(await check().run(lead(null), unaborted())).toEqual({
      phone_line_type: { answer: "unknown", source: "twilio", detail: "no phone", noCall: true },
    });
    expect(await check().run(lead("12345"), unaborted())).toEqual({
      phone_line_type: { answer: "unknown", source: "twilio", detail: "not a US phone", noCall: true },
    });
    expect(fake.requests).toEqual([]);
  });

  it.each([
    ["a 500", json(500, { code: 20500, message: "Internal Server Error" }), "HTTP 500"],
    ["a 401", json(401, { code: 20003, message: "Authenticate" }), "HTTP 401"],
    ["malformed JSON", json(200, "{ line_type_intelligence: "), "invalid JSON"],
    ["an answer that is not Twilio's", json(200, { line_type_intelligence: "mobile" }), "unexpected answer"],
  ])("throws a failed ServiceFailure on %s, naming neither the phone nor the token", async (_name, handler, reason) => {
    fake.answer(handler);
    const error = await check()
      .run(lead("2012001234"), unaborted())
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceFailure);
    expect(error).toMatchObject({ outcome: "failed", message: reason });
    expect(String((error as Error).stack)).not.toMatch(/2012001234|twilio-secret-token/);
  });

  it("throws a timeout ServiceFailure when the gate's signal ends a slow call", async () => {
    // Twilio never answers; the gate's time for the check runs out once Twilio has the request.
    const gate = new AbortController();
    fake.answer(() => gate.abort(new DOMException("The operation was aborted.", "AbortError")));
    const error = await check()
      .run(lead("2012001234"), gate.signal)
      .catch((e: unknown) => e);
    expect(fake.requests).toHaveLength(1);
    expect(error).toBeInstanceOf(ServiceFailure);
    expect(error).toMatchObject({ outcome: "timeout", message: "timeout" });
  });

  it("throws a timeout ServiceFailure at its own time limit", async () => {
    const timedOut = timeoutFiredByTest();
    fake.answer(() => timedOut.fire());
    const error = await check(timedOut.signal)
      .run(lead("2012001234"), unaborted())
      .catch((e: unknown) => e);
    expect(timedOut.asked).toEqual([800]);
    expect(error).toMatchObject({ outcome: "timeout" });
  });

  it("throws a failed ServiceFailure when nothing listens", async () => {
    await fake.close();
    await expect(check().run(lead("2012001234"), unaborted())).rejects.toMatchObject({
      outcome: "failed",
      message: "network error",
    });
    fake = await startFakeHttpServer();
  });

  it("is the twilio adapter, answering the line type only", () => {
    expect(check()).toMatchObject({ adapter: "twilio", answers: ["phone_line_type"], timeoutMs: 800 });
  });
});
