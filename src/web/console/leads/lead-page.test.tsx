import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { expectLoadFailure, FAILED_READS, showScreen } from "../console-screen.testing.tsx";
import LeadPage from "./lead-page.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("a lead's page", () => {
  it.each([...FAILED_READS, { name: "a lead that is not there (404)", answer: undefined, says: "Not found" }])(
    "says what failed on $name, never an endless Loading…",
    async ({ answer, says }) => {
      showScreen("/console/leads/:id", LeadPage, answer ? { "/api/console/leads/ld_1": answer } : {}, "compliance", {
        address: "/console/leads/ld_1",
      });
      await expectLoadFailure("lead ld_1", says);
      expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Lead ld_1");
    },
  );
});
