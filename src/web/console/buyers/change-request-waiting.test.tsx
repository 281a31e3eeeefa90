import { cleanup, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { showScreen } from "../console-screen.testing.tsx";
import BuyersRoute from "./buyers-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const none = { status: 200, body: { status: 200, message: "OK", data: { buyers: [], since: "2026-12-06T00:00:00Z" } } };
const pending = (buyer_id: string, buyer_name: string) => ({ id: `cr_${Math.random()}`, buyer_id, buyer_name });

describe("the change requests waiting, above the buyers list", () => {
  it("counts them by buyer, each a link to the buyer's page", async () => {
    const requests = [pending("beta", "Beta"), pending("acme", "Acme"), pending("acme", "Acme")].map((r) => ({
      ...r,
      base_version: 1,
      state: "pending",
      note: "n",
      requested_by: "b@x.test",
      created_at: "2026-12-01T10:00:00Z",
      decided_by: null,
      decision_note: null,
      decided_at: null,
      stale: false,
      changes: [],
    }));
    const fetch = showScreen(
      "/console/buyers",
      BuyersRoute,
      {
        "/api/console/buyers": none,
        "/api/console/change-requests": { status: 200, body: { status: 200, message: "ok", data: { requests } } },
      },
      "manager",
    );
    const note = await screen.findByRole("note");
    expect(note.textContent).toContain("3 change requests wait for a decision: Acme (2), Beta (1).");
    expect(screen.getByRole("link", { name: "Acme" }).getAttribute("href")).toBe("/console/buyers/acme");
    expect(fetch.mock.calls.map(([url]) => url)).toContain("/api/console/change-requests?state=pending");
  });

  it("shows nothing when none waits", async () => {
    showScreen(
      "/console/buyers",
      BuyersRoute,
      {
        "/api/console/buyers": none,
        "/api/console/change-requests": { status: 200, body: { status: 200, message: "ok", data: { requests: [] } } },
      },
      "manager",
    );
    expect((await screen.findByRole("status")).textContent).toContain("No buyers yet");
    expect(screen.queryByRole("note")).toBeNull();
  });
});
