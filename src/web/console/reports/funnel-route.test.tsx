import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { FunnelReport } from "#domain/contracts/console-reports.ts";
import { expectLoadFailure, FAILED_READS, showScreen, type ServerAnswer } from "../console-screen.testing.tsx";
import FunnelRoute from "./funnel-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = (data: unknown): ServerAnswer => ({ status: 200, body: { status: 200, message: "ok", data } });
const FUNNEL: FunnelReport = {
  period: "7d",
  bounds: { from: "2026-03-04T05:00:00.000Z", to: "2026-03-10T16:00:00.000Z", tz: "UTC" },
  path: "main",
  leads: 3,
  steps: [
    { slug: "lgname", path: "/lgname", title: "Your Legal Name", reached: 3, saved: 2, left: 1, median_seconds: 9 },
  ],
};
const asked = (fetch: ReturnType<typeof showScreen>) =>
  fetch.mock.calls.map(([url]) => Object.fromEntries(new URL(String(url), "http://console.test").searchParams));

describe("the Funnel screen", () => {
  it.each(FAILED_READS)("says what failed on $name, never an endless Loading…", async ({ answer, says }) => {
    showScreen("/console/funnel", FunnelRoute, { "/api/console/reports/funnel": answer }, "analyst");
    await expectLoadFailure("the funnel", says);
  });

  it("asks for the last 7 days by default, the address's period otherwise, and never a comparison", async () => {
    const fetch = showScreen(
      "/console/funnel",
      FunnelRoute,
      { "/api/console/reports/funnel": answer(FUNNEL) },
      "analyst",
    );
    await screen.findByRole("table", { name: "Steps, in the path's order" });
    expect(asked(fetch)).toEqual([{ period: "7d", tz: "UTC", path: "main" }]);
    cleanup();
    const again = showScreen(
      "/console/funnel",
      FunnelRoute,
      { "/api/console/reports/funnel": answer(FUNNEL) },
      "analyst",
      { address: "/console/funnel?from=2026-03-01&to=2026-03-02&compare=previous" },
    );
    await screen.findByRole("table", { name: "Steps, in the path's order" });
    expect(asked(again)).toEqual([{ from: "2026-03-01", to: "2026-03-02", tz: "UTC", path: "main" }]);
  });

  it("narrows by device through its labelled filter", async () => {
    const fetch = showScreen(
      "/console/funnel",
      FunnelRoute,
      { "/api/console/reports/funnel": answer(FUNNEL) },
      "analyst",
    );
    await screen.findByRole("table", { name: "Steps, in the path's order" });
    fireEvent.change(screen.getByRole("combobox", { name: "Device" }), { target: { value: "phone" } });
    await waitFor(() =>
      expect(asked(fetch).at(-1)).toEqual({ period: "7d", tz: "UTC", path: "main", device: "phone" }),
    );
  });

  it("says what to do when nobody started an application in the period", async () => {
    showScreen(
      "/console/funnel",
      FunnelRoute,
      { "/api/console/reports/funnel": answer({ ...FUNNEL, leads: 0 }) },
      "analyst",
    );
    expect((await screen.findByRole("status")).textContent).toContain(
      "No application started in this period on this path",
    );
    expect(screen.queryByRole("table")).toBeNull();
  });
});
