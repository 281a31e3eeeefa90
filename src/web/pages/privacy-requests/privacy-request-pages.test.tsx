import { act, cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import type { ComponentType } from "react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "#domain/messages.ts";
import { fakeApi, zipHandler } from "#web/api/fake-api.testing.ts";
import DoNotSellPage from "./do-not-sell-page.tsx";
import UnsubscribePage from "./unsubscribe-page.tsx";

function renderPage(Page: ComponentType) {
  const Stub = createRoutesStub([{ path: "/", Component: Page }]);
  render(<Stub initialEntries={["/"]} />);
}
const submit = () => fireEvent.click(screen.getByRole("button", { name: "REQUEST NOW" }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const received = (message: string) => () => ({
  status: 200,
  body: { status: 200, message, data: { reference: "PR-ABCDEFGHJK" } },
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("/unsubscribe", () => {
  // The schema runs asynchronously (react-hook-form's resolver): the first message of each change is awaited.
  it("explains the 48 hours and shows each message of docs/product/validation.md", async () => {
    const api = fakeApi({});
    renderPage(UnsubscribePage);
    expect(screen.getByText(/up to 48 hours/)).toBeTruthy();
    submit();
    expect(await screen.findByText(MESSAGES.emailRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.phoneRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.unsubscribeReasonRequired)).toBeTruthy();
    type("Email", "jo@");
    expect(await screen.findByText(MESSAGES.formEmailInvalid)).toBeTruthy();
    type("Mobile Number", "212555");
    expect(await screen.findByText(MESSAGES.formPhoneLength)).toBeTruthy();
    expect(api.calls).toHaveLength(0);
  });

  it("formats the mobile number as typed: (123)-123-1234, digits only, 14 characters at most", () => {
    fakeApi({});
    renderPage(UnsubscribePage);
    type("Mobile Number", "2a1b2 555 0123 99");
    const phone = screen.getByLabelText("Mobile Number") as HTMLInputElement;
    expect(phone.value).toBe("(212)-555-0123");
  });

  it("accepts the number with its country code, as typed or pasted, and sends its ten digits", async () => {
    const api = fakeApi({ "POST /api/unsubscribe": received("You will be unsubscribed within 48 hours.") });
    renderPage(UnsubscribePage);
    type("Email", "jo@example.com");
    type("Mobile Number", "+1 (212) 555-1234");
    expect((screen.getByLabelText("Mobile Number") as HTMLInputElement).value).toBe("(212)-555-1234");
    type("Reason", "TOO_MANY_MESSAGES");
    submit();
    await screen.findByRole("alertdialog", { name: /Request received/ });
    expect(api.callsTo("POST", "/api/unsubscribe")[0]?.body).toMatchObject({ phone: "2125551234" });
  });

  it("sends trimmed values, the phone as ten digits, and shows the answer in a success alert", async () => {
    const api = fakeApi({ "POST /api/unsubscribe": received("You will be unsubscribed within 48 hours.") });
    renderPage(UnsubscribePage);
    type("Email", "  jo@example.com ");
    type("Mobile Number", "2125550123");
    type("Reason", "TOO_MANY_MESSAGES");
    submit();
    submit();
    const alert = await screen.findByRole("alertdialog", { name: /Request received/ });
    expect(alert.textContent).toContain("You will be unsubscribed within 48 hours. Your reference: PR-ABCDEFGHJK.");
    // One unbreakable word on a phone (dialog.css: white-space: nowrap).
    expect(alert.querySelector(".alert-dialog__reference")?.textContent).toBe("PR-ABCDEFGHJK");
    expect(screen.getByRole("img", { name: "Success" })).toBeTruthy();
    expect(api.callsTo("POST", "/api/unsubscribe")).toHaveLength(1);
    expect(api.calls[0]?.body).toEqual({
      email: "jo@example.com",
      phone: "2125550123",
      unsubscribe: "TOO_MANY_MESSAGES",
      website: "",
    });
    act(() => screen.getByRole("button", { name: "OK" }).click());
    expect(screen.queryByRole("alertdialog")).toBeNull();
    // The form is empty again, ready for another request.
    expect((screen.getByLabelText("Email") as HTMLInputElement).value).toBe("");
  });

  it("shows a refusal in an error alert with the server's message and its field errors", async () => {
    fakeApi({
      "POST /api/unsubscribe": () => ({
        status: 429,
        body: { status: 429, message: "Too many requests. Please wait a minute and try again." },
      }),
    });
    renderPage(UnsubscribePage);
    type("Email", "jo@example.com");
    type("Mobile Number", "2125550123");
    type("Reason", "OTHER");
    submit();
    const alert = await screen.findByRole("alertdialog", { name: /Request not sent/ });
    expect(alert.textContent).toContain("Too many requests.");
    expect(screen.getByRole("img", { name: "Error" })).toBeTruthy();
  });
  it("puts the server's field errors under their fields and moves on once a field is corrected", async () => {
    fakeApi({
      "POST /api/unsubscribe": () => ({
        status: 400,
        body: {
          status: 400,
          message: "Please correct the highlighted fields.",
          errors: { email: "We cannot accept this e-mail address" },
        },
      }),
    });
    renderPage(UnsubscribePage);
    type("Email", "jo@example.com");
    type("Mobile Number", "2125550123");
    type("Reason", "OTHER");
    submit();
    await screen.findByRole("alertdialog", { name: /Request not sent/ });
    expect(screen.getByText("We cannot accept this e-mail address")).toBeTruthy();
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBe("true");
    act(() => screen.getByRole("button", { name: "OK" }).click());
    type("Email", "kim@example.com");
    await waitFor(() => expect(screen.queryByText("We cannot accept this e-mail address")).toBeNull());
    expect(screen.getByLabelText("Email").getAttribute("aria-invalid")).toBeNull();
  });

  describe("opened from an e-mail's unsubscribe link", () => {
    const openLink = (token: string) => window.history.replaceState(null, "", `/unsubscribe?token=${token}`);
    const unsubscribe = () => screen.getByRole("button", { name: "UNSUBSCRIBE" });
    afterEach(() => window.history.replaceState(null, "", "/"));

    it("unsubscribes with one press, sending only the token, which leaves the address bar at once", async () => {
      const api = fakeApi({ "POST /api/unsubscribe/link": received("You will be unsubscribed within 48 hours.") });
      openLink("ld_abc.1900000000.mac");
      renderPage(UnsubscribePage);
      expect(screen.getByRole("heading", { name: "Unsubscribe from our e-mail" })).toBeTruthy();
      expect(window.location.search).toBe("");
      fireEvent.click(unsubscribe());
      const alert = await screen.findByRole("alertdialog", { name: /Request received/ });
      expect(alert.textContent).toContain("Your reference: PR-ABCDEFGHJK.");
      expect(api.calls.map((c) => [c.method, c.path, c.body])).toEqual([
        ["POST", "/api/unsubscribe/link", { token: "ld_abc.1900000000.mac" }],
      ]);
      // The link is used up; the form stays for any other address.
      act(() => screen.getByRole("button", { name: "OK" }).click());
      expect(screen.queryByRole("button", { name: "UNSUBSCRIBE" })).toBeNull();
      expect(screen.getByRole("button", { name: "REQUEST NOW" })).toBeTruthy();
    });

    it("shows the server's refusal of the link and leaves the form to fill in", async () => {
      fakeApi({
        "POST /api/unsubscribe/link": () => ({
          status: 400,
          body: { status: 400, message: MESSAGES.unsubscribeLinkInvalid, errors: { token: "x" } },
        }),
      });
      openLink("expired");
      renderPage(UnsubscribePage);
      fireEvent.click(unsubscribe());
      const alert = await screen.findByRole("alertdialog", { name: /Request not sent/ });
      expect(alert.textContent).toContain(MESSAGES.unsubscribeLinkInvalid);
      act(() => screen.getByRole("button", { name: "OK" }).click());
      expect(screen.queryByRole("button", { name: "UNSUBSCRIBE" })).toBeNull();
      expect(screen.getByLabelText("Email")).toBeTruthy();
    });

    it("is not offered without a token", () => {
      fakeApi({});
      renderPage(UnsubscribePage);
      expect(screen.queryByRole("button", { name: "UNSUBSCRIBE" })).toBeNull();
    });
  });
});

describe("/do-not-sell-information", () => {
  it("tells a browser that sends Global Privacy Control that it is already honoured, and no other", () => {
    fakeApi({});
    vi.stubGlobal("navigator", { ...navigator, globalPrivacyControl: false });
    renderPage(DoNotSellPage);
    expect(screen.queryByRole("note")).toBeNull();
    cleanup();
    vi.stubGlobal("navigator", { ...navigator, globalPrivacyControl: true });
    renderPage(DoNotSellPage);
    expect(screen.getByRole("note").textContent).toContain("Global Privacy Control signal, and we honour it");
  });

  const fill = () => {
    type("Request type", "DO_NOT_SELL");
    type("First Name", " Jo ");
    type("Middle Name (optional)", "Q");
    type("Last Name", "Public");
    type("Email", "jo@example.com");
    type("Mobile Number", "2125550123");
    type("Country", "US");
    type("Zip Code", "94105");
    type("State", "CA");
    type("Address", "1 Market Street");
    type("City", "San Francisco");
  };

  it("names the five states and shows every message of docs/product/validation.md", async () => {
    fakeApi({});
    renderPage(DoNotSellPage);
    expect(screen.getByText(/California, Connecticut, Nevada, Utah, or Virginia/)).toBeTruthy();
    submit();
    await screen.findByText(MESSAGES.requestTypeRequired);
    for (const message of [
      MESSAGES.requestTypeRequired,
      MESSAGES.formFirstNameRequired,
      MESSAGES.formLastNameRequired,
      MESSAGES.emailRequired,
      MESSAGES.phoneRequired,
      MESSAGES.zipRequired,
      MESSAGES.stateTypeRequired,
      MESSAGES.addressRequired,
      MESSAGES.cityRequired,
    ]) {
      expect(screen.getByText(message)).toBeTruthy();
    }
    type("Zip Code", "9a41");
    expect((screen.getByLabelText("Zip Code") as HTMLInputElement).value).toBe("941");
    expect(await screen.findByText(MESSAGES.formZipLength)).toBeTruthy();
    type("Address", "1 Ma");
    expect(await screen.findByText(MESSAGES.addressMin)).toBeTruthy();
  });

  it("asks for the address in the usual US order, presets the country and fills city and state from the zip", async () => {
    fakeApi({ "GET /api/personal_loan/zipcode": zipHandler });
    renderPage(DoNotSellPage);
    const labels = [...document.querySelectorAll("form label")].map((l) => l.textContent?.trim());
    const order = ["Address", "City", "State", "Zip Code"].map((label) => labels.indexOf(label));
    expect(order.every((at, i) => at >= 0 && (i === 0 || at > order[i - 1]!))).toBe(true);
    expect((screen.getByLabelText("Country") as HTMLSelectElement).value).toBe("US");
    type("State", "CA");
    type("Zip Code", "10001");
    await waitFor(() => expect((screen.getByLabelText("State") as HTMLSelectElement).value).toBe("NY"));
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("New York");
    type("City", "Manhattan");
    type("Zip Code", "90210");
    await waitFor(() => expect((screen.getByLabelText("State") as HTMLSelectElement).value).toBe("CA"));
    expect((screen.getByLabelText("City") as HTMLInputElement).value).toBe("Manhattan");
  });

  it("sends every field, trimmed, and shows the success alert", async () => {
    const api = fakeApi({ "POST /api/do-not-sell-information": received("We will stop selling within 48 hours.") });
    renderPage(DoNotSellPage);
    fill();
    submit();
    await screen.findByRole("alertdialog", { name: /Request received/ });
    const sent = api.callsTo("POST", "/api/do-not-sell-information");
    expect(sent).toHaveLength(1);
    expect(sent[0]?.body).toEqual({
      stateResidencyPrompt: "DO_NOT_SELL",
      firstName: "Jo",
      middleName: "Q",
      lastName: "Public",
      email: "jo@example.com",
      phone: "2125550123",
      country: "US",
      zipCode: "94105",
      state: "CA",
      address: "1 Market Street",
      city: "San Francisco",
      website: "",
    });
  });
});
