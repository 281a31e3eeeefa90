import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { createRoutesStub, useLocation } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { SUB_ID_LABELS } from "#domain/attribution.ts";
import type { TodayReport } from "#domain/contracts/console-reports.ts";
import { MEASURES } from "#domain/console/measures.ts";
import { loaded, renderInConsole } from "../console-screen.testing.tsx";
import type { ConsoleData } from "../use-console-data.ts";
import { COMPARED, ONE_DAY, REASONS, REPORT, span } from "./today-report.testing.ts";
import { FunnelView } from "./funnel-view.tsx";
import { TodayView } from "./today-view.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const onItsWay: ConsoleData<unknown> = { state: "loading", data: undefined, reload: () => {} };

function Address() {
  const { search } = useLocation();
  return <output aria-label="Address">{search}</output>;
}

function show(
  canSeeLeads: boolean,
  {
    reasonsLoaded = true,
    report = REPORT,
    address = "/console",
  }: { reasonsLoaded?: boolean; report?: TodayReport; address?: string } = {},
) {
  const buyerReasons = reasonsLoaded ? REASONS : undefined;
  const load = reasonsLoaded ? loaded(REASONS) : onItsWay;
  const Stub = createRoutesStub([
    {
      path: "/console",
      Component: () => (
        <>
          <Address />
          <TodayView report={report} canSeeLeads={canSeeLeads} buyerReasons={buyerReasons} buyerReasonsLoad={load} />
        </>
      ),
    },
  ]);
  renderInConsole(<Stub initialEntries={[address]} />);
}

const cards = () => within(screen.getByRole("list", { name: "Figures" })).getAllByRole("listitem");
const card = (label: string) => {
  const found = cards().find((c) => c.querySelector("[data-part=label]")?.textContent === label);
  if (!found) throw new Error(`no card ${label}`);
  return found;
};
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((r) =>
      within(r)
        .queryAllByRole("cell")
        .map((c) => c.textContent),
    );

