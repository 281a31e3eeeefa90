import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "#domain/messages.ts";
import { fakeApi, zipHandler, type FakeCall } from "#web/api/fake-api.testing.ts";
import { renderFunnel, savedLead } from "../funnel.testing.tsx";

const STEP_PATH = "/api/personal_loan/lead/v2/L1/step";
const ok = (data: object) => ({ status: 200, body: { status: 200, message: "ok", data } });

function api(saved: Record<string, unknown> = {}, extra: Parameters<typeof fakeApi>[0] = {}) {
  return fakeApi({
    "GET /api/personal_loan/lead/v2/L1": () => savedLead(saved),
    [`PUT ${STEP_PATH}`]: (call: FakeCall) => savedLead({ ...saved, ...(call.body as object) }),
    "PUT /api/personal_loan/lead/v2": (call: FakeCall) => savedLead({ ...saved, ...(call.body as object) }),
    ...extra,
  });
}

const input = (label: string) => screen.getByLabelText(label, { selector: "input" }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const key = (label: string, name: string) => fireEvent.keyDown(input(label), { key: name });
const next = () => fireEvent.click(screen.getByRole("button", { name: "Next" }));

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("suggestions", () => {
  it("offers names from 3 characters, once the typing pauses, and the keyboard picks one", async () => {
    const calls = api(
      {},
      {
        "GET /api/personal_loan/suggest": ({ query }) =>
          ok({ first_name: [`${query.get("first_name")}stasia`, `${query.get("first_name")}bel`] }),
      },
    );
    renderFunnel("/lgname");
    await screen.findByRole("heading", { level: 1, name: "Your Legal Name" });
    type("First Name", "An");
    type("First Name", "Ana");
    const list = screen.getByRole("listbox", { name: "First Name suggestions" });
    const options = await within(list).findAllByRole("option");
    expect(options.map((o) => o.textContent)).toEqual(["Anastasia", "Anabel"]);
    // Two characters ask nothing; three ask once, after the pause.
    expect(calls.callsTo("GET", "/api/personal_loan/suggest").map((c) => c.query.get("first_name"))).toEqual(["Ana"]);
    expect(input("First Name").getAttribute("role")).toBe("combobox");
    key("First Name", "ArrowDown");
    key("First Name", "ArrowDown");
    key("First Name", "Enter");
    expect(input("First Name").value).toBe("Anabel");
    await waitFor(() => expect(screen.queryAllByRole("option")).toHaveLength(0));
  });

  it("offers nothing when the suggestion service fails, and the field still works", async () => {
    api({}, { "GET /api/personal_loan/suggest": () => ({ status: 503, body: { status: 503, message: "down" } }) });
    renderFunnel("/empinfor");
    await screen.findByRole("heading", { level: 1, name: "Employer Information" });
    type("Employer Name", "Acme Corp");
    type("Job Title", "Office Manager");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(screen.queryAllByRole("option")).toHaveLength(0);
    next();
    await screen.findByRole("heading", { level: 1, name: "Work Phone" });
  });

  it("asks for street suggestions only for a street the service takes", async () => {
    const calls = api(
      { zip: "90210", city: "Beverly Hills", state: "CA" },
      {
        "GET /api/personal_loan/zipcode": zipHandler,
        "GET /api/personal_loan/address-suggest": ({ query }) =>
          ok({
            suggestions: [{ address: `${query.get("address")} Dr`, city: "Beverly Hills", state: "CA", zip: "90210" }],
          }),
      },
    );
    renderFunnel("/address");
    await screen.findByText("Beverly Hills, CA");
    // The service refuses a street with a character the street rule forbids (a 400, a console error in the
    // browser), so a visitor who pauses on one must not send it; the message comes with Next instead.
    type("Street Address", "12 Main St; DROP");
    await new Promise((resolve) => setTimeout(resolve, 400));
    type("Street Address", "12 Main St");
    await within(screen.getByRole("listbox", { name: "Street Address suggestions" })).findByRole("option");
    expect(calls.callsTo("GET", "/api/personal_loan/address-suggest").map((c) => c.query.get("address"))).toEqual([
      "12 Main St",
    ]);
  });

  it("completes an e-mail with the common providers and shows a new one back before saving it", async () => {
    const calls = api({ email: "old@example.com" });
    renderFunnel("/email");
    await screen.findByRole("heading", { level: 1, name: "Your E-mail Address" });
    type("E-mail Address", "ana.rivera@ho");
    const list = await screen.findByRole("listbox", { name: "E-mail Address suggestions" });
    fireEvent.click(within(list).getByRole("option", { name: "ana.rivera@hotmail.com" }));
    expect(input("E-mail Address").value).toBe("ana.rivera@hotmail.com");
    next();
    const dialog = await screen.findByRole("alertdialog", { name: "Is your e-mail address right?" });
    expect(dialog.textContent).toContain("ana.rivera@hotmail.com");
    expect(sessionStorage.getItem("newEmail")).toBe("ana.rivera@hotmail.com");
    fireEvent.click(within(dialog).getByRole("button", { name: "Edit" }));
    expect(sessionStorage.getItem("newEmail")).toBeNull();
    await waitFor(() => expect(document.activeElement).toBe(input("E-mail Address")));
    expect(calls.callsTo("PUT", "/api/personal_loan/lead/v2")).toHaveLength(0);
    next();
    fireEvent.click(within(await screen.findByRole("alertdialog")).getByRole("button", { name: "Confirm" }));
    await screen.findByRole("heading", { level: 1, name: "Your Cell Phone" });
    expect(calls.callsTo("PUT", "/api/personal_loan/lead/v2")[0]?.body).toMatchObject({
      email: "ana.rivera@hotmail.com",
    });
    expect(sessionStorage.getItem("newEmail")).toBeNull();
  });

  it("offers a likely slip in the domain corrected, and one tap saves the correction", async () => {
    const calls = api({ email: "old@example.com" });
    renderFunnel("/email");
    await screen.findByRole("heading", { level: 1, name: "Your E-mail Address" });
    type("E-mail Address", "ana.rivera@gmial.com");
    next();
    const dialog = await screen.findByRole("alertdialog", { name: "Is your e-mail address right?" });
    expect(dialog.textContent).toContain("Did you mean ana.rivera@gmail.com?");
    const use = within(dialog).getByRole("button", { name: "Use gmail.com" });
    await waitFor(() => expect(document.activeElement).toBe(use));
    fireEvent.click(use);
    await screen.findByRole("heading", { level: 1, name: "Your Cell Phone" });
    expect(calls.callsTo("PUT", "/api/personal_loan/lead/v2").map((c) => (c.body as { email: string }).email)).toEqual([
      "ana.rivera@gmail.com",
    ]);
    expect(sessionStorage.getItem("newEmail")).toBeNull();
  });

  it("keeps the address as typed when the visitor confirms it, and offers no correction for a sound one", async () => {
    const calls = api({ email: "old@example.com" });
    renderFunnel("/email");
    await screen.findByRole("heading", { level: 1, name: "Your E-mail Address" });
    type("E-mail Address", "ana@ymail.com");
    next();
    const sound = await screen.findByRole("alertdialog", { name: "Is your e-mail address right?" });
    expect(sound.textContent).not.toContain("Did you mean");
    expect(within(sound).queryByRole("button", { name: /^Use / })).toBeNull();
    fireEvent.click(within(sound).getByRole("button", { name: "Edit" }));
    type("E-mail Address", "ana@gmial.com");
    next();
    const slip = await screen.findByRole("alertdialog", { name: "Is your e-mail address right?" });
    fireEvent.click(within(slip).getByRole("button", { name: "Confirm" }));
    await screen.findByRole("heading", { level: 1, name: "Your Cell Phone" });
    expect(calls.callsTo("PUT", "/api/personal_loan/lead/v2")[0]?.body).toMatchObject({ email: "ana@gmial.com" });
  });

  it("asks again after a reload about the new address that was waiting for Confirm", async () => {
    const calls = api({ email: "old@example.com" });
    sessionStorage.setItem("newEmail", "ana.rivera@hotmail.com");
    renderFunnel("/email");
    const dialog = await screen.findByRole("alertdialog", { name: "Is your e-mail address right?" });
    expect(dialog.textContent).toContain("ana.rivera@hotmail.com");
    expect(input("E-mail Address").value).toBe("ana.rivera@hotmail.com");
    fireEvent.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await screen.findByRole("heading", { level: 1, name: "Your Cell Phone" });
    expect(calls.callsTo("PUT", "/api/personal_loan/lead/v2")[0]?.body).toMatchObject({
      email: "ana.rivera@hotmail.com",
    });
    expect(sessionStorage.getItem("newEmail")).toBeNull();
  });

  it("does not ask again about the e-mail the lead already has", async () => {
    api({ email: "ana@example.com" });
    renderFunnel("/email");
    await screen.findByRole("heading", { level: 1, name: "Your E-mail Address" });
    next();
    await screen.findByRole("heading", { level: 1, name: "Your Cell Phone" });
    expect(screen.queryByRole("alertdialog")).toBeNull();
  });

  it("takes the licence state as a name or a code and sends its code; text naming no state is refused", async () => {
    const calls = api({ state: "CA" });
    renderFunnel("/driverid");
    await screen.findByRole("heading", { level: 1, name: "Driver's License / State ID" });
    expect(input("Issuing State").value).toBe("California");
    type("Driver's License / State ID Number", "D1234567");
    type("Issuing State", "Califrnia");
    next();
    expect(await screen.findByText(MESSAGES.issuingStateUnknown)).toBeDefined();
    type("Issuing State", "new");
    const list = await screen.findByRole("listbox", { name: "Issuing State suggestions" });
    expect(
      within(list)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toEqual(["New Hampshire", "New Jersey", "New Mexico", "New York"]);
    type("Issuing State", "new york");
    next();
    await screen.findByRole("heading", { level: 1, name: "Do you own a car?" });
    expect(calls.callsTo("PUT", STEP_PATH)[0]?.body).toMatchObject({
      driversLicenseNumber: "D1234567",
      driversLicenseState: "NY",
    });
  });
});
