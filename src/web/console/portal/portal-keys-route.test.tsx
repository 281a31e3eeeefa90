import axe from "axe-core";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { consoleContextOf, renderInConsole } from "../console-screen.testing.tsx";
import { ConsoleSessionContext } from "../console-session.tsx";
import PortalKeysRoute from "./portal-keys-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const KEY = {
  id: "key_1",
  label: "returns bot",
  prefix: "lpb_abcdef",
  created_at: "2026-12-01T10:00:00.000Z",
  last_used_at: null,
  revoked_at: null,
};

describe("the portal's API keys page", () => {
  it("lists, issues and revokes the buyer's own keys at /portal/keys, and has nothing for axe", async () => {
    const calls: string[] = [];
    vi.stubGlobal(
      "fetch",
      vi.fn(async (url: string, init?: RequestInit) => {
        const method = init?.method ?? "GET";
        calls.push(`${method} ${url}`);
        if (method === "POST")
          return Response.json(
            {
              status: 201,
              message: "Key issued.",
              data: { id: "key_2", prefix: "lpb_zyxwvu", key: "lpb_zyxwvu-whole" },
            },
            { status: 201 },
          );
        if (method === "DELETE") return Response.json({ status: 200, message: "Key revoked." });
        return Response.json({ status: 200, message: "ok", data: { api_keys: [KEY] } });
      }),
    );
    renderInConsole(
      <ConsoleSessionContext value={consoleContextOf("buyer")}>
        <PortalKeysRoute />
      </ConsoleSessionContext>,
    );
    const table = await screen.findByRole("table", { name: "API keys of your account" });
    await waitFor(() => expect(within(table).getByText("lpb_abcdef")).toBeTruthy());
    expect(screen.getAllByRole("heading").map((h) => `${h.tagName} ${h.textContent}`)).toEqual([
      "H1 API keys",
      "H2 Your keys",
    ]);
    const rules = { "color-contrast": { enabled: false }, region: { enabled: false } };
    const results = await axe.run(document.body, { rules });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    fireEvent.change(screen.getByLabelText("Label of a new key"), { target: { value: "new bot" } });
    fireEvent.click(screen.getByRole("button", { name: "Issue a key" }));
    await waitFor(() => expect(screen.getByText("lpb_zyxwvu-whole")).toBeTruthy());
    fireEvent.click(within(table).getByRole("button", { name: "Revoke returns bot" }));
    await waitFor(() => expect(calls).toContain("DELETE /api/console/portal/keys/key_1"));
    expect(calls).toContain("POST /api/console/portal/keys");
    expect(calls.filter((c) => c.startsWith("GET")).every((c) => c === "GET /api/console/portal/keys")).toBe(true);
  });
});
