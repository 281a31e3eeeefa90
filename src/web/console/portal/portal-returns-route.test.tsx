import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ConsoleSessionContext } from "../console-session.tsx";
import { ConsoleMantine } from "../console-shell.tsx";
import {
  alertTexts,
  consoleContextOf,
  expectLoadFailure,
  FAILED_READS,
  showScreen,
} from "../console-screen.testing.tsx";
import PortalReturnsRoute from "./portal-returns-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const API = "/api/console/portal/returns";

const PENDING = {
  id: "ret_1",
  lead_id: "ld_1",
  reason: "duplicate",
  note: null,
  state: "pending",
  requested_at: "2026-11-20T10:00:00.000Z",
  decided_at: null,
  decision_note: null,
};
const REJECTED = {
  ...PENDING,
  id: "ret_0",
  lead_id: "ld_0",
  reason: "other",
  note: "Nobody answers.",
  state: "rejected",
  decided_at: "2026-11-21T09:00:00.000Z",
  decision_note: "The phone rang through.",
};
const TERMS = { window_days: 7, cap_percent: 10 };

/** The page at `address`, the server listing the returns and answering a filing with `filed`. */
function show(address: string, filed: { status: number; body: unknown }) {
  const fetch = vi.fn(async (_url: string, init?: RequestInit) =>
    init?.method === "POST"
      ? Response.json(filed.body, { status: filed.status })
      : Response.json({ status: 200, message: "ok", data: { returns: [PENDING, REJECTED], terms: TERMS } }),
  );
  vi.stubGlobal("fetch", fetch);
  const Stub = createRoutesStub([
    {
      path: "/console/portal/returns",
      Component: () => (
        <ConsoleSessionContext value={consoleContextOf("buyer")}>
          <PortalReturnsRoute />
        </ConsoleSessionContext>
      ),
    },
  ]);
  render(
    <ConsoleMantine>
      <Stub initialEntries={[address]} />
    </ConsoleMantine>,
  );
  return fetch;
}

const posts = (fetch: ReturnType<typeof show>) => fetch.mock.calls.filter(([, init]) => init?.method === "POST");
const created = {
  status: 201,
  body: {
    status: 201,
    message: "Return received; it is pending review.",
    data: { id: "ret_9", lead_id: "ld_9", state: "pending", requested_at: "2026-11-22T10:00:00.000Z" },
  },
};

describe("the buyer portal's returns", () => {
  it("lists the returns with their state and the operator's note, under the terms in force", async () => {
    show("/console/portal/returns", created);
    const table = await screen.findByRole("table", { name: "Your returns, newest first" });
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((r) => within(r).getAllByRole("cell")[0]!.textContent)).toEqual(["ld_1", "ld_0"]);
    expect(within(rows[1]!).getByText("“Nobody answers.”")).toBeTruthy();
    expect(within(rows[1]!).getByText("Rejected")).toBeTruthy();
    expect(within(rows[1]!).getByText("“The phone rang through.”")).toBeTruthy();
    expect(within(rows[0]!).getByRole("link", { name: "ld_1" }).getAttribute("href")).toBe(
      "/console/portal/leads/ld_1",
    );
    expect(
      screen.getByText(
        "A lead is returned within 7 days of its sale; at most 10% of the leads you buy in a month (at least one). An operator approves or rejects each return.",
      ),
    ).toBeTruthy();
  });

  it("files a return of the lead the address names, asking a note for other before anything is sent", async () => {
    const fetch = show("/console/portal/returns?lead=ld_9", created);
    const form = await screen.findByRole("form", { name: "File a return" });
    const inForm = within(form);
    expect((inForm.getByLabelText("Lead id") as HTMLInputElement).value).toBe("ld_9");
    const reasons = [...(inForm.getByLabelText("Reason") as HTMLSelectElement).options].map((o) => o.textContent);
    expect(reasons).toEqual(["Wrong number", "Disconnected", "Duplicate", "Fraud", "Not the person", "Other"]);
    fireEvent.change(inForm.getByLabelText("Reason"), { target: { value: "other" } });
    fireEvent.click(inForm.getByRole("button", { name: "File the return" }));
    await waitFor(() => expect(inForm.getByText("Say why in a note when the reason is other.")).toBeTruthy());
    expect(posts(fetch)).toEqual([]);

    fireEvent.change(inForm.getByLabelText("Note", { exact: false }), { target: { value: "No such person" } });
    fireEvent.click(inForm.getByRole("button", { name: "File the return" }));
    await waitFor(() => expect(posts(fetch)).toHaveLength(1));
    const [url, init] = posts(fetch)[0]!;
    expect(url).toBe(API);
    expect(JSON.parse(String(init!.body))).toEqual({ lead_id: "ld_9", reason: "other", note: "No such person" });
    await waitFor(() =>
      expect(screen.getAllByRole("status").map((s) => s.textContent)).toContain(
        "Return received; it is pending review.",
      ),
    );
    // The list is read again, with the new return in it.
    expect(fetch.mock.calls.filter(([u, i]) => u === API && i?.method === "GET").length).toBe(2);
  });

  it("says the server's refusal as it gives it", async () => {
    const message =
      "The return window for this lead closed on 2026-11-01: a lead is returned within 7 days of its sale.";
    show("/console/portal/returns?lead=ld_old", { status: 422, body: { status: 422, message } });
    const form = await screen.findByRole("form", { name: "File a return" });
    fireEvent.click(within(form).getByRole("button", { name: "File the return" }));
    await waitFor(() => expect(alertTexts()).toEqual([message]));
  });

  it("has nothing for axe", async () => {
    show("/console/portal/returns", created);
    await screen.findByRole("table", { name: "Your returns, newest first" });
    const rules = { "color-contrast": { enabled: false }, region: { enabled: false } };
    const results = await axe.run(document.body, { rules });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it.each(FAILED_READS)("says what failed on $name", async ({ answer, says }) => {
    showScreen("/console/portal/returns", PortalReturnsRoute, { [API]: answer }, "buyer");
    await expectLoadFailure("your returns", says);
  });
});
