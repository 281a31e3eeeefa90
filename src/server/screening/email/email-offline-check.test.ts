import { describe, expect, it } from "vitest";
import type { ScreenInput } from "../gate/screening-check.ts";
import { emailOfflineCheck, loadDisposableDomains } from "./email-offline-check.ts";

const lead = (email: string | null): ScreenInput => ({
  leadId: "lead-1",
  testMode: false,
  phone: null,
  email,
  zip: null,
  city: null,
  state: null,
  trustedFormUrl: null,
  jornayaLeadId: null,
  sentAt: new Date("2026-12-01T12:00:00Z"),
  hashes: { device: null, ip: null, phone: null, email: null },
});
const run = (email: string | null) => emailOfflineCheck.run(lead(email), new AbortController().signal);

describe("the offline e-mail check", () => {
  it("answers ok and personal for a person at a real provider", async () => {
    expect(await run("ana.lopez@gmail.com")).toEqual({
      email_domain: { answer: "ok", source: "offline" },
      email_role: { answer: "personal", source: "offline" },
    });
  });

  it.each([
    ["ana@mailinator.com", "mailinator.com"],
    ["ana@GuerrillaMail.com", "guerrillamail.com"],
    ["ana@10minutemail.com.", "10minutemail.com"],
    // Every subdomain of a wildcard entry is disposable, however deep.
    ["ana@anything.33mail.com", "33mail.com"],
    ["ana@a.b.anonaddy.me", "anonaddy.me"],
  ])("answers disposable for %s", async (email, listed) => {
    const answers = await run(email);
    expect(answers.email_domain).toEqual({ answer: "disposable", source: "offline", detail: `disposable (${listed})` });
  });

  it("matches exact entries exactly: a subdomain of one that is not a wildcard is not listed", async () => {
    const { exact, wildcard } = await loadDisposableDomains();
    expect(exact.has("guerrillamail.com") && !wildcard.has("guerrillamail.com")).toBe(true);
    expect((await run("ana@mx.guerrillamail.com")).email_domain?.answer).toBe("ok");
    expect((await run("ana@acmemailinator.com")).email_domain?.answer).toBe("ok");
  });

  it("answers role for a role's mailbox", async () => {
    expect((await run("Info+web@acme-lending.com")).email_role).toEqual({
      answer: "role",
      source: "offline",
      detail: "role mailbox",
    });
  });

  it("answers unknown for both when the lead has no e-mail", async () => {
    expect(await run(null)).toEqual({
      email_domain: { answer: "unknown", source: "offline", detail: "no e-mail" },
      email_role: { answer: "unknown", source: "offline", detail: "no e-mail" },
    });
    expect((await run("ana.lopez")).email_domain?.answer).toBe("unknown");
    expect(emailOfflineCheck.answers).toEqual(["email_domain", "email_role"]);
    expect(emailOfflineCheck.adapter).toBeUndefined();
  });

  it("reads the lists once", async () => {
    expect(await loadDisposableDomains()).toBe(await loadDisposableDomains());
  });
});
