import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BANK_NOT_FOUND_MESSAGE } from "#domain/contracts/lookups.ts";
import { MESSAGES } from "#domain/messages.ts";
import { fakeApi, zipHandler, type FakeCall } from "#web/api/fake-api.testing.ts";
import { renderFunnel, savedLead } from "../funnel.testing.tsx";

const STEP_PATH = "/api/personal_loan/lead/v2/L1/step";
const CHASE = "021000021";
const UNNAMED = "011000015"; // passes the checksum; this test's lookup names no bank for it

const routing = ({ path }: FakeCall) => {
  const aba = path.split("/").at(-1) ?? "";
  if (aba === CHASE) {
    return {
      status: 200,
      body: {
        status: 200,
        message: "ok",
        data: { routing_number: aba, bank_name: "JPMORGAN CHASE", source: "fedach" },
      },
    };
  }
  if (aba === UNNAMED) {
    return {
      status: 200,
      body: {
        status: 200,
        message: BANK_NOT_FOUND_MESSAGE,
        data: { routing_number: aba, bank_name: null, source: null },
      },
    };
  }
  return { status: 422, body: { status: 422, message: MESSAGES.routingInvalid } };
};

function api(saved: Record<string, unknown> = {}) {
  return fakeApi({
    "GET /api/personal_loan/lead/v2/L1": () => savedLead(saved),
    [`PUT ${STEP_PATH}`]: (call: FakeCall) => savedLead({ ...saved, ...(call.body as Record<string, unknown>) }),
    "GET /api/personal_loan/zipcode": zipHandler,
    ...Object.fromEntries([CHASE, UNNAMED, "123456789"].map((aba) => [`GET /api/routing/${aba}`, routing])),
  });
}

const input = (label: string) => screen.getByLabelText(label, { selector: "input,select" }) as HTMLInputElement;
const next = () => fireEvent.click(screen.getByRole("button", { name: "Next" }));

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("routing number", () => {
  it("names the bank under the number as soon as 9 digits are typed, and saves it without asking", async () => {
    const calls = api();
    renderFunnel("/aba");
    await screen.findByRole("heading", { level: 1, name: "Bank Routing Number" });
    fireEvent.change(input("Routing Number"), { target: { value: "0210-0002 1" } });
    expect(input("Routing Number").value).toBe(CHASE);
    await screen.findByText("Bank: JPMORGAN CHASE");
    // The note is the number's description, so a screen reader reads the bank with the field.
    const described = input("Routing Number").getAttribute("aria-describedby") ?? "";
    expect(described.split(" ").map((id) => document.getElementById(id)?.textContent)).toContain(
      "Bank: JPMORGAN CHASE",
    );
    expect(screen.queryByLabelText("Bank Name")).toBeNull();
    next();
    await screen.findByRole("heading", { level: 1, name: "Bank Account Type" });
    expect(calls.callsTo("PUT", STEP_PATH).map((c) => c.body)).toEqual([
      { step: 18, bankAba: CHASE, bankName: "JPMORGAN CHASE", lead_id: "L1" },
    ]);
  });

  it("shows a spinner and says it is looking while the lookup runs", async () => {
    let answer: (value: { status: number; body: unknown }) => void = () => {};
    fakeApi({
      "GET /api/personal_loan/lead/v2/L1": () => savedLead(),
      [`GET /api/routing/${CHASE}`]: () => new Promise((resolve) => (answer = resolve)),
    });
    renderFunnel("/aba");
    await screen.findByRole("heading", { level: 1, name: "Bank Routing Number" });
    fireEvent.change(input("Routing Number"), { target: { value: CHASE } });
    const note = await screen.findByText("Looking up your bank…");
    expect(note.querySelector(".spinner")).not.toBeNull();
    answer(routing({ method: "GET", path: `/api/routing/${CHASE}`, query: new URLSearchParams(), body: undefined }));
    await screen.findByText("Bank: JPMORGAN CHASE");
    expect(screen.queryByText("Looking up your bank…")).toBeNull();
  });

  it("asks the bank name only when the lookup names none, and saves what the visitor types", async () => {
    const calls = api();
    renderFunnel("/aba");
    await screen.findByRole("heading", { level: 1, name: "Bank Routing Number" });
    expect(screen.queryByLabelText("Bank Name")).toBeNull();
    fireEvent.change(input("Routing Number"), { target: { value: UNNAMED } });
    await screen.findByText(BANK_NOT_FOUND_MESSAGE);
    expect(input("Bank Name").readOnly).toBe(false);
    next();
    await screen.findByText(MESSAGES.bankNameRequired);
    fireEvent.change(input("Bank Name"), { target: { value: "First Community Bank" } });
    next();
    await screen.findByRole("heading", { level: 1, name: "Bank Account Type" });
    expect(calls.callsTo("PUT", STEP_PATH)[0]?.body).toMatchObject({
      bankAba: UNNAMED,
      bankName: "First Community Bank",
    });
  });

  it("shows Invalid Routing Number! for a refused number and sends nothing", async () => {
    const calls = api();
    renderFunnel("/aba");
    await screen.findByRole("heading", { level: 1, name: "Bank Routing Number" });
    fireEvent.change(input("Routing Number"), { target: { value: "123456789" } });
    await screen.findByText(MESSAGES.routingInvalid);
    expect(input("Routing Number").getAttribute("aria-invalid")).toBe("true");
    expect(screen.queryByLabelText("Bank Name")).toBeNull();
    next();
    await waitFor(() => expect(document.activeElement).toBe(input("Routing Number")));
    expect(calls.callsTo("PUT", STEP_PATH)).toHaveLength(0);
  });
});

