import axe from "axe-core";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { consoleContextOf, renderInConsole } from "../console-screen.testing.tsx";
import { ConsoleSessionContext } from "../console-session.tsx";
import { ChangeRequestPanel } from "./change-request-panel.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const request = (id: string, overrides: Record<string, unknown> = {}) => ({
  id,
  buyer_id: "acme",
  buyer_name: "Acme",
  base_version: 3,
  state: "pending",
  note: "More volume for December",
  requested_by: "buyer@acme.test",
  created_at: "2026-12-01T10:00:00Z",
  decided_by: null,
  decision_note: null,
  decided_at: null,
  stale: false,
  changes: [{ path: "caps.daily", before: 50, after: 80 }],
  ...overrides,
});

const STALE = "The buyer's configuration changed since this request was made: reject it.";

function show(requests: unknown[], writer: boolean, decisions: Record<string, Response> = {}) {
  const sent: { url: string; body: unknown }[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (init?.method === "POST") {
        sent.push({ url, body: JSON.parse(init.body as string) });
        return decisions[new URL(url, "http://console.test").pathname]!;
      }
      sent.push({ url, body: undefined });
      return Response.json({ status: 200, message: "ok", data: { requests } });
    }),
  );
  const onDecided = vi.fn();
  renderInConsole(
    <ConsoleSessionContext value={consoleContextOf(writer ? "manager" : "analyst")}>
      <ChangeRequestPanel buyerId="acme" buyerName="Acme" timeZone="UTC" writer={writer} onDecided={onDecided} />
    </ConsoleSessionContext>,
  );
  return { sent, onDecided };
}

describe("a buyer's change requests on its page", () => {
  it("lists them with their changes; a pending one is approved with a note, and nothing for axe", async () => {
    const approved = Response.json({
      status: 200,
      message: "Request approved: version 4 is in force.",
      data: { id: "cr_1", state: "approved", version: 4 },
    });
    const decided = request("cr_0", {
      state: "rejected",
      decided_by: "owner@loanpath.test",
      decided_at: "2026-11-02T09:00:00Z",
      decision_note: "Not this month",
    });
    const { sent, onDecided } = show([request("cr_1"), decided], true, {
      "/api/console/change-requests/cr_1/approve": approved,
    });
    const panel = await screen.findByRole("region", { name: "Change requests (1 waiting)" });
    expect(sent[0]!.url).toBe("/api/console/change-requests?buyer=acme");
    const items = within(panel).getAllByRole("listitem");
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole("table").textContent).toContain("caps.dailyRemoved50Added80");
    expect(items[1]!.textContent).toContain("Rejected");
    expect(items[1]!.textContent).toContain("by owner@loanpath.test: “Not this month”");
    expect(within(items[1]!).queryByRole("button")).toBeNull();
    const rules = { "color-contrast": { enabled: false }, region: { enabled: false } };
    const results = await axe.run(document.body, { rules });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);

    const decision = within(items[0]!).getByRole("group", { name: "Decide the request cr_1" });
    fireEvent.change(within(decision).getByLabelText(/^Note/), { target: { value: "Fine for December" } });
    fireEvent.click(within(decision).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(onDecided).toHaveBeenCalledWith("Request approved: version 4 is in force."));
    expect(sent.find((s) => s.body !== undefined)).toEqual({
      url: "/api/console/change-requests/cr_1/approve",
      body: { note: "Fine for December" },
    });
  });

  it("says a stale request cannot be approved, and shows the server's refusal on the decision", async () => {
    const refused = Response.json({ status: 409, message: STALE }, { status: 409 });
    const { onDecided } = show([request("cr_1", { stale: true })], true, {
      "/api/console/change-requests/cr_1/approve": refused,
    });
    const panel = await screen.findByRole("region", { name: "Change requests (1 waiting)" });
    expect(panel.textContent).toContain("approving it is refused");
    fireEvent.click(within(panel).getByRole("button", { name: "Approve" }));
    await waitFor(() => expect(panel.textContent).toContain(STALE));
    expect(onDecided).not.toHaveBeenCalled();
  });

  it("offers no decision to a reader who may not change the buyer", async () => {
    show([request("cr_1")], false);
    const panel = await screen.findByRole("region", { name: "Change requests (1 waiting)" });
    expect(within(panel).queryByRole("button")).toBeNull();
  });
});
