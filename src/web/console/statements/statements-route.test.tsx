import { cleanup } from "@testing-library/react";
import { afterEach, describe, it, vi } from "vitest";
import { expectLoadFailure, FAILED_READS, showScreen } from "../console-screen.testing.tsx";
import StatementsRoute from "./statements-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the Statements screen", () => {
  it.each(FAILED_READS)("says what failed on $name, never an endless Loading…", async ({ answer, says }) => {
    showScreen("/console/statements", StatementsRoute, { "/api/console/statements": answer }, "manager", {
      address: "/console/statements?month=2026-10",
    });
    await expectLoadFailure("the statements of October 2026", says);
  });
});