describe("TodayView", () => {
  it("shows each figure as a card, Profit beside Revenue, the money in dollars and the rates in percent", () => {
    show(false);
    const text = cards().map(
      (c) =>
        `${c.querySelector("[data-part=label]")?.textContent} ${c.querySelector("[data-part=value]")?.textContent}`,
    );
    expect(text).toContain("Applications started 12");
    expect(text.slice(5, 8)).toEqual(["Revenue $123.45", "Profit $103.45", "Payouts $20.00"]);
    expect(text).toContain("Earnings per lead $15.43");
    expect(text).toContain("Sell-through 50.0%");
    expect(text).toContain("Redirect rate 75.0%");
    // No comparison asked: no change under any figure.
    expect(document.querySelectorAll("[data-tone]")).toHaveLength(0);
  });

  it("says each figure's change against the period before, its colour by whether the change is good, in words too", () => {
    show(false, { report: COMPARED });
    const revenue = card("Revenue").querySelector("[data-tone]")!;
    expect(revenue.getAttribute("data-tone")).toBe("good");
    expect(revenue.querySelector("[aria-hidden]")?.textContent).toBe("▲ 23.5% · was $100.00");
    expect(within(card("Revenue")).getByText("up 23.5% from $100.00")).toBeTruthy();
    expect(card("Profit").querySelector("[data-tone]")?.getAttribute("data-tone")).toBe("good");
    // More rejected is bad news, though it went up.
    const rejected = card("Rejected").querySelector("[data-tone]")!;
    expect(rejected.getAttribute("data-tone")).toBe("bad");
    expect(rejected.textContent).toContain("up 50.0% from 2");
    expect(card("Sold").querySelector("[data-tone]")?.textContent).toContain("no change from 4");
    expect(card("Sell-through").querySelector("[data-tone]")?.textContent).toContain("up 10.0 points from 40.0%");
    // The tables' money shows its change too, the row matched by its keys.
    const sources = screen.getByRole("table", { name: "By traffic source" });
    expect(within(sources).getByText("up 23.5% from $100.00")).toBeTruthy();
  });

  it("lists the buyers' own reasons for the rejections beside the auction's", () => {
    show(false);
    expect(screen.getByRole("heading", { name: "Rejected, by the auction's reason" })).toBeTruthy();
    expect(rowsOf(screen.getByRole("table", { name: "Buyers' reasons" }))).toEqual([
      ["credit score", "Ping", "1,204", "610"],
      ["timeout", "Post", "12", "12"],
    ]);
    cleanup();
    show(false, { reasonsLoaded: false });
    const section = screen.getByRole("region", { name: "Rejected, by the buyers' reasons" });
    expect(within(section).getByText("Loading…").closest("[aria-busy]")?.getAttribute("aria-busy")).toBe("true");
  });

  it("names each rate once, with its definition in a tooltip that the keyboard and a screen reader reach", () => {
    show(false);
    expect(document.body.textContent).not.toMatch(/accept rate/i);
    const figures = screen.getByRole("list", { name: "Figures" });
    const tip = within(figures).getByRole("button", {
      name: "About Sell-through",
      description: MEASURES.sell_through.definition,
    });
    expect(screen.queryByRole("tooltip")).toBeNull();
    fireEvent.focus(tip);
    expect(screen.getByRole("tooltip").textContent).toBe(MEASURES.sell_through.definition);
    fireEvent.keyDown(tip, { key: "Escape" });
    expect(screen.queryByRole("tooltip")).toBeNull();
    // The tables' column has the same name and the same definition, beside its sort button.
    const header = within(screen.getByRole("table", { name: "By brand" })).getByRole("columnheader", {
      name: /^Sell-through/,
    });
    expect(within(header).getByRole("button", { name: "About Sell-through" }).getAttribute("aria-describedby")).toBe(
      within(header).getByRole("tooltip", { hidden: true }).id,
    );
  });

  it("links figures to their leads only for an operator who may read leads", () => {
    show(false);
    expect(screen.queryAllByRole("link")).toEqual([]);
    cleanup();
    show(true);
    const sold = within(screen.getByRole("list", { name: "Figures" })).getByRole("link", { name: "Sold 4" });
    expect(sold.getAttribute("href")).toBe(
      `/console/leads?stage=sold&from=${encodeURIComponent(span.from)}&to=${encodeURIComponent(span.to)}`,
    );
    // Money without a stage of its own (profit, payouts) links nowhere.
    expect(within(card("Profit")).queryByRole("link")).toBeNull();
    expect(screen.getByRole("link", { name: "3" }).getAttribute("href")).toContain("reason=duplicate");
    const sourceTable = screen.getByRole("table", { name: "By traffic source" });
    const started = within(sourceTable).getByRole("link", { name: "12" });
    expect(started.getAttribute("href")).toContain("source=google");
    expect(started.getAttribute("href")).toContain("aff_id=A1");
  });

  it("gives the chart's numbers as a table, by day, with the totals row", () => {
    show(false);
    expect(screen.getByRole("heading", { name: "Revenue and profit by day" })).toBeTruthy();
    const daily = screen.getByRole("table", { name: "Applications per day" });
    expect(within(daily).getByRole("rowheader", { name: "2026-03-10" })).toBeTruthy();
    expect(rowsOf(daily)).toEqual([
      ["12", "8", "4", "$123.45", "$103.45"],
      ["12", "8", "4", "$123.45", "$103.45"],
    ]);
    expect(within(daily).getByRole("rowheader", { name: "Total" })).toBeTruthy();
  });

  it("gives a single day hour by hour", () => {
    show(false, { report: ONE_DAY });
    expect(screen.getByRole("heading", { name: "Revenue and profit by hour" })).toBeTruthy();
    const hourly = screen.getByRole("table", { name: "Applications per hour" });
    expect(
      within(hourly)
        .getAllByRole("rowheader")
        .map((h) => h.textContent),
    ).toEqual(["09:00", "10:00", "Total"]);
  });

  it("breaks down by source, publisher, brand and buyer, each with revenue, profit and a totals row", () => {
    show(false);
    for (const name of ["By traffic source", "By publisher", "By brand", "By buyer"]) {
      const table = screen.getByRole("table", { name });
      const headers = within(table)
        .getAllByRole("columnheader")
        .map((h) => h.textContent);
      expect(headers.some((h) => h?.startsWith("Revenue"))).toBe(true);
      expect(headers.some((h) => h?.startsWith("Profit"))).toBe(true);
      const totals = table.querySelector("tfoot tr");
      expect(totals?.firstElementChild?.textContent).toBe("Total");
    }
    const brand = screen.getByRole("table", { name: "By brand" });
    expect(rowsOf(brand)[0]).toEqual(["Loanpath", "12", "8", "4", "$123.45", "$20.00", "$103.45", "$15.43", "50.0%"]);
    expect(rowsOf(screen.getByRole("table", { name: "By buyer" }))[0]).toEqual([
      "b1",
      "4",
      "$123.45",
      "$0.00",
      "$123.45",
      "$20.00",
      "$103.45",
    ]);
  });

  it("names the sources' sub id column as the console names that field everywhere", () => {
    show(false);
    const headers = within(screen.getByRole("table", { name: "By traffic source" }))
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers.slice(0, 3)).toEqual(["Source", "Affiliate", SUB_ID_LABELS.sub_id]);
    expect(SUB_ID_LABELS.sub_id).toBe("Sub source");
  });

  it("keeps a table's sorting in the address, and reads it from there", () => {
    const twoBrands: TodayReport = {
      ...REPORT,
      by_brand: [
        REPORT.by_brand[0]!,
        { brand: "Zeta", figures: { ...REPORT.by_brand[0]!.figures, revenue_cents: 99_999_00 } },
      ],
    };
    show(false, { report: twoBrands, address: "/console?period=7d&sort=by_brand.revenue.desc" });
    const brands = () => rowsOf(screen.getByRole("table", { name: "By brand" })).map((r) => r[0]);
    expect(brands()).toEqual(["Zeta", "Loanpath", "Total"]);
    const table = screen.getByRole("table", { name: "By brand" });
    fireEvent.click(within(table).getByRole("button", { name: "Brand" }));
    expect(screen.getByRole("status", { name: "Address" }).textContent).toBe("?period=7d&sort=by_brand.brand.asc");
    expect(brands()).toEqual(["Loanpath", "Zeta", "Total"]);
  });

  it("exports exactly a table's rows and totals as CSV", async () => {
    const files: Blob[] = [];
    vi.stubGlobal(
      "URL",
      Object.assign(URL, { createObjectURL: (blob: Blob) => (files.push(blob), "blob:x"), revokeObjectURL: () => {} }),
    );
    const click = vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      expect(this.download).toBe("today-by-source-2026-03-10-to-2026-03-10.csv");
    });
    show(false);
    fireEvent.click(screen.getByRole("button", { name: "Export CSV: By traffic source" }));
    expect(click).toHaveBeenCalledOnce();
    expect(files).toHaveLength(1);
    const text = (await files[0]!.text()).replace(/^\uFEFF/, "");
    expect(text.split("\r\n")).toEqual([
      "Source,Affiliate,Sub source,Started,Completed,Sold,Revenue (USD),Payouts (USD),Profit (USD),Earnings per lead (USD),Sell-through (%)",
      "google,A1,(none),12,8,4,123.45,20,103.45,15.43,50",
      "Total,,,12,8,4,123.45,20,103.45,15.43,50",
      "",
    ]);
  });

  it("says what to do when the period has nothing", () => {
    const none = { started: 0, completed: 0, revenue_cents: 0, payout_cents: 0 };
    show(false, { report: { ...REPORT, totals: { ...REPORT.totals, ...none } } });
    expect(screen.getByRole("status", { name: "" }).textContent).toContain("Nothing in this period");
    expect(screen.queryByRole("list", { name: "Figures" })).toBeNull();
  });
});

describe("FunnelView", () => {
  it("lists the steps in order with reached, saved, left and the median time", () => {
    renderInConsole(
      <FunnelView
        report={{
          period: "7d",
          bounds: { ...span, tz: "UTC" },
          path: "main",
          leads: 10,
          steps: [
            {
              slug: "lgname",
              path: "/lgname",
              title: "Your Legal Name",
              reached: 10,
              saved: 8,
              left: 2,
              median_seconds: 42,
            },
            { slug: "email", path: "/email", title: "E-mail", reached: 8, saved: 6, left: 2, median_seconds: null },
          ],
        }}
      />,
    );
    expect(rowsOf(screen.getByRole("table", { name: "Steps, in the path's order" }))).toEqual([
      ["/lgname", "10", "8", "2", "20.0%", "42 s"],
      ["/email", "8", "6", "2", "25.0%", "–"],
    ]);
  });
});
