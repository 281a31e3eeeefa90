import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { showScreen } from "../console-screen.testing.tsx";
import PublisherRoute from "./publisher-route.tsx";
import PublishersRoute from "./publishers-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const figures = {
  clicks: 3,
  completed: 2,
  sold: 1,
  earned_cents: 700,
  pending_cents: 700,
  final_cents: 0,
  reversed_cents: 0,
  returns: 0,
};
const noPosted = {
  posted: 0,
  sold: 0,
  posted_acceptance: null,
  average_price_cents: null,
  revenue_cents: 0,
  rejections: [],
  pings: 0,
  pings_offered: 0,
};
const posted = {
  posted: 6,
  sold: 2,
  posted_acceptance: 2 / 6,
  average_price_cents: 4501,
  revenue_cents: 9001,
  rejections: [
    { reason: "duplicate", count: 3 },
    { reason: "no eligible buyer", count: 1 },
  ],
  pings: 3,
  pings_offered: 2,
};
const acme = {
  id: "acme",
  name: "Acme Media",
  aff_id: "A100",
  payout_kind: "revenue_share",
  payout_amount: 1250,
  hold_days: 30,
  postback_url: null,
  enabled: true,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  today: figures,
  month: figures,
  posted: { today: noPosted, month: noPosted },
};
const caps = {
  time_zone: "America/Chicago",
  hourly: { used: 6, cap: 10 },
  daily: { used: 6, cap: null },
  monthly: { used: 6, cap: 1000 },
};
const ok = (data: unknown) => ({ status: 200, body: { status: 200, message: "ok", data } });
const NEW_YORK = { timeZone: "America/New_York" };

