import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectLoadFailure, FAILED_READS, showScreen, type ServerAnswer } from "../console-screen.testing.tsx";
import { INVOICES_PAGE } from "./invoice-table.tsx";
import InvoicesRoute from "./invoices-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (data: unknown): ServerAnswer => ({ status: 200, body: { status: 200, message: "OK", data } });

const INVOICES_API = "/api/console/invoices";
const BUYERS_API = "/api/console/buyers";

const invoice = (number: number, buyer: string, name: string) => ({
  number,
  buyer_id: buyer,
  name,
  period: "monthly",
  period_start: "2026-10-01",
  period_end: "2026-10-31",
  closed_at: "2026-11-01T00:10:00.000Z",
  totals: {
    leads_sold: 2,
    sold_cents: 8_000,
    returns: 1,
    returned_cents: -4_000,
    payments: 1,
    paid_cents: 10_000,
    net_cents: 4_000,
    opening_balance_cents: 0,
    balance_cents: 6_000,
  },
});

const buyerRow = (id: string, name: string) => ({
  id,
  name,
  kind: "lead_buyer",
  mode: "ping_post",
  tier: 1,
  source: "console",
  overrides: null,
  enabled: true,
  shadow: false,
  state: "running",
  full_caps: [],
  billing: "prepaid",
  account: { room_cents: 0, credited_cents: 0, charged_cents: 0, held_cents: 0 },
  version: 1,
  today: {
    pings: 0,
    bids: 0,
    posts: 0,
    sold: 0,
    revenue_cents: 0,
    post_acceptance: null,
    p50_ms: null,
    p90_ms: null,
    timeouts: 0,
    connection_failures: 0,
  },
  caps: {},
  budgets: {},
});

const askedQueries = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls
    .map(([url]) => new URL(String(url), "http://console.test"))
    .filter((url) => url.pathname === INVOICES_API)
    .map((url) => Object.fromEntries(url.searchParams));

describe("the Invoices page", () => {
  it.each(FAILED_READS)("says what failed on $name, never an endless Loading…", async ({ answer, says }) => {
    showScreen("/console/invoices", InvoicesRoute, { [INVOICES_API]: answer }, "manager");
    await expectLoadFailure("the invoices", says);
  });

  it("lists every buyer's invoices with the buyer, the amounts and both files, and nothing for axe", async () => {
    showScreen(
      "/console/invoices",
      InvoicesRoute,
      {
        [INVOICES_API]: ok({ invoices: [invoice(12, "acme", "Acme Lending"), invoice(11, "zeta", "Zeta")] }),
        [BUYERS_API]: ok({
          buyers: [buyerRow("zeta", "Zeta"), buyerRow("acme", "Acme Lending")],
          since: "2026-12-07T00:00:00Z",
        }),
      },
      "manager",
    );
    const table = await screen.findByRole("table", { name: "Invoices" });
    const [head, first] = within(table).getAllByRole("row");
    expect([...head!.querySelectorAll("th")].map((th) => th.textContent)).toEqual([
      "Number",
      "Buyer",
      "Period",
      "Issued",
      "Net sales",
      "Paid",
      "Balance",
      "Amount due",
      "Files",
    ]);
    expect([...first!.querySelectorAll("td")].map((td) => td.textContent)).toEqual([
      "000012",
      "Acme Lending (acme)",
      "2026-10-01 to 2026-10-31",
      "Nov 1, 2026",
      "$40.00",
      "$100.00",
      "$60.00",
      "$0.00",
      "PDFCSV",
    ]);
    expect(within(table).getByRole("link", { name: "Invoice 000011 as CSV" }).getAttribute("href")).toBe(
      "/api/console/invoices/11/csv",
    );
    // The buyers to filter by, by name, once they are read.
    const filter = screen.getByLabelText("Buyer") as HTMLSelectElement;
    await waitFor(() =>
      expect([...filter.options].map((o) => o.textContent)).toEqual([
        "All buyers",
        "Acme Lending (acme)",
        "Zeta (zeta)",
      ]),
    );
    // No page after a short one.
    expect(screen.queryByRole("button", { name: "Older invoices" })).toBeNull();
    const rules = { "color-contrast": { enabled: false }, region: { enabled: false } };
    const results = await axe.run(document.body, { rules });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it("asks for one buyer's invoices when one is chosen, and pages back from the last number", async () => {
    const full = Array.from({ length: INVOICES_PAGE }, (_, i) => invoice(200 - i, "acme", "Acme Lending"));
    const fetch = showScreen(
      "/console/invoices",
      InvoicesRoute,
      {
        [INVOICES_API]: ok({ invoices: full }),
        [BUYERS_API]: ok({ buyers: [buyerRow("acme", "Acme Lending")], since: "2026-12-07T00:00:00Z" }),
      },
      "owner",
    );
    await screen.findByRole("table", { name: "Invoices" });
    const filter = screen.getByLabelText("Buyer") as HTMLSelectElement;
    await waitFor(() => expect(filter.options).toHaveLength(2));
    fireEvent.change(filter, { target: { value: "acme" } });
    const one = await screen.findByRole("table", { name: "Invoices of Acme Lending (acme)" });
    // One buyer's list needs no buyer column.
    expect(within(one).queryByRole("columnheader", { name: "Buyer" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Older invoices" }));
    await waitFor(() =>
      expect(askedQueries(fetch).at(-1)).toEqual({ buyer: "acme", before: "151", limit: String(INVOICES_PAGE) }),
    );
    expect(askedQueries(fetch)).toEqual([
      { limit: String(INVOICES_PAGE) },
      { buyer: "acme", limit: String(INVOICES_PAGE) },
      { buyer: "acme", before: "151", limit: String(INVOICES_PAGE) },
    ]);
    fireEvent.click(await screen.findByRole("button", { name: "Newest invoices" }));
    await waitFor(() => expect(askedQueries(fetch).at(-1)).toEqual({ buyer: "acme", limit: String(INVOICES_PAGE) }));
  });

  it("opens on the buyer the address names, as the buyer's page links it", async () => {
    const fetch = showScreen(
      "/console/invoices",
      InvoicesRoute,
      { [INVOICES_API]: ok({ invoices: [] }), [BUYERS_API]: ok({ buyers: [], since: "2026-12-07T00:00:00Z" }) },
      "manager",
      { address: "/console/invoices?buyer=gone-buyer" },
    );
    expect((await screen.findByRole("status")).textContent).toContain("No invoice yet.");
    expect(askedQueries(fetch)).toEqual([{ buyer: "gone-buyer", limit: String(INVOICES_PAGE) }]);
    // A buyer no longer listed is still the filter shown.
    expect((screen.getByLabelText("Buyer") as HTMLSelectElement).value).toBe("gone-buyer");
  });
});
