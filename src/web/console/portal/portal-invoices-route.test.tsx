import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectLoadFailure, FAILED_READS, showScreen, type ServerAnswer } from "../console-screen.testing.tsx";
import { INVOICES_PAGE } from "../money/invoice-table.tsx";
import PortalInvoicesRoute from "./portal-invoices-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (data: unknown): ServerAnswer => ({ status: 200, body: { status: 200, message: "OK", data } });

const INVOICES_API = "/api/console/portal/invoices";

const invoice = (number: number) => ({
  number,
  buyer_id: "acme",
  name: "Acme Lending",
  period: "weekly",
  period_start: "2026-11-23",
  period_end: "2026-11-29",
  closed_at: "2026-11-30T00:10:00.000Z",
  totals: {
    leads_sold: 5,
    sold_cents: 20_000,
    returns: 0,
    returned_cents: 0,
    payments: 0,
    paid_cents: 0,
    net_cents: 20_000,
    opening_balance_cents: 5_000,
    balance_cents: -15_000,
  },
});

const show = (answers: Record<string, ServerAnswer>) =>
  showScreen("/console/portal/invoices", PortalInvoicesRoute, answers, "buyer");

describe("the portal's Invoices", () => {
  it.each(FAILED_READS)("says what failed on $name, never an endless Loading…", async ({ answer, says }) => {
    show({ [INVOICES_API]: answer });
    await expectLoadFailure("your invoices", says);
  });

  it("lists its invoices with what is due and each file from the portal's own routes, with nothing for axe", async () => {
    show({ [INVOICES_API]: ok({ invoices: [invoice(9), invoice(4)] }) });
    const table = await screen.findByRole("table", { name: "Your invoices, newest first" });
    expect(within(table).queryByRole("columnheader", { name: "Buyer" })).toBeNull();
    const first = within(table).getAllByRole("row")[1]!;
    expect([...first.querySelectorAll("td")].map((td) => td.textContent)).toEqual([
      "000009",
      "2026-11-23 to 2026-11-29",
      "Nov 30, 2026",
      "$200.00",
      "$0.00",
      "-$150.00",
      "$150.00",
      "PDFCSV",
    ]);
    expect(within(table).getByRole("link", { name: "Invoice 000009 as PDF" }).getAttribute("href")).toBe(
      "/api/console/portal/invoices/9/pdf",
    );
    expect(within(table).getByRole("link", { name: "Invoice 000004 as CSV" }).getAttribute("href")).toBe(
      "/api/console/portal/invoices/4/csv",
    );
    const rules = { "color-contrast": { enabled: false }, region: { enabled: false } };
    const results = await axe.run(document.body, { rules });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it("says there is none yet, and pages back from a full page's last number", async () => {
    const answers: Record<string, ServerAnswer> = { [INVOICES_API]: ok({ invoices: [] }) };
    show(answers);
    expect((await screen.findByRole("status")).textContent).toContain("No invoice yet.");
    cleanup();
    answers[INVOICES_API] = ok({ invoices: Array.from({ length: INVOICES_PAGE }, (_, i) => invoice(100 - i)) });
    const next = show(answers);
    fireEvent.click(await screen.findByRole("button", { name: "Older invoices" }));
    await waitFor(() =>
      expect(next.mock.calls.map(([url]) => String(url)).at(-1)).toBe(
        `${INVOICES_API}?before=51&limit=${INVOICES_PAGE}`,
      ),
    );
  });
});
