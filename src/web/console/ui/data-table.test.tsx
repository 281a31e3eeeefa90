import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { renderInConsole } from "../console-screen.testing.tsx";
import { csvDollars } from "./csv.ts";
import { DataTable, type ColumnDef } from "./data-table.tsx";

type Row = { name: string; revenue_cents: number };
const ROWS: Row[] = Array.from({ length: 30 }, (_, i) => ({ name: `Buyer ${i + 1}`, revenue_cents: (i + 1) * 1050 }));
const COLUMNS: ColumnDef<Row, unknown>[] = [
  { header: "Name", accessorKey: "name" },
  {
    id: "revenue",
    header: "Revenue",
    accessorFn: (r) => r.revenue_cents,
    footer: "total",
    meta: { numeric: true, csv: (r) => csvDollars(r.revenue_cents) },
  },
];

afterEach(() => vi.unstubAllGlobals());

/** The text of the CSV the table hands the browser to save. */
async function exported(): Promise<string> {
  const blobs: Blob[] = [];
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: (b: Blob) => (blobs.push(b), "blob:x"), revokeObjectURL: () => {} }),
  );
  fireEvent.click(screen.getByRole("button", { name: "Export CSV: Buyers" }));
  await waitFor(() => expect(blobs).toHaveLength(1));
  return (await blobs[0]!.text()).replace(/^\uFEFF/, "");
}

describe("DataTable", () => {
  it("exports every row of every page, in the table's order, each cell as its column says", async () => {
    renderInConsole(<DataTable caption="Buyers" columns={COLUMNS} rows={ROWS} pageSize={10} exportName="buyers" />);
    expect(screen.getByText("Page 1 of 3")).toBeTruthy();
    const revenue = screen.getByRole("columnheader", { name: /Revenue/ });
    for (let i = 0; i < 3 && revenue.getAttribute("aria-sort") !== "descending"; i++)
      fireEvent.click(screen.getByRole("button", { name: /Revenue/ }));
    expect(revenue.getAttribute("aria-sort")).toBe("descending");
    const lines = (await exported()).trim().split("\r\n");
    expect(lines[0]).toBe("Name,Revenue");
    expect(lines).toHaveLength(31);
    // Sorted by revenue, highest first, as on screen; dollars, not cents.
    expect(lines[1]).toBe("Buyer 30,315");
    expect(lines[30]).toBe("Buyer 1,10.5");
  });

  it("draws a totals row from the columns' footers, and offers no export of an empty table", () => {
    renderInConsole(<DataTable caption="Buyers" columns={COLUMNS} rows={ROWS} exportName="buyers" />);
    expect(document.querySelector("tfoot")?.textContent).toContain("total");
    renderInConsole(<DataTable caption="Nothing" columns={COLUMNS} rows={[]} exportName="none" />);
    expect((screen.getByRole("button", { name: "Export CSV: Nothing" }) as HTMLButtonElement).disabled).toBe(true);
  });
});
