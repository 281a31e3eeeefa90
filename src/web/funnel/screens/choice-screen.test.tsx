import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "#domain/messages.ts";
import { fakeApi, type FakeCall } from "#web/api/fake-api.testing.ts";
import { renderFunnel, savedLead } from "../funnel.testing.tsx";

const STEP_PATH = "/api/personal_loan/lead/v2/L1/step";

function api(saved: Record<string, unknown> = {}) {
  return fakeApi({
    "GET /api/personal_loan/lead/v2/L1": () => savedLead(saved),
    [`PUT ${STEP_PATH}`]: (call: FakeCall) => savedLead({ ...saved, ...(call.body as object) }),
  });
}

const radio = (name: string) => screen.getByRole("radio", { name });
const checked = () => screen.getAllByRole("radio").filter((r) => r.getAttribute("aria-checked") === "true");

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("single-choice screen", () => {
  it("shows the row's options as a radio group named by the title, with the row's default chosen", async () => {
    api();
    renderFunnel("/hometime");
    const group = await screen.findByRole("radiogroup", { name: "Time at Current Residence" });
    expect(group.querySelectorAll("[role=radio]")).toHaveLength(10);
    expect(checked().map((r) => r.textContent)).toEqual(["1 Year"]);
    // One Tab stop: the chosen radio.
    expect(radio("1 Year").tabIndex).toBe(0);
    expect(radio("2 Years").tabIndex).toBe(-1);
  });

  it("chooses with the keyboard: arrows move and choose (wrapping), Home, End and Space", async () => {
    api();
    renderFunnel("/incomesource");
    await screen.findByRole("radiogroup");
    expect(checked()).toHaveLength(0);
    const first = radio("Employed");
    expect(first.tabIndex).toBe(0);
    first.focus();
    fireEvent.keyDown(first, { key: " " });
    expect(checked().map((r) => r.textContent)).toEqual(["Employed"]);
    fireEvent.keyDown(first, { key: "ArrowDown" });
    expect(checked().map((r) => r.textContent)).toEqual(["Self-employed"]);
    expect(document.activeElement).toBe(radio("Self-employed"));
    fireEvent.keyDown(radio("Self-employed"), { key: "ArrowUp" });
    fireEvent.keyDown(radio("Employed"), { key: "ArrowUp" });
    expect(checked().map((r) => r.textContent)).toEqual(["Benefits"]);
    fireEvent.keyDown(radio("Benefits"), { key: "Home" });
    expect(document.activeElement).toBe(radio("Employed"));
    fireEvent.keyDown(radio("Employed"), { key: "End" });
    expect(checked().map((r) => r.textContent)).toEqual(["Benefits"]);
    expect(radio("Benefits").tabIndex).toBe(0);
  });

  it("refuses an empty answer with the spec's message on the group, and sends nothing", async () => {
    const calls = api();
    renderFunnel("/incomesource");
    await screen.findByRole("radiogroup");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText(MESSAGES.chooseAnswer);
    const group = screen.getByRole("radiogroup");
    expect(group.getAttribute("aria-invalid")).toBe("true");
    const described = (group.getAttribute("aria-describedby") ?? "")
      .split(" ")
      .map((id) => document.getElementById(id));
    expect(described.map((el) => el?.textContent)).toContain(MESSAGES.chooseAnswer);
    await waitFor(() => expect(document.activeElement).toBe(radio("Employed")));
    expect(calls.callsTo("PUT", STEP_PATH)).toHaveLength(0);
    // Choosing clears the message (checked again on every change once sent).
    fireEvent.click(radio("Benefits"));
    await waitFor(() => expect(screen.queryByText(MESSAGES.chooseAnswer)).toBeNull());
  });

  it("sends the row's body and moves on to the next step on a 200", async () => {
    const calls = api();
    renderFunnel("/incomesource");
    await screen.findByRole("radiogroup");
    fireEvent.click(radio("Military"));
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByRole("heading", { level: 1, name: "Time with Employer" });
    // docs/product/behaviour.md: MILITARY travels as SELF_EMPLOYMENT with activeMilitary YES.
    expect(calls.callsTo("PUT", STEP_PATH).map((c) => c.body)).toEqual([
      { step: 9, incomeType: "SELF_EMPLOYMENT", activeMilitary: "YES", lead_id: "L1" },
    ]);
  });

  it("shows the gross income note: what need not be disclosed, and the 25% for non-taxable income", async () => {
    api();
    renderFunnel("/grossincome");
    await screen.findByRole("radiogroup", { name: "Gross Monthly Income" });
    const note = screen.getByText(/alimony, child support or separate maintenance/);
    expect(note.textContent).toMatch(/non-taxable income may be increased by 25%/);
    expect(screen.getByRole("radiogroup").getAttribute("aria-describedby")).toContain(note.id);
  });

  it("prefills the saved answer", async () => {
    api({ own_home: "NO" });
    renderFunnel("/ownhome");
    await screen.findByRole("radiogroup");
    expect(checked().map((r) => r.textContent)).toEqual(["Rent"]);
  });

  it("stays and says so when the save fails", async () => {
    fakeApi({
      "GET /api/personal_loan/lead/v2/L1": () => savedLead(),
      [`PUT ${STEP_PATH}`]: () => ({
        status: 500,
        body: { status: 500, message: "Something went wrong on our side." },
      }),
    });
    renderFunnel("/ownhome");
    await screen.findByRole("radiogroup");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText(MESSAGES.updateFailed);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Do you own or rent your home?");
  });

  it("sends a visitor whose lead is gone back to the quick start", async () => {
    fakeApi({});
    renderFunnel("/ownhome");
    await screen.findByText("Landed at /");
    expect(sessionStorage.getItem("lead_id")).toBeNull();
  });
});
