import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { NO_PARTNERS_TEXT } from "#web/frame/partners/partner-names.tsx";
import { fakeApi, partnersHandler } from "#web/api/fake-api.testing.ts";
import { sampleBrand } from "#web/site/brands/sample-brand.ts";
import ContactUsPage from "./contact-us-page.tsx";
import CreditAuthorizationPage from "./credit-authorization-page.tsx";
import DisclaimerPage from "./disclaimer-page.tsx";
import FaqPage from "./faq-page.tsx";
import PartnersPage from "./partners-page.tsx";
import PrivacyPage from "./privacy-page.tsx";
import TermsOfUsePage from "./terms-of-use-page.tsx";

function renderPage(Page: ComponentType) {
  const Stub = createRoutesStub([{ path: "/", Component: Page }]);
  render(<Stub initialEntries={["/"]} />);
}
const sectionTitles = () => screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent);

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("legal pages", () => {
  it("Terms of Use has the 8 sections of docs/product/screens-and-routes.md, in order", () => {
    renderPage(TermsOfUsePage);
    expect(screen.getByRole("heading", { level: 1, name: "Terms of Use" })).toBeTruthy();
    expect(sectionTitles()).toEqual([
      "1. Use of the website",
      "2. Our products and services",
      "3. Intellectual property",
      "4. Disclaimer and limitation of liability",
      "5. Compliance with laws",
      "6. Consent to electronic communications (E-Consent)",
      "7. Violations",
      "8. Changes to these terms",
    ]);
    expect(document.body.textContent).toContain("State of Delaware");
  });

  it("Privacy Policy is dated 09-22-2023, has every listed section and the do-not-call periods", () => {
    renderPage(PrivacyPage);
    expect(screen.getByText("Last updated: 09-22-2023")).toBeTruthy();
    const titles = sectionTitles().join(" | ");
    for (const part of [
      "Information we collect",
      "How we use",
      "How we share",
      "Do-Not-Call",
      "retention and security",
      "Links to other websites",
      "electronic communications",
      "Shine the Light",
      "opt out",
      "Push notifications",
      "Contact us",
    ]) {
      expect(titles).toContain(part);
    }
    const doNotCall = screen.getByRole("region", { name: /Do-Not-Call/ });
    expect(doNotCall.textContent).toMatch(/18 months after your last purchase/);
    expect(doNotCall.textContent).toMatch(/3 months after your application or inquiry/);
  });

  it("Contact Us shows the configured address, e-mail and phone", () => {
    renderPage(ContactUsPage);
    expect(screen.getByRole("link", { name: sampleBrand.contact.email }).getAttribute("href")).toBe(
      `mailto:${sampleBrand.contact.email}`,
    );
    expect(document.body.textContent).toContain("123 Sample Street, Suite 400");
    expect(document.body.textContent).toContain("Wilmington, DE 19801");
    expect(screen.getByRole("link", { name: sampleBrand.contact.phone }).getAttribute("href")).toBe("tel:+18005550142");
  });

  it("the disclaimer says we are not a lender", () => {
    renderPage(DisclaimerPage);
    expect(screen.getByRole("heading", { level: 2, name: "We are not a lender" })).toBeTruthy();
  });

  it("the FAQ page answers the 14 questions, including the computed APR example", () => {
    renderPage(FaqPage);
    expect(sectionTitles()).toHaveLength(14);
    const text = document.body.textContent ?? "";
    expect(text).toContain(
      "at an interest rate of 10% with a 3% origination fee ($75, deducted from the amount paid out)",
    );
    expect(text).toContain("monthly payments of $219.79, $2,637.48 in total");
    expect(text).toContain("an APR of about 15.8%");
    expect(text).not.toMatch(/10% APR/);
  });

  it("the credit authorization agreement lists agreements a to g", () => {
    renderPage(CreditAuthorizationPage);
    const list = document.querySelector("ol.legal-page__list-alpha") as HTMLElement;
    expect(within(list).getAllByRole("listitem")).toHaveLength(7);
    expect([...list.children].map((li) => li.id)).toEqual(
      ["a", "b", "c", "d", "e", "f", "g"].map((l) => `agreement-${l}`),
    );
  });

  it("/partners lists the server's partner names, in its order", async () => {
    fakeApi({ "GET /api/partners": partnersHandler(["Zeta Loans", "Acme Credit"]) });
    renderPage(PartnersPage);
    await waitFor(() => expect(screen.getByRole("list").getAttribute("aria-busy")).toBeNull());
    expect(
      within(screen.getByRole("list"))
        .getAllByRole("listitem")
        .map((li) => li.textContent),
    ).toEqual(["Zeta Loans", "Acme Credit"]);
  });

  it("/partners says No partners available when the server's list fails, not the configured names", async () => {
    fakeApi({ "GET /api/partners": () => ({ status: 500, body: { status: 500, message: "Something went wrong" } }) });
    renderPage(PartnersPage);
    expect(await screen.findByText(NO_PARTNERS_TEXT)).toBeTruthy();
    expect(screen.queryByRole("list")).toBeNull();
  });
});
