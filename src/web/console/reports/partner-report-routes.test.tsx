import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectLoadFailure, FAILED_READS, showScreen, type ServerAnswer } from "../console-screen.testing.tsx";
import BuyerReportRoute from "./buyer-report-route.tsx";
import { BUYERS, BUYERS_COMPARED, PUBLISHERS, PUBLISHERS_COMPARED } from "./partner-report.testing.ts";
import PublisherReportRoute from "./publisher-report-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const answer = (data: unknown): ServerAnswer => ({ status: 200, body: { status: 200, message: "ok", data } });
const BUYERS_API = "/api/console/reports/buyers";
const PUBLISHERS_API = "/api/console/reports/publishers";

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((r) => [...r.querySelectorAll("td")].map((c) => c.textContent));
const asked = (fetch: ReturnType<typeof showScreen>) =>
  fetch.mock.calls.map(([url]) => Object.fromEntries(new URL(String(url), "http://console.test").searchParams));

/** Captures the CSV file the next export downloads. */
function captureDownloads() {
  const files: { name: string; blob: Blob }[] = [];
  let blob: Blob | undefined;
  vi.stubGlobal(
    "URL",
    Object.assign(URL, { createObjectURL: (b: Blob) => ((blob = b), "blob:x"), revokeObjectURL: () => {} }),
  );
  vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
    files.push({ name: this.download, blob: blob! });
  });
  return files;
}
const csvLines = async (blob: Blob) => (await blob.text()).replace(/^\uFEFF/, "").split("\r\n");

