import { cleanup } from "@testing-library/react";
import { afterEach, describe, it, vi } from "vitest";
import { expectLoadFailure, FAILED_READS, showScreen } from "../console-screen.testing.tsx";
import BuyersRoute from "./buyers-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the Buyers list", () => {
  it.each(FAILED_READS)("says what failed on $name, never an endless Loading…", async ({ answer, says }) => {
    showScreen("/console/buyers", BuyersRoute, { "/api/console/buyers": answer }, "manager");
    await expectLoadFailure("the buyers", says);
  });
});
