import { cleanup, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectLoadFailure, FAILED_READS, showScreen, type ServerAnswer } from "../console-screen.testing.tsx";
import ScreeningRoute from "./screening-route.tsx";
import { ALL_ANSWERS, answer, LISTS_API, NOTHING_CHECKED, REPORT_API, SETTINGS_API } from "./screening.testing.ts";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const PAGE = "/console/screening";
const show = (
  answers: Record<string, ServerAnswer> = ALL_ANSWERS,
  role: "owner" | "manager" | "analyst" = "manager",
  address = `${PAGE}?period=7d`,
) => showScreen(PAGE, ScreeningRoute, answers, role, { address });

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole("row")
    .slice(1)
    .map((r) => [...r.querySelectorAll("td")].map((c) => c.textContent));
const asked = (fetch: ReturnType<typeof showScreen>, path: string) =>
  fetch.mock.calls
    .map(([url]) => new URL(String(url), "http://console.test"))
    .filter((url) => url.pathname === path)
    .map((url) => Object.fromEntries(url.searchParams));

describe("the screening page's figures", () => {
  it.each(FAILED_READS)("says what failed on $name, never an endless Loading…", async ({ answer, says }) => {
    show({ ...ALL_ANSWERS, [REPORT_API]: answer });
    await expectLoadFailure("the gate's figures", says);
  });

  it("asks for the address's period and shows the gate's numbers, refusals, answers and outside calls", async () => {
    const fetch = show();
    expect(screen.getByRole("heading", { level: 1, name: "Screening" })).toBeTruthy();
    const reasons = await screen.findByRole("table", { name: "Refused by reason" });
    expect(asked(fetch, REPORT_API)).toEqual([{ period: "7d", tz: "UTC" }]);

    const cards = within(screen.getByRole("list", { name: "The gate's figures" }));
    expect(cards.getAllByRole("listitem").map((card) => card.textContent)).toEqual([
      "Leads checked 200",
      "Refused 30",
      "Refusal rate 15.0%",
      "Gate time, median 42 ms",
      "Gate time, slowest 1,380 ms",
    ]);
    expect(rowsOf(reasons)).toEqual([
      ["velocity", "20", "66.7%"],
      ["litigator", "10", "33.3%"],
      ["Total", "30", "100.0%"],
    ]);
    expect(rowsOf(screen.getByRole("table", { name: "By source and publisher" }))).toEqual([
      ["google", "A100", "150", "10", "6.7%", "litigator"],
      ["(none)", "acme", "50", "20", "40.0%", "velocity"],
      ["Total", "", "200", "30", "15.0%", "velocity"],
    ]);
    expect(rowsOf(screen.getByRole("table", { name: "Answers" }))).toEqual([
      ["Line type", "mobile", "120"],
      ["Line type", "voip", "80"],
      ["Velocity", "flagged", "20"],
    ]);
    expect(rowsOf(screen.getByRole("table", { name: "Outside calls" }))).toEqual([
      ["2026-03-09", "Twilio Lookup (line type)", "Answered", "190"],
      ["2026-03-09", "Twilio Lookup (line type)", "Timed out", "10"],
      ["2026-03-10", "TrustedForm", "Failed", "3"],
      ["Total", "", "", "203"],
    ]);
  });

  it("says what to do when no lead was checked in the period, and that no service was called", async () => {
    show({ ...ALL_ANSWERS, [REPORT_API]: answer(NOTHING_CHECKED) });
    const calls = await screen.findByRole("table", { name: "Outside calls" });
    expect(screen.getByText("No lead was checked in this period")).toBeTruthy();
    expect(screen.getByText(/Pick a longer period/)).toBeTruthy();
    expect(screen.queryByRole("table", { name: "Refused by reason" })).toBeNull();
    expect(within(calls).getByText("No outside call in this period.")).toBeTruthy();
    const cards = within(screen.getByRole("list", { name: "The gate's figures" }));
    expect(cards.getAllByRole("listitem").map((card) => card.textContent)).toEqual([
      "Leads checked 0",
      "Refused 0",
      "Refusal rate –",
      "Gate time, median –",
      "Gate time, slowest –",
    ]);
  });
});

describe("the screening page by role", () => {
  it("heads its parts in order under the one h1, with nothing for axe", async () => {
    show();
    await screen.findByRole("table", { name: "Screening lists" });
    await screen.findByRole("form", { name: "The gate's rules and limits" });
    const headings = screen.getAllByRole("heading").map((h) => `${h.tagName} ${h.textContent}`);
    expect(headings).toEqual([
      "H1 Screening",
      "H2 Figures",
      "H2 Rules and limits",
      "H3 Refusal rules",
      "H3 Velocity limits",
      "H2 Do-not-call and litigator lists",
      "H3 Upload numbers",
      "H3 New list",
    ]);
    // The page as a screen reader meets it (the layout's <main> around it is not rendered here).
    const rules = { "color-contrast": { enabled: false }, region: { enabled: false } };
    const results = await axe.run(document.body, { rules });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it("shows an analyst the figures and the lists, but neither the rules nor a way to change a list", async () => {
    const fetch = show(ALL_ANSWERS, "analyst");
    await screen.findByRole("table", { name: "Refused by reason" });
    const lists = await screen.findByRole("table", { name: "Screening lists" });
    expect(asked(fetch, SETTINGS_API)).toEqual([]);
    expect(screen.queryByRole("heading", { name: "Rules and limits" })).toBeNull();
    expect(screen.queryByRole("form")).toBeNull();
    expect(screen.queryByRole("button", { name: /Save|Upload|Create|Rename|Delete/ })).toBeNull();
    expect(
      within(lists)
        .getAllByRole("columnheader")
        .map((h) => h.textContent),
    ).toEqual(["Name", "Kind", "Numbers held", "Updated"]);
  });

  it("asks for the last 7 days when the address names no period", async () => {
    const fetch = showScreen(PAGE, ScreeningRoute, ALL_ANSWERS, "owner", { address: PAGE });
    await screen.findByRole("table", { name: "Refused by reason" });
    expect(asked(fetch, REPORT_API)).toEqual([{ period: "7d", tz: "UTC" }]);
    await waitFor(() => expect(asked(fetch, LISTS_API)).toHaveLength(1));
  });
});
