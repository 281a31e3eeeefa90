import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PortalLead } from "#domain/contracts/portal-leads.ts";
import { alertTexts, showScreen, type ServerAnswer } from "../console-screen.testing.tsx";
import PortalLeadsDetailRoute from "./portal-leads-detail-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const API = "/api/console/portal/leads/ld_1";

const LEAD: PortalLead = {
  lead: {
    lead_id: "ld_1",
    sold_at: "2026-11-20T15:30:00.000Z",
    price_cents: 4_550,
    state: "NY",
    loan_amount: 1_500,
    test: false,
    return_state: "rejected",
  },
  fields: [
    { field: "lead_id", value: "ld_1" },
    { field: "first_name", value: "Anabel" },
    { field: "ssn", value: "712345678" },
  ],
};

const show = (answer: ServerAnswer) =>
  showScreen("/console/portal/leads/:id", PortalLeadsDetailRoute, { [API]: answer }, "buyer", {
    address: "/console/portal/leads/ld_1",
  });

const ok = { status: 200, body: { status: 200, message: "ok", data: LEAD } };
const axeRules = { "color-contrast": { enabled: false }, region: { enabled: false } };
const violations = async () =>
  (await axe.run(document.body, { rules: axeRules })).violations.map(
    (v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`,
  );

describe("a lead in the buyer portal", () => {
  it("reads nothing of the person until asked, and says each view is recorded", async () => {
    const fetch = show(ok);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Lead ld_1");
    expect(screen.getByText(/Each time you show them, the view is recorded/)).toBeTruthy();
    expect(screen.getByRole("link", { name: "Return this lead" }).getAttribute("href")).toBe(
      "/console/portal/returns?lead=ld_1",
    );
    expect(await violations()).toEqual([]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("shows the bought details once the button is pressed, and puts the focus on them", async () => {
    const fetch = show(ok);
    fireEvent.click(screen.getByRole("button", { name: "Show the lead's details" }));
    const table = await screen.findByRole("table", { name: "What your post mapping sends, as the sale sent it" });
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(fetch.mock.calls[0]![0]).toBe(API);
    expect(
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(["lead_idld_1", "first_nameAnabel", "ssn712345678"]);
    const heading = screen.getByRole("heading", { name: "The lead's details" });
    await waitFor(() => expect(document.activeElement).toBe(heading));
    const sale = Object.fromEntries(
      [...document.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]),
    );
    expect(sale).toEqual({ Sold: "Nov 20, 2026, 3:30 PM", Price: "$45.50", Return: "Rejected" });
    expect(screen.queryByRole("button", { name: "Show the lead's details" })).toBeNull();
    expect(await violations()).toEqual([]);
  });

  it.each([
    { name: "an erased lead (410)", status: 410, message: "This lead's personal data was erased." },
    { name: "a lead not the buyer's (404)", status: 404, message: "No lead of yours has that id." },
  ])("says why nothing is shown for $name", async ({ status, message }) => {
    show({ status, body: { status, message } });
    fireEvent.click(screen.getByRole("button", { name: "Show the lead's details" }));
    await waitFor(() => expect(alertTexts()).toEqual([message]));
    expect(screen.queryByRole("table")).toBeNull();
    // Still offered: pressing again asks again.
    expect(screen.getByRole("button", { name: "Show the lead's details" })).toBeTruthy();
  });
});