describe("the buyer report", () => {
  const show = (data: unknown, address = "/console/reports/buyers", role: "manager" | "analyst" = "manager") =>
    showScreen("/console/reports/buyers", BuyerReportRoute, { [BUYERS_API]: answer(data) }, role, { address });

  it.each(FAILED_READS)("says what failed on $name, never an endless Loading…", async ({ answer, says }) => {
    showScreen("/console/reports/buyers", BuyerReportRoute, { [BUYERS_API]: answer }, "manager");
    await expectLoadFailure("the buyer report", says);
  });

  it("lists every buyer with its calls, money, speed and state, and a totals row", async () => {
    show(BUYERS);
    expect(screen.getByRole("heading", { level: 1, name: "Buyer report" })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Buyers" });
    expect(
      within(table)
        .getAllByRole("columnheader")
        .map((h) => h.querySelector(".data-table__sort")?.textContent),
    ).toEqual([
      "Buyer",
      "State",
      "Pings",
      "Bids",
      "Posts",
      "Accepts",
      "Rejects",
      "Errors",
      "Timeouts",
      "Average bid",
      "Revenue",
      "Revenue per lead",
      "Return rate",
      "Response p50",
      "Response p90",
    ]);
    expect(rowsOf(table)).toEqual([
      [
        "Acme, Inc.",
        "Running",
        "100",
        "40",
        "20",
        "10",
        "6",
        "2",
        "2",
        "$25.00",
        "$270.00",
        "$27.00",
        "10.0%",
        "320 ms",
        "1,250 ms",
      ],
      ["=Zed Lending", "Capped", "5", "40", "20", "10", "6", "2", "2", "–", "$0.00", "$27.00", "10.0%", "–", "–"],
      [
        "Total",
        "",
        "105",
        "40",
        "20",
        "10",
        "6",
        "2",
        "2",
        "$25.00",
        "$270.00",
        "$27.00",
        "10.0%",
        "320 ms",
        "1,250 ms",
      ],
    ]);
    expect(document.querySelectorAll("[data-tone]")).toHaveLength(0);
  });

  it("asks for the address's period and the period before, and shows the money's change", async () => {
    const fetch = show(BUYERS_COMPARED, "/console/reports/buyers?period=30d&compare=previous");
    const table = await screen.findByRole("table", { name: "Buyers" });
    expect(asked(fetch)).toEqual([{ period: "30d", tz: "UTC", compare: "previous" }]);
    expect(screen.getByRole("switch", { name: "Compare with the period before" })).toHaveProperty("checked", true);
    const acme = within(table).getAllByRole("row")[1]!;
    const revenue = within(acme).getByText("down 10.0% from $300.00").closest("[data-tone]");
    expect(revenue?.getAttribute("data-tone")).toBe("bad");
    expect(revenue?.querySelector("[aria-hidden]")?.textContent).toBe("▼ 10.0%");
    // A buyer absent from the period before has no change to show; the counts never show one.
    const zed = within(table).getAllByRole("row")[2]!;
    expect(zed.querySelectorAll("[data-tone]")).toHaveLength(0);
    expect(acme.querySelectorAll("[data-tone]")).toHaveLength(3);
    expect(table.querySelector("tfoot")?.textContent).toContain("down 10.0% from $300.00");
  });

  it("exports the buyers and the totals as CSV, a name that looks like a formula defused", async () => {
    const files = captureDownloads();
    show(BUYERS, "/console/reports/buyers?sort=buyers.pings.asc");
    await screen.findByRole("table", { name: "Buyers" });
    fireEvent.click(screen.getByRole("button", { name: "Export CSV: Buyers" }));
    expect(files.map((f) => f.name)).toEqual(["buyer-report-2026-03-10-to-2026-03-10.csv"]);
    const lines = await csvLines(files[0]!.blob);
    expect(lines[0]).toBe(
      "Buyer,State,Pings,Bids,Posts,Accepts,Rejects,Errors,Timeouts,Average bid (USD),Revenue (USD),Revenue per lead (USD),Return rate (%),Response p50 (ms),Response p90 (ms)",
    );
    // In the table's order (pings ascending, from the address).
    expect(lines.slice(1)).toEqual([
      "'=Zed Lending,Capped,5,40,20,10,6,2,2,,0,27,10,,",
      '"Acme, Inc.",Running,100,40,20,10,6,2,2,25,270,27,10,320,1250',
      "Total,,105,40,20,10,6,2,2,25,270,27,10,320,1250",
      "",
    ]);
  });

  it("says what to do when no buyer was called in the period", async () => {
    show({ ...BUYERS, buyers: [] });
    const empty = await screen.findByRole("status");
    expect(empty.textContent).toContain("No buyer was called in this period");
    expect(within(empty).getByRole("link", { name: "Go to Buyers" }).getAttribute("href")).toBe("/console/buyers");
    expect(screen.queryByRole("table")).toBeNull();
  });

  it("asks again when the comparison is switched on", async () => {
    const fetch = show(BUYERS);
    await screen.findByRole("table", { name: "Buyers" });
    fireEvent.click(screen.getByRole("switch", { name: "Compare with the period before" }));
    await waitFor(() => expect(asked(fetch).at(-1)).toEqual({ period: "today", tz: "UTC", compare: "previous" }));
  });
});

describe("the publisher report", () => {
  const show = (data: unknown, address = "/console/reports/publishers") =>
    showScreen("/console/reports/publishers", PublisherReportRoute, { [PUBLISHERS_API]: answer(data) }, "manager", {
      address,
    });

  it.each(FAILED_READS)("says what failed on $name, never an endless Loading…", async ({ answer, says }) => {
    showScreen("/console/reports/publishers", PublisherReportRoute, { [PUBLISHERS_API]: answer }, "manager");
    await expectLoadFailure("the publisher report", says);
  });

  it("lists every publisher with its traffic, money and returns, and a totals row", async () => {
    show(PUBLISHERS);
    expect(screen.getByRole("heading", { level: 1, name: "Publisher report" })).toBeTruthy();
    const table = await screen.findByRole("table", { name: "Publishers" });
    expect(rowsOf(table)).toEqual([
      ["Blue Media", "A1", "1,000", "50", "20", "$0.40", "2.0%", "$400.00", "$600.00", "$200.00", "10.0%"],
      ["Total", "", "1,000", "50", "20", "$0.40", "2.0%", "$400.00", "$600.00", "$200.00", "10.0%"],
    ]);
    expect(within(table).getByRole("button", { name: "About EPC" })).toBeTruthy();
  });

  it("colours more payouts as neither good nor bad, and less profit as bad, saying both in words", async () => {
    show(PUBLISHERS_COMPARED, "/console/reports/publishers?compare=previous");
    const table = await screen.findByRole("table", { name: "Publishers" });
    const row = within(table).getAllByRole("row")[1]!;
    const tone = (text: string) => within(row).getByText(text).closest("[data-tone]")?.getAttribute("data-tone");
    expect(tone("up 100.0% from $200.00")).toBe("neutral");
    expect(tone("down 20.0% from $250.00")).toBe("bad");
    expect(screen.getByText("Mar 10, 2026 (UTC), compared with Mar 9, 2026.")).toBeTruthy();
  });

  it("keeps its sorting in the address", async () => {
    show(PUBLISHERS, "/console/reports/publishers?sort=publishers.profit.desc");
    const table = await screen.findByRole("table", { name: "Publishers" });
    expect(
      within(table)
        .getByRole("columnheader", { name: /^Profit/ })
        .getAttribute("aria-sort"),
    ).toBe("descending");
    cleanup();
    // A column the table does not have sorts nothing, and breaks nothing.
    show(PUBLISHERS, "/console/reports/publishers?sort=publishers.nonsense.desc");
    const again = await screen.findByRole("table", { name: "Publishers" });
    expect(again.querySelectorAll("[aria-sort]")).toHaveLength(0);
    expect(rowsOf(again)).toHaveLength(2);
  });

  it("says what to do when no publisher sent traffic", async () => {
    show({ ...PUBLISHERS, publishers: [] });
    expect((await screen.findByRole("status")).textContent).toContain("No publisher sent traffic in this period");
  });
});
