import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { leadsQueryOf } from "#domain/contracts/console-reports.ts";
import { SUB_ID_LABELS } from "#domain/attribution.ts";
import {
  alertTexts,
  consoleContextOf,
  expectLoadFailure,
  FAILED_READS,
  renderInConsole,
  showScreen,
  stubServer,
  type ServerAnswer,
} from "../console-screen.testing.tsx";
import { ConsoleSessionContext } from "../console-session.tsx";
import { formatDateTime } from "../time.ts";
import LeadPage from "./lead-page.tsx";
import LeadsPage from "./leads-page.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ROW = {
  id: "ld_aaaaaaaaaaaaaaaaaaaaaa",
  created_at: "2026-03-10T15:00:00.000Z",
  status: "rejected",
  amount: 1000,
  state: "NY",
  buyer: "b1",
  price_cents: 4550,
  source: "google",
  reason: "Duplicate lead",
  publisher_id: "p1",
  publisher_name: "Pub One",
  buyer_ref: "BR-77",
};

const ok = (data: unknown): ServerAnswer => ({ status: 200, body: { status: 200, message: "OK", data } });
const FILTERS = ok({
  buyers: [
    { id: "b1", name: "Bee Lending" },
    { id: "b2", name: "Sea Loans" },
  ],
  sources: ["google", "(none)"],
});

/** Where the address bar is, for a test to read as a reload would. */
let shownAddress = "";
function Address() {
  const location = useLocation();
  shownAddress = `${location.pathname}${location.search}`;
  return null;
}

function show(
  address: string,
  { next = null, total = 1, capped = false }: { next?: string | null; total?: number | null; capped?: boolean } = {},
  more: Record<string, ServerAnswer> = {},
) {
  const fetchMock = stubServer({
    "/api/console/leads": ok({ leads: [ROW], next_cursor: next, total, total_capped: capped }),
    "/api/console/leads/filters": FILTERS,
    ...more,
  });
  const context = consoleContextOf("manager", "America/New_York");
  const inConsole = (Screen: () => React.ReactNode) => () => (
    <ConsoleSessionContext value={context}>
      <Address />
      <Screen />
    </ConsoleSessionContext>
  );
  const Stub = createRoutesStub([
    { path: "/console/leads", Component: inConsole(LeadsPage) },
    { path: "/console/leads/:id", Component: inConsole(LeadPage) },
  ]);
  renderInConsole(<Stub initialEntries={[address]} />);
  return fetchMock;
}

/** The query of every search the page asked, in order. */
const searches = (fetchMock: ReturnType<typeof stubServer>) =>
  fetchMock.mock.calls
    .map(([url]) => new URL(String(url), "http://x"))
    .filter((url) => url.pathname === "/api/console/leads")
    .map((url) => Object.fromEntries(url.searchParams));

/** A control of the filter bar by its label (a pick list's input shows the picked option's label). */
const field = (label: string) => screen.getByLabelText(label, { selector: "input" }) as HTMLInputElement;

const leadLink = () => screen.findByRole("link", { name: ROW.id });

/**
 * Picks an option of a pick list. Mantine's dropdown stays display: none under happy-dom (its transition never
 * runs), so the option is clicked where it is: the list's own data and its change are what is tested.
 */
async function pick(label: string, option: string) {
  fireEvent.click(field(label));
  fireEvent.click(await screen.findByRole("option", { name: option, hidden: true }));
}

