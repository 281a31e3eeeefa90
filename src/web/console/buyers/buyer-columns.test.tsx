import { cleanup, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { MEASURES } from "#domain/console/measures.ts";
import type { BuyerSummary } from "#domain/contracts/console-buyers.ts";
import { DataTable } from "../ui/data-table.tsx";
import { buyerColumns } from "./buyer-columns.tsx";
import { renderInConsole } from "../console-screen.testing.tsx";

afterEach(cleanup);

const BUYER: BuyerSummary = {
  id: "acme",
  name: "Acme Lending",
  kind: "licensed_lender",
  mode: "ping_post",
  tier: 1,
  source: "console",
  overrides: null,
  enabled: true,
  shadow: false,
  state: "capped",
  full_caps: ["daily"],
  version: 3,
  today: {
    pings: 40,
    bids: 35,
    posts: 32,
    sold: 32,
    revenue_cents: 160_000,
    post_acceptance: 1,
    p50_ms: 120,
    p90_ms: 480,
    timeouts: 4,
    connection_failures: 2,
  },
  billing: "none",
  account: null,
  caps: { daily: { used: 32, cap: 30 } },
  budgets: {},
};

function show(rows: BuyerSummary[]) {
  const Stub = createRoutesStub([
    { path: "/console/buyers", Component: () => <DataTable caption="Buyers" columns={buyerColumns()} rows={rows} /> },
  ]);
  renderInConsole(<Stub initialEntries={["/console/buyers"]} />);
}

/** Each row's cells, by its column's header (the header's own words, without its tooltip). */
function rowByHeader(): Record<string, string> {
  const table = screen.getByRole("table", { name: "Buyers" });
  const headers = within(table)
    .getAllByRole("columnheader")
    .map((h) => (h.querySelector(".data-table__sort")?.firstChild?.textContent ?? h.textContent ?? "").trim());
  const cells = within(within(table).getAllByRole("row")[1]!)
    .getAllByRole("cell")
    .map((c) => c.textContent ?? "");
  return Object.fromEntries(headers.map((h, i) => [h, cells[i]!]));
}

describe("the buyers list", () => {
  it("shows a buyer past its daily cap as Capped (daily), with its timeouts and failed connections", () => {
    show([BUYER]);
    const row = rowByHeader();
    expect(row).toMatchObject({
      Status: "Capped (daily)",
      "Caps used": "32 of 30 daily",
      Timeouts: "4",
      "Connection failures": "2",
      [MEASURES.post_acceptance.name]: "100.0%",
    });
  });

  it("shows a billed buyer with no room as Out of money, its weekly cap and budget used, and its room", () => {
    show([
      {
        ...BUYER,
        state: "no_room",
        full_caps: [],
        billing: "prepaid",
        account: { room_cents: -250, credited_cents: 10_000, charged_cents: 9_750, held_cents: 500 },
        caps: { daily: { used: 3, cap: 30 }, weekly: { used: 12, cap: 100 } },
        budgets: { daily: { used_cents: 9_750, budget_cents: 20_000 } },
      },
    ]);
    expect(rowByHeader()).toMatchObject({
      Status: "Out of money",
      "Caps used": "3 of 30 daily, 12 of 100 weekly, $97.50 of $200.00 daily budget",
      Money: "Prepaid: -$2.50 room",
    });
  });

  it("names a budget spent as the cap that stops it, and an unbilled buyer as such", () => {
    show([{ ...BUYER, full_caps: ["weekly", "monthly budget"] }]);
    expect(rowByHeader()).toMatchObject({ Status: "Capped (weekly, monthly budget)", Money: "Unbilled" });
  });

  it("names its rate once, defined in a tooltip beside the header's sort button", () => {
    show([BUYER]);
    expect(document.body.textContent).not.toMatch(/accept rate/i);
    const header = screen.getByRole("columnheader", { name: /^Post acceptance/ });
    const tip = within(header).getByRole("button", {
      name: "About Post acceptance",
      description: MEASURES.post_acceptance.definition,
    });
    expect(
      within(header)
        .getByRole("button", { name: /^Post acceptance/ })
        .contains(tip),
    ).toBe(false);
  });
});
