import { beforeEach, describe, expect, it } from "vitest";
import { handleEmailLinkArrival, LOAN_REASON_FROM_URL_KEY, readEmailLinkArrival } from "./email-link-arrival.ts";
import { readTemporaryContact, saveTemporaryContact, trimUserAgent } from "./temporary-contact.ts";

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

  it("remembers the loan reason under the spec's session key", () => {
    handleEmailLinkArrival({ email: "jo@example.com", loanReason: "MEDICAL", resumeToken: undefined });
    expect(sessionStorage.getItem(LOAN_REASON_FROM_URL_KEY)).toBe("MEDICAL");
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
