import { cleanup, fireEvent, screen, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it } from "vitest";
import { SUB_ID_LABELS } from "#domain/attribution.ts";
import { MEASURES } from "#domain/console/measures.ts";
import { loaded, renderInConsole } from "../console-screen.testing.tsx";
import type { ConsoleData } from "../use-console-data.ts";
import { REASONS, REPORT, span } from "./today-report.testing.ts";
import { FunnelView } from "./funnel-view.tsx";
import { TodayView } from "./today-view.tsx";

afterEach(cleanup);

const onItsWay: ConsoleData<unknown> = { state: "loading", data: undefined, reload: () => {} };

function show(canSeeLeads: boolean, reasonsLoaded = true) {
  const buyerReasons = reasonsLoaded ? REASONS : undefined;
  const load = reasonsLoaded ? loaded(REASONS) : onItsWay;
  const Stub = createRoutesStub([
    {
      path: "/console",
      Component: () => (
        <TodayView report={REPORT} canSeeLeads={canSeeLeads} buyerReasons={buyerReasons} buyerReasonsLoad={load} />
      ),
    },
  ]);
  renderInConsole(<Stub initialEntries={["/console"]} />);
}

describe("TodayView", () => {
  it("shows each figure as a card, the money in dollars and the rates in percent", () => {
    show(false);
    const cards = within(screen.getByRole("list", { name: "Figures" })).getAllByRole("listitem");
    const text = cards.map(
      (c) =>
        `${c.querySelector(".report-card__label")?.textContent} ${c.querySelector(".report-card__value")?.textContent}`,
    );
    expect(text).toContain("Applications started 12");
    expect(text).toContain("Revenue $123.45");
    expect(text).toContain("Earnings per lead $15.43");
    expect(text).toContain("Sell-through 50.0%");
    expect(text).toContain("Redirect rate 75.0%");
  });

  it("lists the buyers' own reasons for the rejections beside the auction's", () => {
    show(false);
    expect(screen.getByRole("heading", { name: "Rejected, by the auction's reason" })).toBeTruthy();
    const table = screen.getByRole("table", { name: "Buyers' reasons" });
    expect(
      within(table)
        .getAllByRole("row")
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole("cell")
            .map((c) => c.textContent),
        ),
    ).toEqual([
      ["credit score", "Ping", "1,204", "610"],
      ["timeout", "Post", "12", "12"],
    ]);
    cleanup();
    show(false, false);
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
    expect(screen.getByRole("link", { name: "3" }).getAttribute("href")).toContain("reason=duplicate");
    const sourceTable = screen.getByRole("table", { name: "By traffic source" });
    const started = within(sourceTable).getByRole("link", { name: "12" });
    expect(started.getAttribute("href")).toContain("source=google");
    expect(started.getAttribute("href")).toContain("aff_id=A1");
  });

  it("gives the chart's numbers as a table and breaks down by source and brand", () => {
    show(false);
    const daily = screen.getByRole("table", { name: "Applications per day" });
    expect(within(daily).getByRole("rowheader", { name: "2026-03-10" })).toBeTruthy();
    expect(
      within(daily)
        .getAllByRole("cell")
        .map((c) => c.textContent),
    ).toEqual(["12", "8", "4", "$123.45"]);
    expect(within(screen.getByRole("table", { name: "By brand" })).getByText("Loanpath")).toBeTruthy();
  });

  it("names the sources' sub id column as the console names that field everywhere", () => {
    show(false);
    const headers = within(screen.getByRole("table", { name: "By traffic source" }))
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers.slice(0, 3)).toEqual(["Source", "Affiliate", SUB_ID_LABELS.sub_id]);
    expect(SUB_ID_LABELS.sub_id).toBe("Sub source");
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
    const rows = within(screen.getByRole("table", { name: "Steps, in the path's order" })).getAllByRole("row");
    expect(
      rows.slice(1).map((r) =>
        within(r)
          .getAllByRole("cell")
          .map((c) => c.textContent),
      ),
    ).toEqual([
      ["/lgname", "10", "8", "2", "20.0%", "42 s"],
      ["/email", "8", "6", "2", "25.0%", "–"],
    ]);
  });
});
