import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { loaded, renderInConsole } from "../console-screen.testing.tsx";
import { StatementsView, type StatementsData } from "./statements-view.tsx";

afterEach(cleanup);

const DATA: StatementsData = {
  month: "2026-10",
  state: "closed",
  closed_at: "2026-11-01T00:00:05.000Z",
  head: {
    head: { seq: 812, hash: "ab".repeat(32), issued_at: "2026-11-01T00:00:05.000Z" },
    key_id: "0123456789abcdef",
    signature: "c2lnbmVk",
  },
  statements: [
    {
      partner_kind: "buyer",
      partner_id: "lender-a",
      name: "Lender A",
      month: "2026-10",
      totals: { leads_sold: 2, sold_cents: 7_500, returns: 1, returned_cents: -3_500, net_cents: 4_000 },
    },
    {
      partner_kind: "publisher",
      partner_id: "acme",
      name: "Acme Media",
      month: "2026-10",
      totals: {
        payouts_earned: 2,
        earned_cents: 1_875,
        payouts_reversed: 1,
        reversed_cents: -875,
        payouts_final: 1,
        final_cents: 600,
        net_cents: 1_000,
      },
    },
  ],
};

const rowsOf = (caption: string) =>
  within(screen.getByRole("table", { name: caption }).querySelector("tbody")!)
    .getAllByRole("row")
    .map((r) =>
      within(r)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    );

describe("StatementsView", () => {
  it("shows a table per kind in dollars, whether the month is closed, and a CSV link for each", () => {
    renderInConsole(<StatementsView month="2026-10" data={DATA} load={loaded(DATA)} onMonth={() => {}} />);
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Statements, October 2026");
    expect(screen.getByText(/^Closed on 2026-11-01: these statements never change/)).toBeTruthy();
    expect(screen.getByText(/^Ledger head at the close/).textContent).toBe(
      `Ledger head at the close: row 812, hash ${"ab".repeat(32)}, issued 2026-11-01T00:00:05.000Z, signed with key ` +
        "0123456789abcdef: c2lnbmVk",
    );
    expect(rowsOf("Buyers' statements, October 2026")).toEqual([
      ["Lender A", "lender-a", "2", "$75.00", "1", "-$35.00", "$40.00"],
    ]);
    expect(rowsOf("Publishers' statements, October 2026")).toEqual([
      ["Acme Media", "acme", "2", "$18.75", "1", "-$8.75", "1", "$6.00", "$10.00"],
    ]);
    expect(screen.getByRole("link", { name: "Export buyers' CSV" }).getAttribute("href")).toBe(
      "/api/console/statements.csv?month=2026-10&kind=buyer",
    );
    expect(screen.getByRole("link", { name: "Export publishers' CSV" }).getAttribute("href")).toBe(
      "/api/console/statements.csv?month=2026-10&kind=publisher",
    );
  });

  it("adds each table's money up in a totals row", () => {
    const second: StatementsData = {
      ...DATA,
      statements: [
        ...DATA.statements,
        {
          partner_kind: "buyer",
          partner_id: "lender-b",
          name: "Lender B",
          month: "2026-10",
          totals: { leads_sold: 3, sold_cents: 12_000, returns: 0, returned_cents: 0, net_cents: 12_000 },
        },
      ],
    };
    renderInConsole(<StatementsView month="2026-10" data={second} load={loaded(second)} onMonth={() => {}} />);
    const totalsOf = (caption: string) => {
      const foot = screen.getByRole("table", { name: caption }).querySelector("tfoot")!;
      return within(foot)
        .getAllByRole("cell")
        .map((c) => c.textContent);
    };
    expect(totalsOf("Buyers' statements, October 2026")).toEqual([
      "Total",
      "",
      "5",
      "$195.00",
      "1",
      "-$35.00",
      "$160.00",
    ]);
    expect(totalsOf("Publishers' statements, October 2026")).toEqual([
      "Total",
      "",
      "2",
      "$18.75",
      "1",
      "-$8.75",
      "1",
      "$6.00",
      "$10.00",
    ]);
  });

  it("says an open month still grows, changes month from the picker, and prints", () => {
    const onMonth = vi.fn();
    const print = vi.fn();
    const before = window.print;
    window.print = print;
    const open: StatementsData = { ...DATA, month: "2026-11", state: "open", closed_at: null, head: null };
    renderInConsole(<StatementsView month="2026-11" data={open} load={loaded(open)} onMonth={onMonth} />);
    expect(screen.getByText(/^Open: the month has not ended/)).toBeTruthy();
    expect(screen.queryByText(/^Ledger head at the close/)).toBeNull();
    const picker = screen.getByLabelText("Month") as HTMLSelectElement;
    expect(picker.value).toBe("2026-11");
    const earlier = picker.options[picker.selectedIndex + 1]!.value;
    fireEvent.change(picker, { target: { value: earlier } });
    expect(onMonth).toHaveBeenCalledWith(earlier);
    fireEvent.click(screen.getByRole("button", { name: "Print" }));
    expect(print).toHaveBeenCalledOnce();
    window.print = before;
  });

  it("shows a month without activity as such: no closed statement, no table, no CSV", () => {
    const quiet: StatementsData = {
      month: "2026-08",
      state: "no_activity",
      closed_at: null,
      head: null,
      statements: [],
    };
    renderInConsole(<StatementsView month="2026-08" data={quiet} load={loaded(quiet)} onMonth={() => {}} />);
    expect(document.querySelector(".statements-state")?.textContent).toBe(
      "No activity: no lead was sold or returned and no payout was earned, reversed or made final in August 2026, so it has no statement.",
    );
    expect(screen.queryAllByRole("table")).toHaveLength(0);
    expect(screen.queryAllByRole("link")).toHaveLength(0);
    expect((screen.getByLabelText("Month") as HTMLSelectElement).value).toBe("2026-08");
    expect(screen.queryByText(/Closed/)).toBeNull();
  });
});
