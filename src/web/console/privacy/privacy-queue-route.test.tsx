import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { alertTexts, showScreen } from "../console-screen.testing.tsx";
import PrivacyQueueRoute from "./privacy-queue-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the privacy requests page", () => {
  it("says what failed when the queue cannot be read, never an endless Loading…", async () => {
    showScreen(
      "/console/privacy-requests",
      PrivacyQueueRoute,
      {
        "/api/console/privacy-requests": {
          status: 403,
          body: { status: 403, message: "Your role does not allow this." },
        },
      },
      "compliance",
    );
    await waitFor(() =>
      expect(alertTexts()).toContain("Could not load the privacy requests: Your role does not allow this.Try again"),
    );
    expect(screen.queryByText("Loading…")).toBeNull();
  });
});
