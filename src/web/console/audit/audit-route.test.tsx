import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { alertTexts, showScreen, type ServerAnswer } from "../console-screen.testing.tsx";
import { formatDateTime } from "../time.ts";
import AuditRoute from "./audit-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ENTRY = {
  id: 41,
  at: "2026-03-10T15:00:00.000Z",
  operator_email: "ann@example.com",
  action: "lead.reveal",
  target: "ld_aaaaaaaaaaaaaaaaaaaaaa",
  reason: "The person asked for a copy.",
  details: { fields: ["email", "phone"], note: "x".repeat(90), count: 2, nested: { a: 1 } },
  ip: "10.0.0.1",
};

const ok = (entries: unknown[], next_before: number | null = null): ServerAnswer => ({
  status: 200,
  body: { status: 200, message: "OK", data: { entries, next_before } },
});

/** The query of every read of the log, in order. */
const reads = (fetch: ReturnType<typeof showScreen>) =>
  fetch.mock.calls
    .map(([url]) => new URL(String(url), "http://x"))
    .filter((url) => url.pathname === "/api/console/audit")
    .map((url) => Object.fromEntries(url.searchParams));

/** The log's first row on screen (the person box offers the same e-mail, so the cell is asked for). */
const loaded = () => screen.findByRole("cell", { name: "ann@example.com" });

const field = (label: string) => screen.getByLabelText(label, { selector: "input" }) as HTMLInputElement;

describe("the audit log page", () => {
  it("says what failed when the log cannot be read, never an endless Loading…", async () => {
    showScreen("/console/audit", AuditRoute, { "/api/console/audit": new TypeError("Failed to fetch") });
    await waitFor(() =>
      expect(alertTexts()).toContain(
        "Could not load the audit log: The server could not be reached. Check the connection and try again.Try again",
      ),
    );
    expect(screen.queryByText("Loading…")).toBeNull();
  });

  it("filters by person, action and target from the form, and keeps them in the address with the export's", async () => {
    const fetch = showScreen("/console/audit", AuditRoute, { "/api/console/audit": ok([ENTRY]) });
    await loaded();
    fireEvent.change(field("Person"), { target: { value: "Ann@Example.com" } });
    fireEvent.change(field("Action"), { target: { value: "lead.reveal" } });
    fireEvent.change(field("Target"), { target: { value: "ld_x" } });
    fireEvent.click(screen.getByRole("button", { name: "Apply filters" }));
    const wanted = { operator: "Ann@Example.com", action: "lead.reveal", target: "ld_x" };
    await waitFor(() => expect(reads(fetch).at(-1)).toEqual({ ...wanted, limit: "100" }));
    const href = screen.getByRole("link", { name: "Export CSV" }).getAttribute("href") ?? "";
    const url = new URL(href, "http://x");
    expect(url.pathname).toBe("/api/console/audit/export");
    expect(Object.fromEntries(url.searchParams)).toEqual(wanted);
  });

  it("reads a shared or reloaded address's filters and period, shows them in the form, and exports the same", async () => {
    const address = "/console/audit?operator=o7&action=buyer.update&from=2026-03-01&to=2026-03-31";
    const fetch = showScreen("/console/audit", AuditRoute, { "/api/console/audit": ok([ENTRY]) }, "owner", { address });
    await loaded();
    const filters = { operator: "o7", action: "buyer.update", from: "2026-03-01", to: "2026-03-31" };
    expect(reads(fetch)[0]).toEqual({ ...filters, limit: "100" });
    expect([field("Person").value, field("Action").value]).toEqual(["o7", "buyer.update"]);
    expect(screen.getByLabelText("Period", { selector: "button" }).textContent).toBe("Mar 1, 2026 – Mar 31, 2026");
    const href = screen.getByRole("link", { name: "Export CSV" }).getAttribute("href") ?? "";
    expect(Object.fromEntries(new URL(href, "http://x").searchParams)).toEqual(filters);

    fireEvent.click(screen.getByRole("button", { name: "Clear filters" }));
    await waitFor(() => expect(reads(fetch).at(-1)).toEqual({ limit: "100" }));
  });

  it("pages to older entries and back by the log's own cursor", async () => {
    const fetch = showScreen("/console/audit", AuditRoute, { "/api/console/audit": ok([ENTRY], 41) });
    await loaded();
    expect(screen.queryByRole("button", { name: "Newer entries" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Older entries" }));
    await waitFor(() => expect(reads(fetch).at(-1)).toEqual({ before: "41", limit: "100" }));
    fireEvent.click(await screen.findByRole("button", { name: "Newer entries" }));
    await waitFor(() => expect(reads(fetch).at(-1)).toEqual({ limit: "100" }));
  });

  it("shows the details as key: value lines, cut short, with a button that shows them all", async () => {
    showScreen("/console/audit", AuditRoute, { "/api/console/audit": ok([ENTRY]) }, "owner", {
      timeZone: "America/New_York",
    });
    await loaded();
    const row = within(screen.getAllByRole("row")[1]!);
    expect(row.getAllByRole("cell")[0]!.textContent).toBe(formatDateTime(ENTRY.at, "America/New_York"));
    const terms = () => row.getAllByRole("term").map((dt) => dt.textContent);
    expect(terms()).toEqual(["fields:", "note:", "count:"]);
    expect(row.getAllByRole("term")[0]!.nextElementSibling?.textContent).toBe('["email","phone"]');
    const more = row.getByRole("button", { name: "Show all 4" });
    expect(more.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(more);
    expect(terms()).toEqual(["fields:", "note:", "count:", "nested:"]);
    expect(row.getByRole("button", { name: "Show less" }).getAttribute("aria-expanded")).toBe("true");
  });

  it("says to widen the period or clear a filter when filters match nothing", async () => {
    showScreen("/console/audit", AuditRoute, { "/api/console/audit": ok([]) }, "owner", {
      address: "/console/audit?action=nothing.like.this",
    });
    const empty = await screen.findByText("No entries match these filters");
    expect(empty.parentElement?.textContent).toContain("Widen the period or clear a filter.");
  });
});
