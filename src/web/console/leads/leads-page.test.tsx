import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { leadsQueryOf } from "#domain/contracts/console-reports.ts";
import { SUB_ID_LABELS } from "#domain/attribution.ts";
import {
  alertTexts,
  expectLoadFailure,
  FAILED_READS,
  renderInConsole,
  showScreen,
} from "../console-screen.testing.tsx";
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
    time_zone: null,
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
  reason: null,
  publisher_id: null,
  publisher_name: null,
  buyer_ref: null,
};

function show(address: string, next: string | null = null) {
  const fetchMock = vi.fn(async () =>
    Response.json({
      status: 200,
      message: "OK",
      data: { leads: [ROW], next_cursor: next, total: 1, total_capped: false },
    }),
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
  renderInConsole(<Stub initialEntries={[address]} />);
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

  it("names the sub id filter a Today figure applies as the console names that field everywhere", async () => {
    show(`/console/leads?stage=sold&sub_id=spring`);
    expect(await screen.findByRole("link", { name: "lead-1" })).toBeTruthy();
    const applied = within(screen.getByRole("region", { name: "Filters applied" }));
    expect(applied.getByText(SUB_ID_LABELS.sub_id).nextSibling?.textContent).toBe("spring");
    expect(applied.queryByText(/sub id/i)).toBeNull();
  });

  it.each(FAILED_READS)("says what failed on $name, never an endless Loading…", async ({ answer, says }) => {
    showScreen("/console/leads", LeadsPage, { "/api/console/leads": answer }, "manager");
    await expectLoadFailure("the leads", says);
  });

  it("says a search box's mistake at the box, not as a failed load", async () => {
    const message = "Enter a lead id, an e-mail address or a phone number of 10 digits.";
    showScreen(
      "/console/leads",
      LeadsPage,
      {
        "/api/console/leads": {
          status: 400,
          body: { status: 400, message: "Please correct the highlighted fields.", errors: { q: message } },
        },
      },
      "manager",
      { address: "/console/leads?q=12" },
    );
    await waitFor(() =>
      expect(screen.getByLabelText("Lead id, e-mail or phone").getAttribute("aria-invalid")).toBe("true"),
    );
    expect(document.getElementById("q-error")?.textContent).toBe(message);
    expect(alertTexts()).toEqual([]);
    expect(screen.queryByText("Loading…")).toBeNull();
  });

  it("shows no earlier search's leads while the next search is on its way", async () => {
    const fetchMock = show("/console/leads");
    expect(await screen.findByRole("link", { name: "lead-1" })).toBeTruthy();
    fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
    fireEvent.change(screen.getByLabelText("Lead id, e-mail or phone"), { target: { value: "lead-2" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect((await screen.findByText("Loading…")).closest("[aria-busy]")?.getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByRole("link", { name: "lead-1" })).toBeNull();
  });
});
