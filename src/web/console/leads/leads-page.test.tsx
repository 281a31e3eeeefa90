import { cleanup, render, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { leadsQueryOf } from "#domain/contracts/console-reports.ts";
import { ConsoleSessionContext, type ConsoleContext } from "../console-session.tsx";
import { formatDateTime } from "../time.ts";
import LeadsPage from "./leads-page.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const context: ConsoleContext = {
  session: {
    operator: { id: "o1", email: "m@example.com", name: "M", role: "manager" },
    permissions: ["leads:read"],
    csrf_token: "t",
    idle_minutes: 30,
    recovery_codes_low: false,
  },
  timeZone: "America/New_York",
  setTimeZone: () => {},
  signOut: async () => {},
};

const ROW = {
  id: "lead-1",
  created_at: "2026-03-10T15:00:00.000Z",
  status: "sold",
  amount: 1000,
  state: "NY",
  buyer: "b1",
  price_cents: 4550,
  source: "google",
};

function show(address: string, next: string | null = null) {
  const fetchMock = vi.fn(async () =>
    Response.json({ status: 200, message: "OK", data: { leads: [ROW], next_cursor: next } }),
  );
  vi.stubGlobal("fetch", fetchMock);
  const Stub = createRoutesStub([
    {
      path: "/console/leads",
      Component: () => (
        <ConsoleSessionContext value={context}>
          <LeadsPage />
        </ConsoleSessionContext>
      ),
    },
  ]);
  render(<Stub initialEntries={[address]} />);
  return fetchMock;
}

describe("the leads page", () => {
  it("searches with a Today figure's query as given, says which filters apply, times in the operator's zone", async () => {
    const span = { from: "2026-03-10T04:00:00.000Z", to: "2026-03-10T16:00:00.000Z" };
    const query = leadsQueryOf(span, "rejected", { source: "bing", aff_id: "A1", reason: "duplicate" });
    const fetchMock = show(`/console/leads?${new URLSearchParams(query).toString()}`, "next-key");

    expect(await screen.findByRole("link", { name: "lead-1" })).toBeTruthy();
    const asked = new URL(String(fetchMock.mock.calls[0]![0 as never]), "http://x").searchParams;
    for (const [key, value] of Object.entries(query)) expect(asked.get(key), key).toBe(value);

    const applied = within(screen.getByRole("region", { name: "Filters applied" }));
    expect(applied.getByText("Stage").nextSibling?.textContent).toBe("rejected");
    expect(applied.getByText("Rejection reason").nextSibling?.textContent).toBe("duplicate");
    expect(applied.getByText("Affiliate").nextSibling?.textContent).toBe("A1");
    expect(applied.getByText("From").nextSibling?.textContent).toBe(formatDateTime(span.from, "America/New_York"));

    const table = within(screen.getByRole("table"));
    expect(table.getByText(formatDateTime(ROW.created_at, "America/New_York"))).toBeTruthy();
    expect(table.getByText("$45.50")).toBeTruthy();
    expect(screen.getByRole("button", { name: "Next page" })).toBeTruthy();
  });

  it("shows no filters and no pager for a plain search", async () => {
    show("/console/leads");
    expect(await screen.findByRole("link", { name: "lead-1" })).toBeTruthy();
    expect(screen.queryByRole("region", { name: "Filters applied" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Next page" })).toBeNull();
  });
});
