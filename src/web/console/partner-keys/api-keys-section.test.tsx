import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConsoleSessionContext, type ConsoleContext } from "../console-session.tsx";
import { ApiKeysSection } from "./api-keys-section.tsx";
import { renderInConsole } from "../console-screen.testing.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const context = (role: "publisher" | "manager"): ConsoleContext => ({
  session: {
    operator: { id: "o1", email: "p@example.com", name: "P", role },
    permissions: role === "publisher" ? ["publisher:self"] : ["buyers:read", "buyers:write"],
    csrf_token: "t",
    idle_minutes: 30,
    recovery_codes_low: false,
    time_zone: null,
  },
  timeZone: "UTC",
  setTimeZone: () => {},
  signOut: async () => {},
});

describe("the API keys section", () => {
  it("shows a new key once, and the list only by label and prefix", async () => {
    const keys: {
      id: string;
      label: string;
      prefix: string;
      created_at: string;
      last_used_at: null;
      revoked_at: null;
    }[] = [];
    const fetch = vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === "POST") {
        keys.push({
          id: "key_1",
          label: "returns",
          prefix: "lpb_abcdef",
          created_at: "2026-02-01T00:00:00.000Z",
          last_used_at: null,
          revoked_at: null,
        });
        return Response.json(
          {
            status: 201,
            message: "Key issued.",
            data: { id: "key_1", prefix: "lpb_abcdef", key: "lpb_abcdef-the-whole-key" },
          },
          { status: 201 },
        );
      }
      expect(url).toBe("/api/console/buyers/acme/api-keys");
      return Response.json({ status: 200, message: "ok", data: { api_keys: keys } });
    });
    vi.stubGlobal("fetch", fetch);
    renderInConsole(
      <ConsoleSessionContext value={context("manager")}>
        <ApiKeysSection keysPath="/buyers/acme/api-keys" partnerName="Acme" writer />
      </ConsoleSessionContext>,
    );
    await waitFor(() => expect(screen.getByText("No keys yet.")).toBeTruthy());
    fireEvent.change(screen.getByLabelText("Label of a new key"), { target: { value: "returns" } });
    fireEvent.click(screen.getByRole("button", { name: "Issue a key" }));
    await waitFor(() => expect(screen.getByText("lpb_abcdef-the-whole-key")).toBeTruthy());
    const [, init] = fetch.mock.calls.find(([, i]) => i?.method === "POST")!;
    expect(JSON.parse(init!.body as string)).toEqual({ label: "returns" });
    const table = await screen.findByRole("table", { name: "API keys of Acme" });
    await waitFor(() => expect(within(table).getByText("lpb_abcdef")).toBeTruthy());
    expect(within(table).queryByText("lpb_abcdef-the-whole-key")).toBeNull();
    expect(within(table).getByRole("button", { name: "Revoke returns" })).toBeTruthy();
  });
});
