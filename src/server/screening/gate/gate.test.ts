import { describe, expect, it } from "vitest";
import { createGate } from "./gate.ts";
import type { ScreenInput, ScreeningCheck } from "./screening-check.ts";
import { ServiceFailure } from "./service-failure.ts";

const input: ScreenInput = {
  leadId: "ld_test",
  testMode: false,
  phone: "2015550123",
  email: "ana@example.com",
  zip: "10001",
  city: "New York",
  state: "NY",
  trustedFormUrl: null,
  jornayaLeadId: null,
  sentAt: new Date("2026-12-07T10:00:00Z"),
  hashes: { device: null, ip: null, phone: null, email: null },
};

const check = (over: Partial<ScreeningCheck> & Pick<ScreeningCheck, "run">): ScreeningCheck => ({
  name: "test",
  answers: ["phone_line_type"],
  timeoutMs: 10_000,
  ...over,
});

const never = () => new Promise<never>(() => {});

describe("the gate", () => {
  it("gathers every check's answers with their source and time, and counts the outside calls", async () => {
    const warnings: string[] = [];
    const gate = createGate({
      budgetMs: 10_000,
      warn: (m) => warnings.push(m),
      now: () => new Date("2026-12-07T10:00:01Z"),
      checks: [
        check({
          name: "plan",
          answers: ["phone_number"],
          run: async () => ({ phone_number: { answer: "valid", source: "offline" } }),
        }),
        check({
          name: "twilio",
          adapter: "twilio",
          run: async () => ({ phone_line_type: { answer: "voip", source: "twilio", detail: "Bandwidth" } }),
        }),
      ],
    });
    const run = await gate.run(input);
    expect(run.checks.phone_number).toEqual({ answer: "valid", source: "offline", at: "2026-12-07T10:00:01.000Z" });
    expect(run.checks.phone_line_type).toMatchObject({ answer: "voip", source: "twilio", detail: "Bandwidth" });
    expect(run.calls).toEqual([{ adapter: "twilio", outcome: "ok" }]);
    expect(warnings).toEqual([]);
  });

  it("answers unknown for a service that never answers, at its own timeout, while the others' answers stand", async () => {
    let aborted = false;
    const gate = createGate({
      budgetMs: 10_000,
      warn: () => {},
      checks: [
        check({
          name: "dead",
          adapter: "twilio",
          timeoutMs: 30,
          run: (_input, signal) => {
            signal.addEventListener("abort", () => (aborted = true));
            return never();
          },
        }),
        check({
          name: "plan",
          answers: ["phone_number"],
          run: async () => ({ phone_number: { answer: "valid", source: "offline" } }),
        }),
      ],
    });
    const run = await gate.run(input);
    expect(run.checks.phone_line_type).toMatchObject({ answer: "unknown", source: "twilio", detail: "timeout" });
    expect(run.checks.phone_number?.answer).toBe("valid");
    expect(run.calls).toEqual([{ adapter: "twilio", outcome: "timeout" }]);
    expect(aborted).toBe(true);
  });

  it("holds every check to the gate's budget, even one allowed longer", async () => {
    const gate = createGate({
      budgetMs: 30,
      warn: () => {},
      checks: [check({ name: "slow", adapter: "dns", answers: ["email_mx"], timeoutMs: 60_000, run: never })],
    });
    const run = await gate.run(input);
    expect(run.checks.email_mx).toMatchObject({ answer: "unknown", detail: "timeout" });
  });

  it("answers unknown with the service's reason on a failure, and tells of a check that broke", async () => {
    const warnings: string[] = [];
    const gate = createGate({
      budgetMs: 10_000,
      warn: (m) => warnings.push(m),
      checks: [
        check({
          name: "twilio",
          adapter: "twilio",
          run: async () => {
            throw new ServiceFailure("failed", "HTTP 500");
          },
        }),
        check({
          name: "broken",
          answers: ["address"],
          run: async () => {
            throw new TypeError("x is undefined");
          },
        }),
      ],
    });
    const run = await gate.run(input);
    expect(run.checks.phone_line_type).toMatchObject({ answer: "unknown", detail: "HTTP 500" });
    expect(run.checks.address).toMatchObject({ answer: "unknown", detail: "check failed" });
    expect(run.calls).toEqual([{ adapter: "twilio", outcome: "failed" }]);
    expect(warnings).toEqual(["screening check broken failed: TypeError"]);
  });

  it("keeps a known answer over a later check's unknown for the same name", async () => {
    const gate = createGate({
      budgetMs: 10_000,
      warn: () => {},
      checks: [
        check({
          name: "lists",
          answers: ["litigator"],
          run: async () => ({ litigator: { answer: "listed", source: "lists" } }),
        }),
        check({
          name: "scrub",
          adapter: "litigator-scrub",
          answers: ["litigator"],
          run: async () => {
            throw new ServiceFailure("timeout", "timeout");
          },
        }),
      ],
    });
    expect((await gate.run(input)).checks.litigator).toMatchObject({ answer: "listed", source: "lists" });
  });
});

describe("the gate's count of paid calls", () => {
  it("counts no call for an adapter that answered without calling out", async () => {
    const gate = createGate({
      budgetMs: 10_000,
      warn: () => {},
      checks: [
        check({
          name: "twilio",
          adapter: "twilio",
          run: async () => ({
            phone_line_type: { answer: "unknown", source: "twilio", detail: "no phone", noCall: true },
          }),
        }),
      ],
    });
    const run = await gate.run(input);
    expect(run.calls).toEqual([]);
    expect(run.checks.phone_line_type).toEqual({
      answer: "unknown",
      source: "twilio",
      detail: "no phone",
      at: expect.any(String),
    });
  });
});
