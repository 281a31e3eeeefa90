import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { alertTexts, showScreen } from "../console-screen.testing.tsx";
import AuditRoute from "./audit-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the audit log page", () => {
  it("says what failed when the log cannot be read, never an endless Loading…", async () => {
    showScreen("/console/audit", AuditRoute, { "/api/console/audit": new TypeError("Failed to fetch") });
    await waitFor(() =>
      expect(alertTexts()).toContain(
        "Could not load the audit log: The server could not be reached. Check the connection and try again.Try again",
      ),
    );
    expect(screen.queryByText("Loading…")).toBeNull();
  });
});
