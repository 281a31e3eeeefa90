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
import { REASONS, REPORT } from "./today-report.testing.ts";
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
});
