import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { fakeApi } from "#web/api/fake-api.testing.ts";
import {
  EMAIL_LINK_BROKEN,
  enterByEmailLink,
  LOAN_REASON_FROM_URL_KEY,
  readEmailLinkArrival,
} from "./email-link-arrival.ts";
import {
  readTemporaryContact,
  saveTemporaryContact,
  TEMPORARY_CONTACT_KEY,
  trimUserAgent,
} from "./temporary-contact.ts";

beforeEach(() => sessionStorage.clear());

describe("e-mail link arrival", () => {
  it("reads an e-mail and a loan reason from the address, in either spelling", () => {
    expect(readEmailLinkArrival("?email=jo%40example.com&loan_reason=MEDICAL")).toEqual({
      email: "jo@example.com",
      loanReason: "MEDICAL",
      resumeToken: undefined,
    });
    expect(readEmailLinkArrival("?email=jo@example.com&loanReason=TAXES&resume_token=t1")?.resumeToken).toBe("t1");
  });

  it("ignores an address without both", () => {
    expect(readEmailLinkArrival("?email=jo@example.com")).toBeUndefined();
    expect(readEmailLinkArrival("")).toBeUndefined();
  });
});

describe("e-mail link entry", () => {
  const arrival = { email: "jo@example.com", loanReason: "MEDICAL", resumeToken: "tok" };
  const entered = (path: string) => ({
    status: 200,
    body: { status: 200, message: "ok", data: { contact: { lead_id: "lead-9" }, resume_path: path } },
  });
  afterEach(() => vi.unstubAllGlobals());

  it("starts the lead with the link's e-mail, reason, token and campaign, and keeps what the funnel needs", async () => {
    sessionStorage.setItem("utm_source", "spring-mail");
    sessionStorage.setItem(TEMPORARY_CONTACT_KEY, JSON.stringify({ amount: 100 }));
    const api = fakeApi({ "POST /api/personal_loan/lead/v2/email-link": () => entered("/dob") });
    expect(await enterByEmailLink(arrival, sessionStorage, "  UA  1 ")).toEqual({ ok: true, path: "/dob" });
    expect(api.calls[0]?.body).toEqual({
      email: "jo@example.com",
      loan_reason: "MEDICAL",
      resume_token: "tok",
      user_agent: "UA 1",
      utm_source: "spring-mail",
    });
    expect(sessionStorage.getItem("lead_id")).toBe("lead-9");
    expect(sessionStorage.getItem(LOAN_REASON_FROM_URL_KEY)).toBe("MEDICAL");
    expect(sessionStorage.getItem(TEMPORARY_CONTACT_KEY)).toBeNull();
  });

  it("does not send a link the server would refuse, and keeps nothing", async () => {
    const api = fakeApi({ "POST /api/personal_loan/lead/v2/email-link": () => entered("/dob") });
    const entry = await enterByEmailLink({ ...arrival, loanReason: "VACATION" }, sessionStorage, "UA");
    expect(entry).toEqual({ ok: false, message: EMAIL_LINK_BROKEN });
    expect(await enterByEmailLink({ ...arrival, email: "jo@" }, sessionStorage, "UA")).toEqual(entry);
    expect(api.calls).toHaveLength(0);
    expect(sessionStorage.getItem("lead_id")).toBeNull();
    expect(sessionStorage.getItem(LOAN_REASON_FROM_URL_KEY)).toBeNull();
  });

  it("reports a server that cannot be reached or refuses, keeping no lead", async () => {
    fakeApi({
      "POST /api/personal_loan/lead/v2/email-link": () => ({
        status: 429,
        body: { status: 429, message: "Too many requests, please wait a moment." },
      }),
    });
    expect(await enterByEmailLink(arrival, sessionStorage, "UA")).toEqual({
      ok: false,
      message: "Too many requests, please wait a moment.",
    });
    expect(sessionStorage.getItem("lead_id")).toBeNull();
  });
});

describe("temporary contact", () => {
  it("round-trips through session storage", () => {
    const contact = {
      amount: 500,
      loanReason: "OTHER",
      zipCode: "90210",
      city: "Beverly Hills",
      state: "CA",
      lat: 1,
      long: 2,
      userAgent: "UA",
      consent: {
        key: "quick_start" as const,
        version: "v1",
        page_url: "/",
        placeholders: { brand: "Loanpath", shortCode: "41411" },
      },
    };
    saveTemporaryContact(contact);
    expect(readTemporaryContact()).toEqual(contact);
  });

  it("reads nothing from an empty or corrupt entry", () => {
    expect(readTemporaryContact()).toBeUndefined();
    sessionStorage.setItem("temporary_contact", "{not json");
    expect(readTemporaryContact()).toBeUndefined();
  });

  it("trims the user agent and caps its length", () => {
    expect(trimUserAgent("  Mozilla/5.0   (X11)  ")).toBe("Mozilla/5.0 (X11)");
    expect(trimUserAgent("x".repeat(600))).toHaveLength(512);
  });
});
