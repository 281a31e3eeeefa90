import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  alertTexts,
  expectLoadFailure,
  FAILED_READS,
  serverError,
  showScreen,
  type ServerAnswer,
} from "../console-screen.testing.tsx";
import { addDays, todayIn } from "./report-period.ts";
import { COMPARED, REASONS, REPORT } from "./today-report.testing.ts";
import TodayRoute from "./today-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = (data: unknown): ServerAnswer => ({ status: 200, body: { status: 200, message: "ok", data } });

describe("the Today screen", () => {
  it.each(FAILED_READS)("says what failed on $name, never an endless Loading…", async ({ answer, says }) => {
    showScreen("/console", TodayRoute, { "/api/console/reports/today": answer }, "manager");
    await expectLoadFailure("the figures", says);
  });

  it("tries again when asked, and shows the figures then", async () => {
    const answers: Record<string, ServerAnswer> = {
      "/api/console/reports/today": serverError,
      "/api/console/reports/today/buyer-reasons": answer(REASONS),
    };
    showScreen("/console", TodayRoute, answers, "manager");
    await expectLoadFailure("the figures", serverError.body.message);
    answers["/api/console/reports/today"] = answer(REPORT);
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(await screen.findByRole("list", { name: "Figures" })).toBeTruthy();
    expect(alertTexts()).toEqual([]);
  });

  it.each(FAILED_READS)(
    "says the buyers' reasons failed on $name, the figures shown",
    async ({ answer: failed, says }) => {
      showScreen(
        "/console",
        TodayRoute,
        { "/api/console/reports/today": answer(REPORT), "/api/console/reports/today/buyer-reasons": failed },
        "manager",
      );
      const section = await screen.findByRole("region", { name: "Rejected, by the buyers' reasons" });
      await waitFor(() =>
        expect(within(section).getByRole("alert").textContent).toBe(
          `Could not load the buyers' reasons: ${says}Try again`,
        ),
      );
      expect(screen.queryByText("Loading…")).toBeNull();
      expect(screen.getByRole("list", { name: "Figures" })).toBeTruthy();
    },
  );

  it("shows the buyers' reasons once both reads have answered", async () => {
    showScreen(
      "/console",
      TodayRoute,
      {
        "/api/console/reports/today": answer(REPORT),
        "/api/console/reports/today/buyer-reasons": answer(REASONS),
      },
      "manager",
    );
    expect(await screen.findByRole("table", { name: "Buyers' reasons" })).toBeTruthy();
    expect(alertTexts()).toEqual([]);
  });

  const asked = (fetch: ReturnType<typeof showScreen>, path = "/api/console/reports/today") =>
    fetch.mock.calls
      .map(([url]) => new URL(String(url), "http://console.test"))
      .filter((url) => url.pathname === path)
      .map((url) => Object.fromEntries(url.searchParams));
  const reports = {
    "/api/console/reports/today": answer(REPORT),
    "/api/console/reports/today/buyer-reasons": answer(REASONS),
  };

  it("asks the server for the address's period in the operator's zone, and the period before when asked", async () => {
    const fetch = showScreen("/console", TodayRoute, reports, "manager", {
      address: "/console?period=7d&compare=previous",
      timeZone: "America/New_York",
    });
    await screen.findByRole("list", { name: "Figures" });
    expect(asked(fetch)).toEqual([{ period: "7d", tz: "America/New_York", compare: "previous" }]);
    // The buyers' reasons have no period before.
    expect(asked(fetch, "/api/console/reports/today/buyer-reasons")).toEqual([
      { period: "7d", tz: "America/New_York" },
    ]);
  });

  it("asks for today when the address's period is not one, and shows the page", async () => {
    const fetch = showScreen("/console", TodayRoute, reports, "manager", {
      address: "/console?from=2026-13-01&to=yesterday",
    });
    await screen.findByRole("list", { name: "Figures" });
    expect(asked(fetch)).toEqual([{ period: "today", tz: "UTC" }]);
    expect(alertTexts()).toEqual([]);
  });

  it("asks for a preset picked in the range picker, and for the period before once switched on", async () => {
    const fetch = showScreen("/console", TodayRoute, reports, "manager");
    await screen.findByRole("list", { name: "Figures" });
    fireEvent.click(screen.getByRole("button", { name: /^Period/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Last 7 days" }));
    await waitFor(() => expect(asked(fetch).at(-1)).toEqual({ period: "7d", tz: "UTC" }));
    fireEvent.click(screen.getByRole("switch", { name: "Compare with the period before" }));
    await waitFor(() => expect(asked(fetch).at(-1)).toEqual({ period: "7d", tz: "UTC", compare: "previous" }));
  });

  it("keeps a preset and the comparison pressed one straight after the other, and shows the switch on at once", async () => {
    const fetch = showScreen("/console", TodayRoute, reports, "manager");
    await screen.findByRole("list", { name: "Figures" });
    fireEvent.click(screen.getByRole("button", { name: /^Period/ }));
    fireEvent.click(await screen.findByRole("button", { name: "Last 7 days" }));
    const compare = screen.getByRole<HTMLInputElement>("switch", { name: "Compare with the period before" });
    fireEvent.click(compare);
    expect(compare.checked).toBe(true);
    await waitFor(() => expect(asked(fetch).at(-1)).toEqual({ period: "7d", tz: "UTC", compare: "previous" }));
  });

  it("shows a named period's days in the picker", async () => {
    showScreen("/console", TodayRoute, reports, "manager", { address: "/console?period=yesterday" });
    await screen.findByRole("list", { name: "Figures" });
    const picker = screen.getByRole("button", { name: /^Period/ });
    expect(picker.textContent).toMatch(/^Yesterday \(\w{3} \d{1,2}, \d{4}\)$/);
  });

  it.each(["Pacific/Kiritimati", "Pacific/Pago_Pago"])(
    "lets no day after today in the operator's zone be picked (%s)",
    async (timeZone) => {
      showScreen("/console", TodayRoute, reports, "manager", { timeZone });
      await screen.findByRole("list", { name: "Figures" });
      fireEvent.click(screen.getByRole("button", { name: /^Period/ }));
      const today = todayIn(timeZone);
      const label = (day: string) =>
        new Intl.DateTimeFormat("en-GB", { timeZone: "UTC", day: "numeric", month: "long", year: "numeric" }).format(
          new Date(`${day}T00:00:00Z`),
        );
      expect((await screen.findByRole("button", { name: label(today) })).hasAttribute("disabled")).toBe(false);
      // A disabled day is out of the accessibility tree's buttons in happy-dom; the attribute is what a browser reads.
      const tomorrow = screen.getByRole("button", { name: label(addDays(today, 1)), hidden: true });
      expect(tomorrow.hasAttribute("disabled")).toBe(true);
    },
  );

  it("says in its header which days the figures cover and what they are compared with", async () => {
    showScreen("/console", TodayRoute, { ...reports, "/api/console/reports/today": answer(COMPARED) }, "manager", {
      address: "/console?compare=previous",
    });
    expect(await screen.findByText("Mar 10, 2026 (America/New_York), compared with Mar 9, 2026.")).toBeTruthy();
  });
});
