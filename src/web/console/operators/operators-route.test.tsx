import { cleanup, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { alertTexts, serverError, showScreen } from "../console-screen.testing.tsx";
import OperatorsRoute from "./operators-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the operators page", () => {
  it("says what failed when the operators cannot be read, never an endless Loading…", async () => {
    showScreen("/console/operators", OperatorsRoute, { "/api/console/operators": serverError });
    await waitFor(() =>
      expect(alertTexts()).toContain("Could not load the operators: Something went wrong on our side.Try again"),
    );
    expect(screen.queryByText("Loading…")).toBeNull();
  });
});