describe("address", () => {
  it("starts from the lead's zip, clears the shown city and state when the zip changes, and shows the new ones", async () => {
    api({ zip: "90210", city: "Beverly Hills", state: "CA" });
    renderFunnel("/address");
    await screen.findByText("Beverly Hills, CA");
    fireEvent.change(input("Zip Code"), { target: { value: "1000" } });
    expect(screen.queryByText("Beverly Hills, CA")).toBeNull();
    fireEvent.change(input("Zip Code"), { target: { value: "10001" } });
    await screen.findByText("New York, NY");
  });

  it("refuses an unknown zip with the address step's message under the zip", async () => {
    const calls = api();
    renderFunnel("/address");
    await screen.findByRole("heading", { level: 1, name: "Address of Residence" });
    fireEvent.change(input("Street Address"), { target: { value: "1 Main St" } });
    fireEvent.change(input("Zip Code"), { target: { value: "00000" } });
    next();
    await screen.findByText(MESSAGES.addressZipUnknown);
    expect(input("Zip Code").getAttribute("aria-invalid")).toBe("true");
    expect(calls.callsTo("PUT", STEP_PATH)).toHaveLength(0);
  });

  it("sends street, zip, city and state", async () => {
    const calls = api({ zip: "10001", city: "New York", state: "NY" });
    renderFunnel("/address");
    await screen.findByText("New York, NY");
    fireEvent.change(input("Street Address"), { target: { value: "350 Fifth Avenue" } });
    next();
    await screen.findByRole("heading", { level: 1, name: "Time at Current Residence" });
    expect(calls.callsTo("PUT", STEP_PATH).map((c) => c.body)).toEqual([
      { step: 6, zip: "10001", state: "NY", city: "New York", address: "350 Fifth Avenue", lead_id: "L1" },
    ]);
  });
});

describe("date of birth", () => {
  it("waits for a month before the day and for a day before the year; the days follow the month", async () => {
    const calls = api();
    renderFunnel("/dob");
    await screen.findByRole("heading", { level: 1, name: "Date of Birth" });
    expect(input("Day").disabled).toBe(true);
    expect(input("Year").disabled).toBe(true);
    fireEvent.change(input("Month"), { target: { value: "02" } });
    expect(input("Day").disabled).toBe(false);
    expect(input("Day").querySelectorAll("option[value]:not([value=''])")).toHaveLength(29);
    fireEvent.change(input("Day"), { target: { value: "29" } });
    expect(input("Year").disabled).toBe(false);
    fireEvent.change(input("Month"), { target: { value: "04" } });
    expect(input("Day").querySelectorAll("option[value]:not([value=''])")).toHaveLength(30);
    fireEvent.change(input("Day"), { target: { value: "30" } });
    fireEvent.change(input("Year"), { target: { value: "1990" } });
    next();
    await screen.findByRole("heading", { level: 1, name: "Address of Residence" });
    expect(calls.callsTo("PUT", STEP_PATH).map((c) => c.body)).toEqual([{ step: 5, dob: "1990-04-30", lead_id: "L1" }]);
  });

  it("names each missing select", async () => {
    api();
    renderFunnel("/dob");
    await screen.findByRole("heading", { level: 1, name: "Date of Birth" });
    next();
    await screen.findByText(MESSAGES.monthRequired);
    expect(screen.getByText(MESSAGES.dayRequired)).toBeTruthy();
    expect(screen.getByText(MESSAGES.yearRequired)).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(input("Month")));
  });
});

describe("cell phone", () => {
  it("shows Phone number is invalid! when the server refuses the number, with a tel keyboard and the consent", async () => {
    fakeApi({
      "GET /api/personal_loan/lead/v2/L1": () => savedLead(),
      [`PUT ${STEP_PATH}`]: () => ({
        status: 422,
        body: { status: 422, message: MESSAGES.phoneRefused, errors: { cellPhone: MESSAGES.phoneRefused } },
      }),
    });
    renderFunnel("/cellphone");
    await screen.findByRole("heading", { level: 1, name: "Your Cell Phone" });
    expect(input("Cell Phone Number").type).toBe("tel");
    expect(input("Cell Phone Number").inputMode).toBe("tel");
    fireEvent.change(input("Cell Phone Number"), { target: { value: "2125550142" } });
    next();
    await screen.findByText(MESSAGES.phoneRefused);
    expect(input("Cell Phone Number").getAttribute("aria-invalid")).toBe("true");
  });

  it("reads any refusal of the number as Phone number is invalid!, but a server fault as what it is", async () => {
    let answer: { status: number; body: { status: number; message: string; errors: Record<string, string> } } = {
      status: 400,
      body: { status: 400, message: "Bad request", errors: { homePhone: "Invalid" } },
    };
    fakeApi({
      "GET /api/personal_loan/lead/v2/L1": () => savedLead(),
      [`PUT ${STEP_PATH}`]: () => answer,
    });
    renderFunnel("/cellphone");
    await screen.findByRole("heading", { level: 1, name: "Your Cell Phone" });
    fireEvent.change(input("Cell Phone Number"), { target: { value: "2127364100" } });
    next();
    await screen.findByText(MESSAGES.phoneRefused);
    answer = { status: 503, body: { status: 503, message: "Unavailable", errors: {} } };
    next();
    await screen.findByText(MESSAGES.updateFailed);
    expect(screen.queryByText(MESSAGES.phoneRefused)).toBeNull();
  });
});
