import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CHECKING_CONFIRMATION } from "#domain/steps/bank-type-confirmation.ts";
import { fakeApi, type FakeCall } from "#web/api/fake-api.testing.ts";
import { renderFunnel, savedLead } from "../funnel.testing.tsx";

const STEP_PATH = "/api/personal_loan/lead/v2/L1/step";
const CHASE = "021000021";

function api() {
  const lead = { first_name: "Ana" };
  return fakeApi({
    "GET /api/personal_loan/lead/v2/L1": () => savedLead(lead),
    [`PUT ${STEP_PATH}`]: (call: FakeCall) => savedLead({ ...lead, ...(call.body as object) }),
    [`GET /api/routing/${CHASE}`]: () => ({
      status: 200,
      body: {
        status: 200,
        message: "ok",
        data: { routing_number: CHASE, bank_name: "JPMORGAN CHASE", source: "fedach" },
      },
    }),
  });
}

const question = () => screen.queryByRole("alertdialog", { name: CHECKING_CONFIRMATION.question });
const sent = (calls: ReturnType<typeof api>) => calls.callsTo("PUT", STEP_PATH).map((c) => c.body);

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("bank account type confirmation", () => {
  it("sends Checking at once, without asking", async () => {
    const calls = api();
    renderFunnel("/banktype");
    await screen.findByRole("radiogroup");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByRole("heading", { level: 1, name: "Time at Bank" });
    expect(sent(calls)).toEqual([{ step: 19, bankAccountType: "CHECKING", lead_id: "L1" }]);
  });

  it("asks about Saving in a pop-up; changing to Checking sends Checking", async () => {
    const calls = api();
    renderFunnel("/banktype");
    await screen.findByRole("radiogroup");
    fireEvent.click(screen.getByRole("radio", { name: "Saving" }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(question()).not.toBeNull());
    expect(sent(calls)).toEqual([]);
    // The suggested answer has focus, so Enter takes it.
    expect(document.activeElement?.textContent).toBe(CHECKING_CONFIRMATION.changeLabel);
    fireEvent.click(screen.getByRole("button", { name: CHECKING_CONFIRMATION.changeLabel }));
    await screen.findByRole("heading", { level: 1, name: "Time at Bank" });
    expect(sent(calls)).toEqual([{ step: 19, bankAccountType: "CHECKING", lead_id: "L1" }]);
  });

  it("keeps Saving when asked to, and sends nothing when the pop-up is closed", async () => {
    const calls = api();
    renderFunnel("/banktype");
    await screen.findByRole("radiogroup");
    fireEvent.click(screen.getByRole("radio", { name: "Saving" }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(question()).not.toBeNull());
    fireEvent.click(screen.getByRole("button", { name: "Close" }));
    await waitFor(() => expect(question()).toBeNull());
    expect(sent(calls)).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(question()).not.toBeNull());
    fireEvent.click(screen.getByRole("button", { name: CHECKING_CONFIRMATION.keepLabel }));
    await screen.findByRole("heading", { level: 1, name: "Time at Bank" });
    expect(sent(calls)).toEqual([{ step: 19, bankAccountType: "SAVING", lead_id: "L1" }]);
  });

  it("asks the same on the bank details of /apply/bank", async () => {
    const calls = api();
    renderFunnel("/apply/bank");
    await screen.findByRole("radiogroup", { name: "Bank Account Type" });
    fireEvent.change(screen.getByLabelText("Routing Number", { selector: "input" }), { target: { value: CHASE } });
    await screen.findByText("Bank: JPMORGAN CHASE");
    fireEvent.change(screen.getByLabelText("Bank Account Number", { selector: "input" }), {
      target: { value: "12345678" },
    });
    fireEvent.click(screen.getByRole("radio", { name: "Saving" }));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await waitFor(() => expect(question()).not.toBeNull());
    expect(sent(calls)).toEqual([]);
    fireEvent.click(screen.getByRole("button", { name: CHECKING_CONFIRMATION.changeLabel }));
    await screen.findByRole("heading", { level: 1, name: "Do you get direct deposit\u00a0?" });
    expect(sent(calls)).toEqual([
      {
        step: 18,
        bankAba: CHASE,
        bankName: "JPMORGAN CHASE",
        bankAccountNumber: "12345678",
        bankAccountType: "CHECKING",
        lead_id: "L1",
      },
    ]);
  });
});
