import { cleanup, fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  alertTexts,
  expectLoadFailure,
  FAILED_READS,
  serverError,
  showScreen,
  type ServerAnswer,
} from "../console-screen.testing.tsx";
import BuyerRoute from "./buyer-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = (data: unknown): ServerAnswer => ({ status: 200, body: { status: 200, message: "OK", data } });

const DETAIL = {
  buyer: {
    id: "acme",
    name: "Acme",
    kind: "lead_buyer",
    mode: "ping_post",
    tier: 1,
    source: "console",
    overrides: null,
    enabled: true,
    shadow: false,
    state: "running",
    full_caps: [],
    version: 3,
  },
  config: { id: "acme", name: "Acme", enabled: true, kind: "lead_buyer", mode: "post_only", protocol: "json" },
  versions: [],
};

describe("a buyer's page", () => {
  it.each([...FAILED_READS, { name: "a buyer that is not there (404)", answer: undefined, says: "Not found" }])(
    "says what failed on $name, never an endless Loading…",
    async ({ answer: failed, says }) => {
      showScreen("/console/buyers/:id", BuyerRoute, failed ? { "/api/console/buyers/acme": failed } : {}, "manager", {
        address: "/console/buyers/acme",
      });
      await expectLoadFailure("buyer acme", says);
      expect(screen.getByRole("link", { name: "All buyers" }).getAttribute("href")).toBe("/console/buyers");
    },
  );

  it("keeps the buyer on screen and says so when its read after a change fails", async () => {
    const answers: Record<string, ServerAnswer> = {
      "/api/console/buyers/acme": answer(DETAIL),
      "/api/console/buyers/acme/api-keys": answer({ api_keys: [] }),
      "/api/console/buyers/acme/pause": answer({ id: "acme", version: 4 }),
    };
    showScreen("/console/buyers/:id", BuyerRoute, answers, "manager", { address: "/console/buyers/acme" });
    expect(await screen.findByRole("heading", { level: 1, name: "Acme" })).toBeTruthy();
    answers["/api/console/buyers/acme"] = serverError;
    fireEvent.click(screen.getByRole("button", { name: "Pause buyer" }));
    await waitFor(() =>
      expect(alertTexts()).toContain(`Could not load buyer acme: ${serverError.body.message}Try again`),
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Acme");
  });
});