describe("the publishers pages", () => {
  it("ask for today and this month in the operator's time zone, and say which", async () => {
    const fetch = showScreen(
      "/console/publishers",
      PublishersRoute,
      { "/api/console/publishers": ok({ publishers: [acme] }) },
      "manager",
      NEW_YORK,
    );
    expect(
      await screen.findByRole("table", {
        name: "Publishers, with today's and this month's figures (America/New_York)",
      }),
    ).toBeTruthy();
    expect(fetch.mock.calls[0]![0]).toBe("/api/console/publishers?tz=America%2FNew_York");
    expect(screen.getByText("12.5% of each sale")).toBeTruthy();
  });

  it("say, with no publisher yet, what to do next: a writer gets the one way to add one", async () => {
    showScreen(
      "/console/publishers",
      PublishersRoute,
      { "/api/console/publishers": ok({ publishers: [] }) },
      "manager",
    );
    const empty = (await screen.findByText("No publishers yet.")).closest<HTMLElement>("[role=status]")!;
    expect(empty.textContent).toBe("No publishers yet.Add one to get a tracking link.Add publisher");
    expect(within(empty).getByRole("link", { name: "Add publisher" }).getAttribute("href")).toBe(
      "/console/publishers/new",
    );
    expect(screen.getAllByRole("link", { name: "Add publisher" })).toHaveLength(1);
    cleanup();
    showScreen(
      "/console/publishers",
      PublishersRoute,
      { "/api/console/publishers": ok({ publishers: [] }) },
      "analyst",
    );
    const readerEmpty = (await screen.findByText("No publishers yet.")).closest<HTMLElement>("[role=status]")!;
    expect(readerEmpty.textContent).toContain("A manager adds publishers");
    expect(screen.queryByRole("link", { name: "Add publisher" })).toBeNull();
  });

  it("add up the figures of every publisher in a totals row, posted rates as the ratio of the sums", async () => {
    const betaPosted = {
      ...posted,
      posted: 4,
      sold: 3,
      posted_acceptance: 0.75,
      average_price_cents: 3000,
      revenue_cents: 9000,
    };
    const beta = { ...acme, id: "beta", name: "Beta Media", posted: { today: betaPosted, month: betaPosted } };
    showScreen(
      "/console/publishers",
      PublishersRoute,
      {
        "/api/console/publishers": ok({
          publishers: [{ ...acme, posted: { today: posted, month: posted } }, beta],
        }),
      },
      "manager",
    );
    const table = await screen.findByRole("table", { name: /^Publishers, with today's/ });
    const cellsOf = (row: Element) =>
      within(row as HTMLElement)
        .getAllByRole("cell")
        .map((c) => c.textContent);
    const span = ["6", "4", "2", "$14.00", "10", "5", "50.0%", "$36.00"];
    expect(cellsOf(table.querySelector("tfoot tr")!)).toEqual(["Total", "", "", "", "", ...span, ...span]);
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers).toEqual(
      expect.arrayContaining(["Posted today", "Posted sold today", "Posted avg price this month"]),
    );
    const acmeRow = within(table).getByRole("link", { name: "Acme Media" }).closest("tr")!;
    expect(cellsOf(acmeRow).slice(9, 13)).toEqual(["6", "2", "33.3%", "$45.01"]);
    expect(within(table).getAllByText("Enabled")[0]!.closest(".mantine-Badge-root")).not.toBeNull();
  });

  it("show a publisher's tracking link whole, with a button that copies it and says so", async () => {
    const link = "https://loanpath.example/r/acme";
    const fetch = showScreen(
      "/console/publishers/:id",
      PublisherRoute,
      {
        "/api/console/publishers/acme": ok({
          publisher: acme,
          postbacks: [],
          api_keys: [],
          tracking_link: link,
          posted_caps: caps,
        }),
      },
      "manager",
      { ...NEW_YORK, address: "/console/publishers/acme" },
    );
    expect((await screen.findByText(link)).tagName).toBe("CODE");
    expect(fetch.mock.calls[0]![0]).toBe("/api/console/publishers/acme?tz=America%2FNew_York");
    expect(screen.getByText("Today (America/New_York)")).toBeTruthy();
    expect((screen.getByLabelText("Payout") as HTMLInputElement).value).toBe("12.5");
    const writeText = vi.fn(async (_text: string) => {});
    vi.stubGlobal("navigator", { ...navigator, clipboard: { writeText } });
    const button = screen.getByRole("button", { name: "Copy tracking link" });
    expect(button.getAttribute("aria-describedby")).toBe(screen.getByText(link).id);
    fireEvent.click(button);
    await waitFor(() => expect(screen.getByText("Copied").getAttribute("role")).toBe("status"));
    expect(writeText).toHaveBeenCalledWith(link);
  });

  it("show a publisher's posted leads: its terms, caps used now, figures and rejections by reason", async () => {
    const terms = { posted_min_payout_cents: 500, posted_min_margin_cents: null, posted_cap_hourly: 10 };
    showScreen(
      "/console/publishers/:id",
      PublisherRoute,
      {
        "/api/console/publishers/acme": ok({
          publisher: { ...acme, ...terms, posted: { today: { ...posted, posted: 5, rejections: [] }, month: posted } },
          postbacks: [],
          api_keys: [],
          tracking_link: "https://loanpath.example/r/acme",
          posted_caps: caps,
        }),
      },
      "manager",
      { ...NEW_YORK, address: "/console/publishers/acme" },
    );
    const panel = (await screen.findByRole("heading", { name: "Posted leads" })).closest("section")!;
    const fact = (term: string) => within(panel).getByText(term).nextElementSibling?.textContent;
    expect(fact("Minimum payout")).toBe("$5.00");
    expect(fact("Loanpath's minimum margin")).toBe("None");
    expect(fact("Cap used this hour")).toBe("6 / 10");
    expect(fact("Cap used today")).toBe("6 / no cap");
    expect(fact("Cap used this month")).toBe("6 / 1,000");
    expect(fact("Caps count in")).toBe("America/Chicago");

    const rows = (name: string) =>
      within(within(panel).getByRole("table", { name }))
        .getAllByRole("row")
        .slice(1)
        .map((r) =>
          within(r)
            .getAllByRole("cell")
            .map((c) => c.textContent),
        );
    expect(rows("Acme Media's posted leads, today and this month")).toEqual([
      ["Posted", "5", "6"],
      ["Sold", "2", "2"],
      ["Posted acceptance", "33.3%", "33.3%"],
      ["Average price", "$45.01", "$45.01"],
      ["Revenue", "$90.01", "$90.01"],
      ["Pings", "3", "3"],
      ["Pings with an offer", "2", "2"],
    ]);
    expect(rows("Rejected posted leads by reason")).toEqual([
      ["Duplicate of an earlier lead", "0", "3"],
      ["No eligible buyer", "0", "1"],
    ]);
    expect(within(panel).queryByText("No posted leads in this period.")).toBeNull();
  });

  it("say, with nothing posted this month, how a publisher starts posting", async () => {
    showScreen(
      "/console/publishers/:id",
      PublisherRoute,
      {
        "/api/console/publishers/acme": ok({
          publisher: acme,
          postbacks: [],
          api_keys: [],
          tracking_link: "https://loanpath.example/r/acme",
          posted_caps: { ...caps, hourly: { used: 0, cap: null } },
        }),
      },
      "manager",
      { address: "/console/publishers/acme" },
    );
    const empty = (await screen.findByText("No posted leads in this period.")).closest<HTMLElement>("[role=status]")!;
    expect(empty.textContent).toContain("docs/guides/publisher-integration.md");
    expect(screen.queryByRole("table", { name: "Rejected posted leads by reason" })).toBeNull();
    expect(screen.getByText("Cap used this hour").nextElementSibling?.textContent).toBe("0 / no cap");
  });
});
