import { cleanup, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import type { BuyerOutcomeRow } from "#domain/contracts/console-leads.ts";
import { BuyerOutcomesTable } from "./buyer-outcomes-table.tsx";
import { renderInConsole } from "../console-screen.testing.tsx";

afterEach(cleanup);

const AT = "2026-11-20T10:05:00.000Z";
const row = (buyer: string, outcome: string, detail: string | null, offered: number | null, paid: number | null) =>
  ({ buyer, outcome, detail, offered_cents: offered, paid_cents: paid, at: AT }) satisfies BuyerOutcomeRow;

describe("the lead page's table of every buyer's outcome", () => {
  it("shows each buyer with its outcome and why, the price it paid or offered, and when, in the order given", () => {
    const { getByRole } = renderInConsole(
      <BuyerOutcomesTable
        outcomes={[
          row("winner", "post_accepted", null, 5182, 5182),
          row("top", "cap_full", "daily", 6345, null),
          row("credit", "filtered", "credit score", null, null),
          row("later", "not_reached", "sold in tier 1", null, null),
          row("newer", "some_future_code", null, null, null),
        ]}
        timeZone="UTC"
      />,
    );
    const table = getByRole("table", { name: "Every buyer's outcome" });
    const [header, ...rows] = within(table).getAllByRole("row");
    expect(
      within(header!)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Buyer", "Outcome", "Price", "Time"]);
    const cells = rows.map((r) =>
      within(r)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    );
    expect(cells.map((c) => c.slice(0, 3))).toEqual([
      ["winner", "Bought", "$51.82 paid"],
      ["top", "Cap full (daily)", "$63.45 offered"],
      ["credit", "Filtered out (credit score)", ""],
      ["later", "Not reached (sold in tier 1)", ""],
      // A code a newer build wrote is shown as it is rather than hidden.
      ["newer", "some_future_code", ""],
    ]);
    expect(cells[0]![3]).toMatch(/10:05/);
  });

  it("says so when no outcome is recorded", () => {
    const { getByRole } = renderInConsole(<BuyerOutcomesTable outcomes={[]} timeZone="UTC" />);
    expect(
      within(getByRole("table"))
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["No buyer's outcome is recorded for this lead."]);
  });
});
