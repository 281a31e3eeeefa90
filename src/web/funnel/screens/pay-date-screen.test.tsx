import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { MESSAGES } from "#domain/messages.ts";
import { fakeApi, type FakeCall } from "#web/api/fake-api.testing.ts";
import { renderFunnel, savedLead } from "../funnel.testing.tsx";

const STEP_PATH = "/api/personal_loan/lead/v2/L1/step";

function api(saved: Record<string, unknown> = {}) {
  const lead = { income_payment_frequency: "BIWEEKLY", first_name: "Ana", ...saved };
  return fakeApi({
    "GET /api/personal_loan/lead/v2/L1": () => savedLead(lead),
    [`PUT ${STEP_PATH}`]: (call: FakeCall) => savedLead({ ...lead, ...(call.body as object) }),
  });
}

/** A day of the grid by its date in words. */
const day = (words: string) => screen.getByText(words).closest("td") as HTMLElement;

beforeEach(() => {
  sessionStorage.clear();
  // Tuesday, November 24, 2026, in the visitor's own clock: the window runs to Thursday, December 24.
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date(2026, 10, 24, 10, 0));
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe("pay date screen", () => {
  it("shows the window's month as a date grid: today marked, weekends and past days unavailable", async () => {
    api();
    renderFunnel("/nextpaydate");
    const grid = await screen.findByRole("grid", { name: "Next Pay Date November 2026" });
    expect(
      within(grid)
        .getAllByRole("columnheader")
        .map((th) => th.getAttribute("abbr")),
    ).toContain("Saturday");
    expect(day("Tuesday, November 24, 2026").getAttribute("aria-current")).toBe("date");
    expect(day("Saturday, November 28, 2026").getAttribute("aria-disabled")).toBe("true");
    expect(day("Monday, November 23, 2026").getAttribute("aria-disabled")).toBe("true");
    expect(day("Monday, November 23, 2026").hasAttribute("tabindex")).toBe(false);
    expect(day("Wednesday, November 25, 2026").getAttribute("aria-disabled")).toBeNull();
    // One Tab stop: the first day that can be chosen.
    expect(grid.querySelectorAll("[tabindex='0']")).toHaveLength(1);
    expect(day("Tuesday, November 24, 2026").tabIndex).toBe(0);
    // A click on a weekend chooses nothing.
    fireEvent.click(day("Saturday, November 28, 2026"));
    expect(grid.querySelector("[aria-selected='true']")).toBeNull();
    // A day focused by a click becomes the one Tab stop.
    day("Friday, November 27, 2026").focus();
    fireEvent.click(day("Friday, November 27, 2026"));
    expect(day("Friday, November 27, 2026").getAttribute("aria-selected")).toBe("true");
    expect(day("Friday, November 27, 2026").tabIndex).toBe(0);
    expect(grid.querySelectorAll("[tabindex='0']")).toHaveLength(1);
  });

  it("offers no bank holiday, and names it: Thanksgiving can get focus but not be chosen", async () => {
    api();
    renderFunnel("/nextpaydate");
    const grid = await screen.findByRole("grid", { name: "Next Pay Date November 2026" });
    const thanksgiving = day("Thursday, November 26, 2026, Thanksgiving Day");
    expect(thanksgiving.getAttribute("aria-disabled")).toBe("true");
    expect(thanksgiving.getAttribute("title")).toBe("Thanksgiving Day");
    fireEvent.click(thanksgiving);
    thanksgiving.focus();
    fireEvent.keyDown(thanksgiving, { key: "Enter" });
    expect(grid.querySelector("[aria-selected='true']")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Next month" }));
    expect(day("Friday, December 25, 2026, Christmas Day").getAttribute("aria-disabled")).toBe("true");
  });

  it("is operated with the keyboard, across the month's end, and sends YYYY-MM-DD with the second pay date", async () => {
    const calls = api();
    renderFunnel("/nextpaydate");
    await screen.findByRole("grid");
    const today = day("Tuesday, November 24, 2026");
    today.focus();
    fireEvent.keyDown(today, { key: "End" });
    await waitFor(() => expect(document.activeElement).toBe(day("Saturday, November 28, 2026")));
    // Enter on a weekend chooses nothing (and sends nothing).
    fireEvent.keyDown(document.activeElement!, { key: "Enter" });
    expect(screen.queryByText(/^Chosen:/)).toBeNull();
    fireEvent.keyDown(document.activeElement!, { key: "PageDown" });
    await screen.findByRole("grid", { name: "Next Pay Date December 2026" });
    await waitFor(() => expect(document.activeElement).toBe(day("Thursday, December 24, 2026")));
    fireEvent.keyDown(document.activeElement!, { key: "ArrowLeft" });
    await waitFor(() => expect(document.activeElement).toBe(day("Wednesday, December 23, 2026")));
    fireEvent.keyDown(document.activeElement!, { key: " " });
    expect(day("Wednesday, December 23, 2026").getAttribute("aria-selected")).toBe("true");
    expect(screen.getByText("Chosen: Wednesday, December 23, 2026")).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Previous month" }));
    await screen.findByRole("grid", { name: "Next Pay Date November 2026" });
    expect(screen.getByRole("button", { name: "Previous month" }).hasAttribute("disabled")).toBe(true);
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByRole("heading", { level: 1, name: "Employer Information" });
    expect(calls.callsTo("PUT", STEP_PATH).map((c) => c.body)).toEqual([
      { step: 14, incomeNextDate1: "2026-12-23", incomeNextDate2: "2027-01-06", lead_id: "L1" },
    ]);
  });

  it("refuses no answer with the spec's message and puts focus on the grid", async () => {
    const calls = api();
    renderFunnel("/nextpaydate");
    const grid = await screen.findByRole("grid");
    fireEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByText(MESSAGES.chooseAnswer);
    expect(grid.getAttribute("aria-invalid")).toBe("true");
    await waitFor(() => expect(document.activeElement).toBe(day("Tuesday, November 24, 2026")));
    expect(calls.callsTo("PUT", STEP_PATH)).toHaveLength(0);
  });

  it("prefills a saved date still inside the window, and not one that has passed", async () => {
    api({ income_next_date_1: "2026-12-04" });
    renderFunnel("/nextpaydate");
    await screen.findByRole("grid", { name: "Next Pay Date December 2026" });
    expect(screen.getByText("Chosen: Friday, December 4, 2026")).toBeTruthy();
    cleanup();
    api({ income_next_date_1: "2026-11-20" });
    renderFunnel("/nextpaydatesort");
    await screen.findByRole("grid", { name: "Next Pay Date November 2026" });
    expect(screen.queryByText(/^Chosen:/)).toBeNull();
  });
});
