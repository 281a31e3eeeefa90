import axe from "axe-core";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { consoleContextOf, renderInConsole } from "../console-screen.testing.tsx";
import { ConsoleSessionContext } from "../console-session.tsx";
import PortalChangeRequestsRoute from "./portal-change-requests-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const IN_FORCE = {
  version: 3,
  caps: { hourly: 5, daily: 50 },
  budget: {},
  pricing: { kind: "fixed", price: 20, rules: [{ states: ["CA", "NY"], creditScores: ["GOOD"], price: 25 }] },
  floor: 0,
  filters: {},
  schedule: { mon: [["09:00", "17:00"]] },
  timeZone: "America/New_York",
};

const REQUEST = {
  id: "cr_1",
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
};

const ok = (status: number, data: unknown, message = "ok") => Response.json({ status, message, data }, { status });

type Sent = { method: string; path: string; body: unknown };

/** The portal's server: its terms and requests, and what each change answers (by method and path). */
function serve(data: Record<string, unknown>, answers: Record<string, () => Response> = {}): { sent: Sent[] } {
  const sent: Sent[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      const path = new URL(url, "http://console.test").pathname;
      const method = init?.method ?? "GET";
      if (method === "GET" && path === "/api/console/portal/change-requests")
        return ok(200, { buyer: { id: "acme", name: "Acme Lending" }, ...data });
      sent.push({ method, path, body: init?.body ? JSON.parse(init.body as string) : undefined });
      const answer = answers[`${method} ${path}`];
      return answer ? answer() : Response.json({ status: 404, message: "Not found" }, { status: 404 });
    }),
  );
  renderInConsole(
    <ConsoleSessionContext value={consoleContextOf("buyer")}>
      <PortalChangeRequestsRoute />
    </ConsoleSessionContext>,
  );
  return { sent };
}

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const send = () => fireEvent.click(screen.getByRole("button", { name: "Send the request" }));

describe("the portal's Change requests page", () => {
  it("shows the terms in force in words, the buyer's requests with what each changes, and nothing for axe", async () => {
    serve({ in_force: IN_FORCE, requests: [REQUEST] });
    const terms = await screen.findByRole("region", { name: "Your terms in force" });
    const facts = [...terms.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]);
    expect(facts).toEqual([
      ["Caps", "5 leads an hour, 50 leads a day"],
      ["Budget", "No budget"],
      ["Price", "$20.00 a lead, unless the rule below matches"],
      [
        "Opening hours",
        "Monday 09:00–17:00; Tuesday closed; Wednesday closed; Thursday closed; Friday closed; Saturday closed; Sunday closed",
      ],
    ]);
    expect(terms.textContent).toContain("Version 3.");
    expect(terms.textContent).toContain("America/New_York time");
    const rules = within(terms).getByRole("table", { name: /Price rules in force/ });
    expect(within(rules).getAllByRole("row")[1]!.textContent).toBe("1state CA or NY; credit Good (680-719)$25.00");

    const requests = screen.getByRole("region", { name: "Your requests" });
    expect(within(requests).getByText("Waiting for a decision")).toBeTruthy();
    const diff = within(requests).getByRole("table", { name: /Changes asked for/ });
    expect(within(diff).getAllByRole("row")[1]!.textContent).toBe("caps.dailyRemoved50Added80");
    expect(within(requests).getByRole("button", { name: /^Withdraw the request of/ })).toBeTruthy();

    expect(screen.getAllByRole("heading").map((h) => `${h.tagName} ${h.textContent}`)).toEqual([
      "H1 Change requests",
      "H2 Your terms in force",
      "H2 Ask for a change",
      "H3 Caps (leads)",
      "H3 Budget and price (dollars)",
      "H2 Your requests",
      expect.stringMatching(/^H3 Request of /),
    ]);
    const rulesOff = { "color-contrast": { enabled: false }, region: { enabled: false } };
    const results = await axe.run(document.body, { rules: rulesOff });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it("sends only the parts that differ, each whole, and the price with the rules in force kept", async () => {
    const filed = () => ok(201, REQUEST, "Request sent. It takes effect once an operator approves it.");
    const { sent } = serve({ in_force: IN_FORCE, requests: [] }, { "POST /api/console/portal/change-requests": filed });
    await screen.findByRole("form", { name: "Ask for a change" });
    expect(field("Daily cap").value).toBe("50");
    type("Daily cap", "80");
    type("Daily budget", "400");
    type("What you ask for, and why", "More volume for December");
    send();
    await waitFor(() => expect(screen.getByRole("status").textContent).toContain("Request sent."));
    expect(sent).toEqual([
      {
        method: "POST",
        path: "/api/console/portal/change-requests",
        body: {
          changes: { caps: { hourly: 5, daily: 80 }, budget: { daily: 400 } },
          note: "More volume for December",
        },
      },
    ]);
    // The form starts again from the terms in force.
    await waitFor(() => expect(field("Daily cap").value).toBe("50"));

    type("Price per lead", "22.5");
    type("What you ask for, and why", "New price");
    send();
    await waitFor(() => expect(sent).toHaveLength(2));
    expect(sent[1]!.body).toEqual({
      changes: { pricing: { price: 22.5, rules: IN_FORCE.pricing.rules } },
      note: "New price",
    });
  });

  it("sends nothing when no value changed, and puts the server's messages on their fields", async () => {
    const refused = () =>
      Response.json(
        {
          status: 400,
          message: "Please correct the highlighted fields.",
          errors: { "changes.caps.weekly": "must be at least the daily cap", "changes.filters": "not yours" },
        },
        { status: 400 },
      );
    const { sent } = serve(
      { in_force: { ...IN_FORCE, pricing: { kind: "bid" }, floor: 3 }, requests: [] },
      { "POST /api/console/portal/change-requests": refused },
    );
    await screen.findByRole("form", { name: "Ask for a change" });
    expect(screen.queryByLabelText("Price per lead")).toBeNull();
    type("What you ask for, and why", "Same again");
    send();
    await waitFor(() =>
      expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContain(
        "Change at least one value: these are the terms in force.",
      ),
    );
    expect(sent).toEqual([]);

    type("Floor", "4");
    type("Weekly cap", "10");
    send();
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      changes: { caps: { hourly: 5, daily: 50, weekly: 10 }, floor: 4 },
      note: "Same again",
    });
    await waitFor(() => expect(field("Weekly cap").getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getByText("must be at least the daily cap")).toBeTruthy();
    expect(screen.getAllByRole("alert").map((a) => a.textContent)).toContain(
      "Please correct the highlighted fields. not yours",
    );
  });

  it("withdraws a request that waits, and says a stale one cannot be approved", async () => {
    const withdrawn = () => ok(200, { ...REQUEST, state: "withdrawn" }, "Request withdrawn.");
    const { sent } = serve(
      { in_force: IN_FORCE, requests: [{ ...REQUEST, stale: true }] },
      { "POST /api/console/portal/change-requests/cr_1/withdraw": withdrawn },
    );
    const requests = await screen.findByRole("region", { name: "Your requests" });
    expect(requests.textContent).toContain("Your terms changed since you asked");
    fireEvent.click(within(requests).getByRole("button", { name: /^Withdraw the request of/ }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("Request withdrawn."));
    expect(sent.map((s) => `${s.method} ${s.path}`)).toEqual([
      "POST /api/console/portal/change-requests/cr_1/withdraw",
    ]);
  });
});