describe("the leads page", () => {
  it("searches with a Today figure's query as given, says the filters the bar has no control for, in the operator's zone", async () => {
    const span = { from: "2026-03-10T04:00:00.000Z", to: "2026-03-10T16:00:00.000Z" };
    const query = leadsQueryOf(span, "rejected", { source: "bing", aff_id: "A1", reason: "duplicate" });
    const fetchMock = show(`/console/leads?${new URLSearchParams(query).toString()}`, { next: "next-key" });

    await leadLink();
    expect(searches(fetchMock)[0]).toEqual({ ...query, limit: "50" });

    const applied = within(screen.getByRole("region", { name: "Filters applied" }));
    const chips = applied.getAllByRole("button").map((b) => b.getAttribute("aria-label"));
    expect(chips).toEqual([
      `Remove the filter From: ${formatDateTime(span.from, "America/New_York")}`,
      `Remove the filter Before: ${formatDateTime(span.to, "America/New_York")}`,
      "Remove the filter Affiliate: A1",
      "Remove the filter Rejection reason: duplicate",
    ]);
    // Stage and source are the bar's own pick lists, showing the figure's values.
    expect(field("Stage").value).toBe("Rejected");
    expect(field("Source").value).toBe("bing");

    const cells = within(screen.getAllByRole("row")[1]!)
      .getAllByRole("cell")
      .map((td) => td.textContent);
    expect(cells).toContain(formatDateTime(ROW.created_at, "America/New_York"));
    expect(cells).toContain("$45.50");
    expect(screen.queryByRole("button", { name: "Next page" })).not.toBeNull();
  });

  it("shows every column of the row: status, publisher, the reject reason and the buyer's reference", async () => {
    show("/console/leads");
    await leadLink();
    const headers = screen.getAllByRole("columnheader").map((th) => th.textContent);
    expect(headers).toEqual([
      "Lead",
      "Created",
      "Status",
      "Amount",
      "State",
      "Buyer",
      "Price",
      "Source",
      "Publisher",
      "Reject reason",
      "Buyer's reference",
    ]);
    const cells = within(screen.getAllByRole("row")[1]!)
      .getAllByRole("cell")
      .map((td) => td.textContent);
    expect(cells.slice(2)).toEqual([
      "rejected",
      "$1,000",
      "NY",
      "b1",
      "$45.50",
      "google",
      "Pub One",
      "Duplicate lead",
      "BR-77",
    ]);
  });

  it("removes one filter by its chip, and the rest stay", async () => {
    const fetchMock = show("/console/leads?stage=sold&aff_id=A1&reason=x");
    await leadLink();
    fireEvent.click(screen.getByRole("button", { name: "Remove the filter Affiliate: A1" }));
    await waitFor(() => expect(searches(fetchMock).at(-1)).toEqual({ stage: "sold", reason: "x", limit: "50" }));
    expect(shownAddress).toBe("/console/leads?stage=sold&reason=x");
  });

  it("shows no filters and no pager for a plain search", async () => {
    show("/console/leads");
    await leadLink();
    expect(screen.queryByRole("region", { name: "Filters applied" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Next page" })).toBeNull();
  });

  it("names the sub id filter a Today figure applies as the console names that field everywhere", async () => {
    show(`/console/leads?stage=sold&sub_id=spring`);
    await leadLink();
    const applied = within(screen.getByRole("region", { name: "Filters applied" }));
    expect(applied.getAllByRole("button").map((b) => b.getAttribute("aria-label"))).toEqual([
      `Remove the filter ${SUB_ID_LABELS.sub_id}: spring`,
    ]);
    expect(applied.queryByText(/sub id/i)).toBeNull();
  });

  it.each([
    [1234, false, "1,234 leads"],
    [1, false, "1 lead"],
    [10_000, true, "More than 10,000 leads"],
  ])("says how many leads the filters give (%i, capped %s)", async (total, capped, says) => {
    show("/console/leads?status=sold", { total, capped });
    await leadLink();
    expect(screen.getAllByRole("status").map((status) => status.textContent)).toContain(says);
  });

  it("keeps the first page's count on the next page, whose answer has none", async () => {
    const fetchMock = show("/console/leads?status=sold", { next: "k2", total: 120 });
    await leadLink();
    fetchMock.mockImplementation(async () =>
      Response.json({
        status: 200,
        message: "OK",
        data: { leads: [ROW], next_cursor: null, total: null, total_capped: false },
      }),
    );
    fireEvent.click(screen.getByRole("button", { name: "Next page" }));
    await waitFor(() => expect(screen.queryByRole("table", { name: /a later page/ })).not.toBeNull());
    expect(shownAddress).toBe("/console/leads?status=sold&cursor=k2");
    expect(searches(fetchMock).at(-1)).toEqual({ status: "sold", cursor: "k2", limit: "50" });
    expect(screen.getAllByRole("status").map((status) => status.textContent)).toContain(
      "120 leads, a later page of them",
    );
  });

  it("offers the buyers and sources as pick lists, and a pick applies at once, in the address", async () => {
    const fetchMock = show("/console/leads?status=sold");
    await leadLink();
    await pick("Buyer", "Sea Loans (b2)");
    await waitFor(() => expect(searches(fetchMock).at(-1)).toEqual({ status: "sold", buyer: "b2", limit: "50" }));
    expect(shownAddress).toBe("/console/leads?status=sold&buyer=b2");
    await pick("Source", "(none)");
    await waitFor(() => expect(searches(fetchMock).at(-1)?.source).toBe("(none)"));
  });

  it("exports exactly the screen's filters: the file holds every row they give, not the page", async () => {
    show("/console/leads?status=rejected&buyer=b1&from=2026-03-01&to=2026-03-31&reason=dup&cursor=k9");
    await leadLink();
    const href = screen.getByRole("link", { name: "Export CSV" }).getAttribute("href") ?? "";
    const url = new URL(href, "http://x");
    expect(url.pathname).toBe("/api/console/leads/export");
    expect(Object.fromEntries(url.searchParams)).toEqual({
      status: "rejected",
      buyer: "b1",
      from: "2026-03-01",
      to: "2026-03-31",
      reason: "dup",
    });
  });

  it("shows a shared or reloaded address's filters in the bar's own controls", async () => {
    show("/console/leads?q=jo%40example.com&status=in_progress&buyer=b1&from=2026-03-01&to=2026-03-31");
    await leadLink();
    expect((screen.getByRole("textbox", { name: /Lead id, e-mail or phone/ }) as HTMLInputElement).value).toBe(
      "jo@example.com",
    );
    expect(field("Status").value).toBe("In progress");
    await waitFor(() => expect(field("Buyer").value).toBe("Bee Lending (b1)"));
    expect(screen.getByLabelText("Created", { selector: "button" }).textContent).toBe("Mar 1, 2026 – Mar 31, 2026");
  });

  it("sends a buyer's reference from the search box as one, and an e-mail or phone as the search", async () => {
    const fetchMock = show("/console/leads?status=sold");
    await leadLink();
    const box = () => screen.getByRole("textbox", { name: /Lead id, e-mail or phone/ });
    fireEvent.change(box(), { target: { value: "BR-77" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(searches(fetchMock).at(-1)).toEqual({ status: "sold", buyer_ref: "BR-77", limit: "50" }),
    );
    fireEvent.change(box(), { target: { value: "(212) 555-0100" } });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    await waitFor(() =>
      expect(searches(fetchMock).at(-1)).toEqual({ status: "sold", q: "(212) 555-0100", limit: "50" }),
    );
  });

  it("shows the same filtered list after opening a lead and going back to the leads", async () => {
    const address = "/console/leads?status=rejected&buyer=b1&aff_id=A1";
    const fetchMock = show(
      address,
      {},
      { [`/api/console/leads/${ROW.id}`]: { status: 404, body: { message: "Not found" } } },
    );
    fireEvent.click(await leadLink());
    fireEvent.click(await screen.findByRole("link", { name: "Back to leads" }));
    await leadLink();
    expect(shownAddress).toBe(address);
    expect(searches(fetchMock).at(-1)).toEqual({ status: "rejected", buyer: "b1", aff_id: "A1", limit: "50" });
    expect(field("Status").value).toBe("Rejected");
  });

  it("says to widen the period or clear a filter when none match", async () => {
    showScreen(
      "/console/leads",
      LeadsPage,
      {
        "/api/console/leads": ok({ leads: [], next_cursor: null, total: 0, total_capped: false }),
        "/api/console/leads/filters": FILTERS,
      },
      "manager",
      { address: "/console/leads?status=sold" },
    );
    const empty = await screen.findByText("No leads match");
    expect(empty.parentElement?.textContent).toContain("Widen the period or clear a filter to see more.");
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
        "/api/console/leads/filters": FILTERS,
      },
      "manager",
      { address: "/console/leads?q=ld_1" },
    );
    const box = screen.getByRole("textbox", { name: /Lead id, e-mail or phone/ });
    await waitFor(() => expect(box.getAttribute("aria-invalid")).toBe("true"));
    const said = box
      .getAttribute("aria-describedby")
      ?.split(" ")
      .map((id) => document.getElementById(id)?.textContent);
    expect(said).toContain(message);
    expect(alertTexts()).toEqual([]);
    expect(screen.queryByText("Loading…")).toBeNull();
  });

  it("shows no earlier search's leads while the next search is on its way", async () => {
    const fetchMock = show("/console/leads");
    await leadLink();
    fetchMock.mockImplementation(() => new Promise<Response>(() => {}));
    fireEvent.change(screen.getByRole("textbox", { name: /Lead id, e-mail or phone/ }), {
      target: { value: "a@example.com" },
    });
    fireEvent.click(screen.getByRole("button", { name: "Search" }));
    expect((await screen.findByText("Loading…")).closest("[aria-busy]")?.getAttribute("aria-busy")).toBe("true");
    expect(screen.queryByRole("link", { name: ROW.id })).toBeNull();
  });
});
