import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSENT_TEXTS } from "#domain/consent.ts";
import { MESSAGES } from "#domain/messages.ts";
import { LOAN_REASON_FROM_URL_KEY } from "#web/session/email-link-arrival.ts";
import { fakeApi, type FakeCall } from "#web/api/fake-api.testing.ts";
import { readTemporaryContact, saveTemporaryContact, type TemporaryContact } from "#web/session/temporary-contact.ts";
import { renderFunnel, savedLead } from "./funnel.testing.tsx";
import { LEAD_ID_KEY } from "#web/session/lead-session.ts";
import { createLeadBody } from "./save-lead.ts";

const TEMPORARY: TemporaryContact = {
  amount: 1000,
  loanReason: "AUTO_REPAIR",
  zipCode: "90210",
  city: "Beverly Hills",
  state: "CA",
  lat: 34.09,
  long: -118.41,
  ipAddress: "203.0.113.9",
  userAgent: "UA",
  trackingId: "tok-1",
  consent: {
    key: "quick_start",
    version: CONSENT_TEXTS.quick_start.version,
    page_url: "/",
    placeholders: { brand: "Loanpath", shortCode: "41411" },
  },
};

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const next = () => fireEvent.click(screen.getByRole("button", { name: "Next" }));
/** A new e-mail is shown back before it is saved. */
const confirmEmail = async () =>
  fireEvent.click(
    within(await screen.findByRole("alertdialog", { name: "Is your e-mail address right?" })).getByRole("button", {
      name: "Confirm",
    }),
  );

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("legal name and e-mail", () => {
  it("builds the create request from the temporary contact, in server names, with the quick start's consent", () => {
    expect(createLeadBody({ ...TEMPORARY, firstName: "Ana", lastName: "Rivera" }, "ana@example.com")).toEqual({
      loan_amount: 1000,
      loan_reason: "AUTO_REPAIR",
      zip: "90210",
      city: "Beverly Hills",
      state: "CA",
      latitude: 34.09,
      longitude: -118.41,
      user_agent: "UA",
      tracking_id: "tok-1",
      first_name: "Ana",
      last_name: "Rivera",
      email: "ana@example.com",
      consent: TEMPORARY.consent,
    });
  });

  it("carries the campaign the visitor landed from", () => {
    sessionStorage.setItem("utm_source", "newsletter");
    expect(createLeadBody(TEMPORARY, "ana@example.com").utm_source).toBe("newsletter");
  });

  it("keeps the names until the e-mail screen, which creates the lead and keeps its id", async () => {
    saveTemporaryContact(TEMPORARY);
    const api = fakeApi({
      "POST /api/personal_loan/lead/v2": (call: FakeCall) => savedLead(call.body as Record<string, unknown>),
      "POST /api/brevo": () => ({ status: 200, body: { status: 200, message: "ok", data: { queued: true } } }),
    });
    renderFunnel("/lgname", { lead: false });
    await screen.findByRole("heading", { level: 1, name: "Your Legal Name" });
    // The amount select shows only for a loan reason from the address.
    expect(screen.queryByLabelText("Loan Amount")).toBeNull();
    next();
    await screen.findByText(MESSAGES.firstNameRequired);
    expect(field("First Name").getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(field("First Name"), { target: { value: "Ana" } });
    fireEvent.change(field("Last Name"), { target: { value: "Rivera" } });
    next();
    await screen.findByRole("heading", { level: 1, name: "Your E-mail Address" });
    // Nothing about the lead is sent yet (the frame only asks which consent-certificate vendors to load).
    const leadCalls = () => api.calls.filter((c) => c.path !== "/api/site/tracking");
    expect(leadCalls()).toHaveLength(0);
    expect(readTemporaryContact()).toMatchObject({ firstName: "Ana", lastName: "Rivera" });
    fireEvent.change(field("E-mail Address"), { target: { value: "ana@example.com" } });
    next();
    expect(leadCalls()).toHaveLength(0);
    await confirmEmail();
    await screen.findByRole("heading", { level: 1, name: "Your Cell Phone" });
    const [create] = api.callsTo("POST", "/api/personal_loan/lead/v2");
    expect(create?.body).toMatchObject({ first_name: "Ana", last_name: "Rivera", email: "ana@example.com" });
    expect(sessionStorage.getItem(LEAD_ID_KEY)).toBe("L1");
    // The new lead joins the marketing list its consent covered.
    expect(api.callsTo("POST", "/api/brevo").map((c) => c.body)).toEqual([{ lead_id: "L1" }]);
  });

  it("asks the loan amount when the loan reason came from the address", async () => {
    saveTemporaryContact(TEMPORARY);
    sessionStorage.setItem(LOAN_REASON_FROM_URL_KEY, "MEDICAL");
    fakeApi({});
    renderFunnel("/lgname", { lead: false });
    const amount = (await screen.findByLabelText("Loan Amount")) as HTMLSelectElement;
    expect(amount.value).toBe("1000");
    fireEvent.change(field("First Name"), { target: { value: "Ana" } });
    fireEvent.change(field("Last Name"), { target: { value: "Rivera" } });
    fireEvent.change(amount, { target: { value: "3000" } });
    next();
    await screen.findByRole("heading", { level: 1, name: "Your E-mail Address" });
    expect(readTemporaryContact()?.amount).toBe(3000);
  });

  it("shows the server's message under the e-mail field", async () => {
    saveTemporaryContact(TEMPORARY);
    fakeApi({
      "POST /api/personal_loan/lead/v2": () => ({
        status: 400,
        body: {
          status: 400,
          message: "Please correct the highlighted fields.",
          errors: { email: "Invalid email address" },
        },
      }),
    });
    renderFunnel("/email", { lead: false });
    await screen.findByRole("heading", { level: 1, name: "Your E-mail Address" });
    fireEvent.change(field("E-mail Address"), { target: { value: "ana@example.com" } });
    next();
    await confirmEmail();
    await screen.findByText(MESSAGES.emailInvalid);
    expect(field("E-mail Address").getAttribute("aria-invalid")).toBe("true");
    expect(sessionStorage.getItem(LEAD_ID_KEY)).toBeNull();
  });

  it("sends a visitor with neither a lead nor a quick start back to it", async () => {
    fakeApi({});
    renderFunnel("/lgname", { lead: false });
    await screen.findByText("Landed at /");
  });
});
