import { cleanup } from "@testing-library/react";
import { afterEach, describe, it, vi } from "vitest";
import { expectLoadFailure, FAILED_READS, showScreen } from "../console-screen.testing.tsx";
import FunnelRoute from "./funnel-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the Funnel screen", () => {
  it.each(FAILED_READS)("says what failed on $name, never an endless Loading…", async ({ answer, says }) => {
    showScreen("/console/funnel", FunnelRoute, { "/api/console/reports/funnel": answer }, "analyst");
    await expectLoadFailure("the funnel", says);
  });
});
