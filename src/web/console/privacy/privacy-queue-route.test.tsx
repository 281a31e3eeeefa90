import { cleanup, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { alertTexts, showScreen } from "../console-screen.testing.tsx";
import PrivacyQueueRoute from "./privacy-queue-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (data: unknown) => ({ status: 200, body: { status: 200, message: "ok", data } });
const LATE = {
  reference: "PR-7",
  type: "correct",
  status: "received",
  email: "ana@example.com",
  phone: null,
  details: { field: "address" },
  received_at: "2026-10-01T12:00:00.000Z",
  due_at: "2026-11-15T12:00:00.000Z",
  days_overdue: 3,
};

describe("the privacy requests page", () => {
  it("counts the open and overdue requests, and says each one's deadline in words", async () => {
    showScreen("/console/privacy-requests", PrivacyQueueRoute, {
      "/api/console/privacy-requests": ok({ overdue: 1, open: [LATE] }),
    });
    const table = await screen.findByRole("table", { name: "Open privacy requests" });
    const cells = within(within(table).getAllByRole("row")[1]!)
      .getAllByRole("cell")
      .map((c) => c.textContent);
    expect(cells.slice(0, 4)).toEqual(["PR-7", "correct", "received", "ana@example.com"]);
    expect(cells[7]).toBe("Overdue by 3 days");
    expect(screen.getByText("1 open").closest(".mantine-Badge-root")).not.toBeNull();
    expect(screen.getByText("1 overdue").closest(".mantine-Badge-root")).not.toBeNull();
    expect(within(table).getByRole("button", { name: "Mark done: PR-7" }).textContent).toBe("Mark done");
  });

  it("says, with nothing open, where requests come from", async () => {
    showScreen("/console/privacy-requests", PrivacyQueueRoute, {
      "/api/console/privacy-requests": ok({ overdue: 0, open: [] }),
    });
    const empty = (await screen.findByText("No open requests.")).closest("[role=status]")!;
    expect(empty.textContent).toContain("Requests people send from the privacy pages wait here");
  });

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
