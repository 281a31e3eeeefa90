import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PortalSoldLead } from "#domain/contracts/portal-leads.ts";
import { expectLoadFailure, FAILED_READS, showScreen } from "../console-screen.testing.tsx";
import PortalLeadsRoute from "./portal-leads-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const API = "/api/console/portal/leads";

const lead = (id: string, o: Partial<PortalSoldLead> = {}): PortalSoldLead => ({
  lead_id: id,
  sold_at: "2026-11-20T15:30:00.000Z",
  price_cents: 4_550,
  state: "NY",
  loan_amount: 1_500,
  test: false,
  return_state: null,
  ...o,
});

const answer = (leads: PortalSoldLead[], page: number, total: number) => ({
  status: 200,
  body: { status: 200, message: "ok", data: { leads, page, page_size: 50, total } },
});

const show = (
  address = "/console/portal/leads",
  leads = [lead("ld_a"), lead("ld_b", { state: "OH", return_state: "pending", test: true })],
  total = 2,
) => showScreen("/console/portal/leads", PortalLeadsRoute, { [API]: answer(leads, 1, total) }, "buyer", { address });

const cells = (row: HTMLElement) =>
  within(row)
    .getAllByRole("cell")
    .map((c) => c.textContent);

describe("the buyer portal's leads", () => {
  it("lists the leads sold, each linking to its own page, naming no one", async () => {
    show();
    const table = await screen.findByRole("table", { name: "Leads sold to you, newest first (page 1 of 1)" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(cells(rows[0]!)).toEqual(["ld_a", "Nov 20, 2026, 3:30 PM", "$45.50", "NY", "$1,500", "–"]);
    expect(cells(rows[1]!)).toEqual(["ld_b", "Nov 20, 2026, 3:30 PM", "$45.50Test", "OH", "$1,500", "Pending"]);
    expect(within(rows[1]!).getByRole("link", { name: "ld_b" }).getAttribute("href")).toBe(
      "/console/portal/leads/ld_b",
    );
    expect(screen.getByRole("status").textContent).toBe("2 leads sold; page 1 of 1.");
    expect(screen.queryByRole("navigation", { name: "Pages of leads" })).toBeNull();
  });

  it("pages through the leads by the address, asking the server for each page", async () => {
    const fetch = show("/console/portal/leads?from=2026-11-01&to=2026-11-30", [lead("ld_a")], 120);
    const pages = await screen.findByRole("navigation", { name: "Pages of leads" });
    expect(fetch.mock.calls[0]![0]).toBe(`${API}?from=2026-11-01&to=2026-11-30`);
    expect(screen.getByRole("status").textContent).toBe("120 leads sold in this period; page 1 of 3.");
    expect(within(pages).queryByRole("button", { name: "Previous page" })).toBeNull();
    fireEvent.click(within(pages).getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(fetch.mock.calls.at(-1)![0]).toBe(`${API}?from=2026-11-01&to=2026-11-30&page=2`));
    const back = await screen.findByRole("button", { name: "Previous page" });
    fireEvent.click(back);
    await waitFor(() => expect(fetch.mock.calls.at(-1)![0]).toBe(`${API}?from=2026-11-01&to=2026-11-30`));
  });

  it("says when nothing was sold, with nothing for axe", async () => {
    show("/console/portal/leads", [], 0);
    expect(await screen.findByText("No leads here.")).toBeTruthy();
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toContain("No lead sold in this period.");
    const rules = { "color-contrast": { enabled: false }, region: { enabled: false } };
    const results = await axe.run(document.body, { rules });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it("has nothing for axe with its table shown", async () => {
    show();
    await screen.findByRole("table");
    const rules = { "color-contrast": { enabled: false }, region: { enabled: false } };
    const results = await axe.run(document.body, { rules });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it.each(FAILED_READS)("says what failed on $name", async ({ answer: failed, says }) => {
    showScreen("/console/portal/leads", PortalLeadsRoute, { [API]: failed }, "buyer");
    await expectLoadFailure("your leads", says);
  });
});
