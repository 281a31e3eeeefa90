import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSENT_TEXTS, fillConsent } from "#domain/consent.ts";
import { MESSAGES } from "#domain/messages.ts";
import { fakeApi, partnersHandler, zipHandler } from "#web/api/fake-api.testing.ts";
import { InfoPopupsProvider } from "#web/frame/info/info-popups.tsx";
import { forgetSiteTracking } from "#web/site/use-consent-vendors.ts";
import { QuickStartForm } from "./quick-start-form.tsx";
import { readTemporaryContact, TEMPORARY_CONTACT_KEY } from "#web/session/temporary-contact.ts";

function NextStep() {
  return <p>Next step at {useLocation().pathname}</p>;
}

function renderForm() {
  const Stub = createRoutesStub([
    {
      path: "/",
      Component: () => (
        <InfoPopupsProvider>
          <QuickStartForm />
        </InfoPopupsProvider>
      ),
    },
    { path: "/lgname", Component: NextStep },
  ]);
  render(<Stub initialEntries={["/"]} />);
  return {
    zip: () => screen.getByLabelText("Your Zip Code") as HTMLInputElement,
    submit: () => fireEvent.click(screen.getByRole("button", { name: /REQUEST NOW/ })),
  };
}

const yourIp = () => ({
  status: 200,
  body: { status: 200, message: "ok", ip: "203.0.113.9", data: { ip: "203.0.113.9" } },
});

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("quick start form", () => {
  it("starts at $500 and Debt Consolidation and shows the consent text with its links", () => {
    fakeApi({});
    renderForm();
    expect((screen.getByLabelText("Loan Amount") as HTMLSelectElement).value).toBe("500");
    expect((screen.getByLabelText("Reason for loan") as HTMLSelectElement).value).toBe("DEBT_CONSOLIDATION");
    expect(screen.getByText("$100 - $5,000")).toBeTruthy();
    expect(screen.getByRole("link", { name: /Privacy Policy/ }).getAttribute("href")).toBe("/privacy");
    expect(screen.getByRole("link", { name: /Terms of Use/ }).getAttribute("href")).toBe("/terms-of-use");
    expect(screen.getByRole("button", { name: "Rates and Fees" })).toBeTruthy();
    expect(screen.getByRole("button", { name: "the list of marketing partners" })).toBeTruthy();
    // Word for word the versioned consent text of src/domain/consent.ts, with the brand filled in.
    const consent = document
      .querySelector(".quick-start__consent")!
      .textContent!.replaceAll(" (opens in a new tab)", "");
    expect(consent).toBe(fillConsent(CONSENT_TEXTS.quick_start, { brand: "Loanpath", shortCode: "41411" }));
    // The consent-certificate vendors' fields (TrustedForm, Jornaya LeadiD: the hidden lead-tracking token field).
    expect(document.querySelector("input[type=hidden][name=xxTrustedFormCertUrl]")).toBeTruthy();
    expect(document.querySelector("input[type=hidden]#leadid_token")).toBeTruthy();
  });

  // The schema runs asynchronously (react-hook-form's resolver): each message is awaited.
  it("validates on submit, then again on every change, with the spec's messages", async () => {
    fakeApi({ "GET /api/personal_loan/zipcode": zipHandler });
    const form = renderForm();
    expect(screen.queryByText(MESSAGES.zipRequired)).toBeNull();
    form.submit();
    expect(await screen.findByText(MESSAGES.zipRequired)).toBeTruthy();
    expect(form.zip().getAttribute("aria-invalid")).toBe("true");
    fireEvent.change(form.zip(), { target: { value: "12" } });
    expect(await screen.findByText(MESSAGES.zipLength)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Loan Amount"), { target: { value: "" } });
    expect(await screen.findByText(MESSAGES.loanAmountRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Reason for loan"), { target: { value: "" } });
    expect(await screen.findByText(MESSAGES.loanReasonRequired)).toBeTruthy();
  });

  it("keeps digits only, at most five, with a numeric keyboard", () => {
    fakeApi({ "GET /api/personal_loan/zipcode": zipHandler });
    const form = renderForm();
    fireEvent.change(form.zip(), { target: { value: "9a0-2 1x05" } });
    expect(form.zip().value).toBe("90210");
    expect(form.zip().getAttribute("inputmode")).toBe("numeric");
    // No maxLength: on the prerendered page it would cut "9a0-2 1x05" to "9a0-2" before the app could keep the
    // digits (docs/decisions/0025-hydrate-on-intent.md); the field keeps five digits itself.
    expect(form.zip().hasAttribute("maxlength")).toBe(false);
  });

  it("shows the zip's city and state under the field, and clears them when the zip changes", async () => {
    fakeApi({ "GET /api/personal_loan/zipcode": zipHandler });
    const form = renderForm();
    fireEvent.change(form.zip(), { target: { value: "90210" } });
    await screen.findByText("Beverly Hills, CA");
    fireEvent.change(form.zip(), { target: { value: "9021" } });
    expect(screen.queryByText("Beverly Hills, CA")).toBeNull();
  });

  it("refuses an unknown zip with `Invalid` and stays", async () => {
    const api = fakeApi({ "GET /api/personal_loan/zipcode": zipHandler, "GET /api/your-ip": yourIp });
    const form = renderForm();
    fireEvent.change(form.zip(), { target: { value: "00000" } });
    form.submit();
    await screen.findByText(MESSAGES.zipUnknown);
    expect(screen.queryByText(/Next step/)).toBeNull();
    expect(sessionStorage.getItem(TEMPORARY_CONTACT_KEY)).toBeNull();
    // The unknown zip is asked once: the submit reused the lookup made while typing.
    expect(api.callsTo("GET", "/api/personal_loan/zipcode")).toHaveLength(1);
    // Still refused after another field changes; gone once the zip changes.
    fireEvent.change(screen.getByLabelText("Loan Amount"), { target: { value: "1000" } });
    expect(screen.getByText(MESSAGES.zipUnknown)).toBeTruthy();
    fireEvent.change(form.zip(), { target: { value: "0000" } });
    expect(screen.queryByText(MESSAGES.zipUnknown)).toBeNull();
  });

  it("keeps the temporary contact and moves on to /lgname, ignoring a second submit", async () => {
    let releaseIp: () => void = () => {};
    const ipAnswered = new Promise<void>((resolve) => (releaseIp = resolve));
    const api = fakeApi({
      "GET /api/personal_loan/zipcode": zipHandler,
      "GET /api/your-ip": async () => {
        await ipAnswered;
        return yourIp();
      },
    });
    const form = renderForm();
    fireEvent.change(screen.getByLabelText("Loan Amount"), { target: { value: "2000" } });
    fireEvent.change(screen.getByLabelText("Reason for loan"), { target: { value: "MEDICAL" } });
    fireEvent.change(form.zip(), { target: { value: "10001" } });
    form.submit();
    form.submit();
    await waitFor(() => expect(api.callsTo("GET", "/api/your-ip")).toHaveLength(1));
    expect(screen.getByRole("form", { name: "Get started" }).getAttribute("aria-busy")).toBe("true");
    await act(async () => releaseIp());
    await screen.findByText("Next step at /lgname");
    expect(api.callsTo("GET", "/api/your-ip")).toHaveLength(1);
    expect(readTemporaryContact()).toEqual({
      amount: 2000,
      loanReason: "MEDICAL",
      zipCode: "10001",
      city: "New York",
      state: "NY",
      lat: 40.75,
      long: -73.99,
      ipAddress: "203.0.113.9",
      userAgent: navigator.userAgent.trim(),
      consent: {
        key: "quick_start",
        version: CONSENT_TEXTS.quick_start.version,
        page_url: "/",
        placeholders: { brand: "Loanpath", shortCode: "41411" },
      },
    });
  });

  it("keeps the Jornaya LeadiD token as the lead-tracking id when Jornaya is configured", async () => {
    const token = "0A1B2C3D-4E5F-6A7B-8C9D-0E1F2A3B4C5D";
    const jornaya = { scriptUrl: "https://create.lidstatic.com/campaign/C1.js?snippet_version=2" };
    const api = fakeApi({
      "GET /api/personal_loan/zipcode": zipHandler,
      "GET /api/your-ip": yourIp,
      "GET /api/site/tracking": () => ({
        status: 200,
        body: { status: 200, message: "ok", data: { trustedForm: null, jornaya } },
      }),
    });
    (
      window as unknown as { happyDOM: { settings: { handleDisabledFileLoadingAsSuccess: boolean } } }
    ).happyDOM.settings.handleDisabledFileLoadingAsSuccess = true;
    forgetSiteTracking();
    const form = renderForm();
    await waitFor(() => expect(document.querySelector(`script[src="${jornaya.scriptUrl}"]`)).toBeTruthy());
    // What Jornaya's script does: write the token into the hidden field.
    document.querySelector<HTMLInputElement>("#leadid_token")!.value = token;
    fireEvent.change(form.zip(), { target: { value: "10001" } });
    form.submit();
    await screen.findByText("Next step at /lgname");
    expect(readTemporaryContact()?.trackingId).toBe(token);
    expect(sessionStorage.getItem("jornayaLeadId")).toBe(token);
    expect(api.callsTo("GET", "/api/site/tracking")).toHaveLength(1);
    document.querySelector(`script[src="${jornaya.scriptUrl}"]`)?.remove();
    forgetSiteTracking();
  });

  it("goes on without an IP when that call fails (docs/product/errors.md)", async () => {
    fakeApi({
      "GET /api/personal_loan/zipcode": zipHandler,
      "GET /api/your-ip": () => ({ status: 500, body: { status: 500, message: "down" } }),
    });
    const form = renderForm();
    fireEvent.change(form.zip(), { target: { value: "90210" } });
    form.submit();
    await screen.findByText("Next step at /lgname");
    expect(readTemporaryContact()?.ipAddress).toBeUndefined();
    expect(readTemporaryContact()?.city).toBe("Beverly Hills");
  });

  it("shows a returning visitor's answers, and keeps the names of the legal name screen when going on again", async () => {
    fakeApi({ "GET /api/personal_loan/zipcode": zipHandler, "GET /api/your-ip": yourIp });
    sessionStorage.setItem(
      TEMPORARY_CONTACT_KEY,
      JSON.stringify({ amount: 3000, loanReason: "TAXES", zipCode: "90210", firstName: "Ana", lastName: "Rivera" }),
    );
    const form = renderForm();
    await waitFor(() => expect(form.zip().value).toBe("90210"));
    expect((screen.getByLabelText("Loan Amount") as HTMLSelectElement).value).toBe("3000");
    expect((screen.getByLabelText("Reason for loan") as HTMLSelectElement).value).toBe("TAXES");
    await screen.findByText("Beverly Hills, CA");
    fireEvent.change(screen.getByLabelText("Loan Amount"), { target: { value: "4000" } });
    form.submit();
    await screen.findByText("Next step at /lgname");
    expect(readTemporaryContact()).toMatchObject({
      amount: 4000,
      loanReason: "TAXES",
      firstName: "Ana",
      lastName: "Rivera",
    });
  });

  it("opens the Rates and Fees and Marketing Partners pop-ups from the consent text", async () => {
    fakeApi({ "GET /api/partners": partnersHandler(["Woodgrove Lending"]) });
    renderForm();
    fireEvent.click(screen.getByRole("button", { name: "Rates and Fees" }));
    expect(screen.getByRole("dialog", { name: "Rates and Fees" }).textContent).toContain("$219.79");
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    fireEvent.click(screen.getByRole("button", { name: "the list of marketing partners" }));
    const dialog = screen.getByRole("dialog", { name: "Marketing Partners" });
    await waitFor(() => expect(dialog.querySelector("[aria-busy]")).toBeNull());
    expect(dialog.textContent).toContain("Woodgrove Lending");
  });
});
