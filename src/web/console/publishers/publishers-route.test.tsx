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

  it("add up the figures of every publisher in a totals row", async () => {
    showScreen(
      "/console/publishers",
      PublishersRoute,
      { "/api/console/publishers": ok({ publishers: [acme, { ...acme, id: "beta", name: "Beta Media" }] }) },
      "manager",
    );
    const table = await screen.findByRole("table", { name: /^Publishers, with today's/ });
    const totals = within(table.querySelector("tfoot")!)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(totals).toEqual(["Total", "", "", "", "", "6", "4", "2", "$14.00", "6", "4", "2", "$14.00"]);
    expect(within(table).getAllByText("Enabled")[0]!.closest(".mantine-Badge-root")).not.toBeNull();
  });

  it("show a publisher's tracking link whole, with a button that copies it and says so", async () => {
    const link = "https://loanpath.example/r/acme";
    const fetch = showScreen(
      "/console/publishers/:id",
      PublisherRoute,
      { "/api/console/publishers/acme": ok({ publisher: acme, postbacks: [], api_keys: [], tracking_link: link }) },
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
});
