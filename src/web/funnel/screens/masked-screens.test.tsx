import { act, cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "#domain/messages.ts";
import { fakeApi, type FakeCall } from "#web/api/fake-api.testing.ts";
import { renderFunnel, savedLead } from "../funnel.testing.tsx";
import { WORK_PHONE_CHECK_DELAY_MS } from "../use-work-phone-check.ts";

const STEP_PATH = "/api/personal_loan/lead/v2/L1/step";

function api(saved: Record<string, unknown> = {}) {
  return fakeApi({
    "GET /api/personal_loan/lead/v2/L1": () => savedLead(saved),
    [`PUT ${STEP_PATH}`]: (call: FakeCall) => savedLead({ ...saved, ...(call.body as object) }),
  });
}

const input = (label: string) => screen.getByLabelText(label, { selector: "input" }) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });

beforeEach(() => sessionStorage.clear());
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("masked screens", () => {
  it("shows the cell phone through (999)-999-9999 and sends its digits", async () => {
    const calls = api();
    renderFunnel("/cellphone");
    await screen.findByRole("heading", { level: 1, name: "Your Cell Phone" });
    expect(input("Cell Phone Number").inputMode).toBe("tel");
    type("Cell Phone Number", "212736410099");
    expect(input("Cell Phone Number").value).toBe("(212)-736-4100");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByRole("heading", { level: 1, name: "Date of Birth" });
    expect(calls.callsTo("PUT", STEP_PATH)[0]?.body).toMatchObject({
      step: 2,
      cellPhone: "2127364100",
      homePhone: "2127364100",
    });
  });

  it.each(["+1 (212) 555-1234", "1-212-555-1234", "+1 212 555 1234", "12125551234"])(
    "drops the country code of the cell phone pasted as %j, and room is left for it",
    async (pasted) => {
      api();
      renderFunnel("/cellphone");
      await screen.findByRole("heading", { level: 1, name: "Your Cell Phone" });
      expect(input("Cell Phone Number").maxLength).toBeGreaterThanOrEqual("+1 (212) 555-1234".length);
      type("Cell Phone Number", pasted);
      expect(input("Cell Phone Number").value).toBe("(212)-555-1234");
    },
  );

  it("prefills a saved phone through its mask", async () => {
    api({ cell_phone: "2127364100", home_phone: "2127364100" });
    renderFunnel("/cellphone");
    await screen.findByRole("heading", { level: 1, name: "Your Cell Phone" });
    expect(input("Cell Phone Number").value).toBe("(212)-736-4100");
  });

  it("shows the SSN through xxx-xx-xxxx on a numeric keypad, with the credit-report authorisation and its links", async () => {
    const calls = api();
    renderFunnel("/ssn");
    await screen.findByRole("heading", { level: 1, name: "Social Security Number" });
    expect(input("Social Security Number").inputMode).toBe("numeric");
    type("Social Security Number", "123456789");
    expect(input("Social Security Number").value).toBe("123-45-6789");
    const form = screen.getByRole("form");
    expect(form.textContent).toMatch(/authorise .+ and its network partners to obtain my consumer credit report/);
    for (const name of ["Disclaimer", "Privacy Policy", "Credit Authorization Agreement", "Terms of Use"]) {
      expect(within(form).getByRole("link", { name: new RegExp(`^${name}`) })).toBeTruthy();
    }
    expect(within(form).getByRole("button", { name: "Rates and Fees" })).toBeTruthy();
    expect(within(form).getByRole("button", { name: "the list of partners" })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Request Funds" }));
    await screen.findByRole("heading", { level: 1, name: "You are all set!" });
    expect(calls.callsTo("PUT", STEP_PATH)[0]?.body).toMatchObject({ step: 25, ssn: "123456789" });
  });
});

describe("work phone", () => {
  it("says it matches the cell phone 300 ms after typing stops, before any Next, and clears when changed", async () => {
    const calls = api({ cell_phone: "2127364100", home_phone: "2127364100" });
    renderFunnel("/workphone");
    await screen.findByRole("heading", { level: 1, name: "Work Phone" });
    // Only timers are faked, once the screen is there: React's own scheduling is left alone.
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    type("Work Phone Number", "212736410");
    act(() => vi.advanceTimersByTime(WORK_PHONE_CHECK_DELAY_MS));
    type("Work Phone Number", "2127364100");
    expect(input("Work Phone Number").value).toBe("(212)-736-4100");
    act(() => vi.advanceTimersByTime(WORK_PHONE_CHECK_DELAY_MS - 1));
    expect(screen.queryByText(MESSAGES.workPhoneSameAsCell)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(MESSAGES.workPhoneSameAsCell)).toBeTruthy();
    expect(input("Work Phone Number").getAttribute("aria-invalid")).toBe("true");
    type("Work Phone Number", "3107364200");
    act(() => vi.advanceTimersByTime(WORK_PHONE_CHECK_DELAY_MS));
    expect(screen.queryByText(MESSAGES.workPhoneSameAsCell)).toBeNull();
    expect(input("Work Phone Number").getAttribute("aria-invalid")).toBeNull();
    expect(calls.callsTo("PUT", STEP_PATH)).toHaveLength(0);
  });

  it("says it matches the home phone, and restarts the wait on every key", async () => {
    api({ cell_phone: "2127364100", home_phone: "3107364200" });
    renderFunnel("/workphone");
    await screen.findByRole("heading", { level: 1, name: "Work Phone" });
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    type("Work Phone Number", "3107364200");
    act(() => vi.advanceTimersByTime(WORK_PHONE_CHECK_DELAY_MS - 100));
    type("Work Phone Number", "310736420");
    act(() => vi.advanceTimersByTime(WORK_PHONE_CHECK_DELAY_MS - 100));
    type("Work Phone Number", "3107364200");
    act(() => vi.advanceTimersByTime(WORK_PHONE_CHECK_DELAY_MS - 1));
    expect(screen.queryByText(MESSAGES.workPhoneSameAsHome)).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(MESSAGES.workPhoneSameAsHome)).toBeTruthy();
  });

  it("sends a different number as digits", async () => {
    const calls = api({ cell_phone: "2127364100", home_phone: "2127364100" });
    renderFunnel("/workphone");
    await screen.findByRole("heading", { level: 1, name: "Work Phone" });
    expect(input("Work Phone Number").inputMode).toBe("tel");
    // Pasted with its country code, which is dropped.
    type("Work Phone Number", "+1 (310) 736-4200");
    expect(input("Work Phone Number").value).toBe("(310)-736-4200");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByRole("heading", { level: 1, name: "Do you get direct deposit\u00a0?" });
    expect(calls.callsTo("PUT", STEP_PATH).map((c) => c.body)).toEqual([
      { step: 16, workPhone: "3107364200", lead_id: "L1" },
    ]);
  });
});
