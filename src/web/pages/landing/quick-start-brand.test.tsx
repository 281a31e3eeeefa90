import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CONSENT_TEXTS, fillConsent } from "#domain/consent.ts";
import { fakeApi, zipHandler } from "#web/api/fake-api.testing.ts";
import { InfoPopupsProvider } from "#web/frame/info/info-popups.tsx";
import { QuickStartForm } from "./quick-start-form.tsx";
import { readTemporaryContact } from "#web/session/temporary-contact.ts";

// A second brand whose SMS short code is not the sample brand's 41411.
vi.mock("#web/site/use-site.ts", async () => {
  const { sampleBrand } = await import("#web/site/brands/sample-brand.ts");
  const otherBrand = {
    ...sampleBrand,
    id: "cashbridge",
    hosts: ["www.cashbridge.example"],
    brand: { ...sampleBrand.brand, name: "Cashbridge", logoText: "Cashbridge" },
    smsShortCode: "72266",
  };
  return { useSite: () => otherBrand };
});

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
    { path: "/lgname", Component: () => <p>Next step</p> },
  ]);
  render(<Stub initialEntries={["/"]} />);
}

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("quick start consent for a brand with its own short code", () => {
  it("shows the brand's name and short code, never the sample brand's 41411", () => {
    fakeApi({});
    renderForm();
    const shown = document.querySelector(".quick-start__consent")!.textContent!.replaceAll(" (opens in a new tab)", "");
    expect(shown).toContain("Text STOP to 72266 to opt out.");
    expect(shown).toContain("from Cashbridge, its lenders");
    expect(shown).not.toContain("41411");
    expect(shown).toBe(fillConsent(CONSENT_TEXTS.quick_start, { brand: "Cashbridge", shortCode: "72266" }));
  });

  it("keeps the values it filled in with the consent evidence: template version + values = the text shown", async () => {
    fakeApi({
      "GET /api/personal_loan/zipcode": zipHandler,
      "GET /api/your-ip": () => ({ status: 500, body: { status: 500, message: "down" } }),
    });
    renderForm();
    fireEvent.change(screen.getByLabelText("Your Zip Code"), { target: { value: "90210" } });
    fireEvent.click(screen.getByRole("button", { name: /REQUEST NOW/ }));
    await screen.findByText("Next step");
    expect(readTemporaryContact()?.consent).toEqual({
      key: "quick_start",
      version: CONSENT_TEXTS.quick_start.version,
      page_url: "/",
      placeholders: { brand: "Cashbridge", shortCode: "72266" },
    });
  });
});
