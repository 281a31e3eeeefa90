import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { createRoutesStub } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { Permission } from "#domain/console/roles.ts";
import { ConsoleSessionContext, type ConsoleContext } from "../console-session.tsx";
import { alertTexts, renderInConsole, serverError, showScreen } from "../console-screen.testing.tsx";
import ReturnsRoute from "./returns-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const context = (permissions: Permission[]): ConsoleContext => ({
  session: {
    operator: { id: "o1", email: "m@example.com", name: "M", role: "manager" },
    permissions,
    csrf_token: "t",
    idle_minutes: 30,
    recovery_codes_low: false,
    time_zone: null,
  },
  timeZone: "UTC",
  setTimeZone: () => {},
  signOut: async () => {},
});

const PENDING = {
  id: "ret_1",
  lead_id: "ld_1",
  buyer_id: "acme",
  reason: "duplicate",
  note: null,
  state: "pending",
  source: "api",
  requested_at: "2026-11-20T10:00:00.000Z",
  decided_at: null,
  decided_by: null,
  decision_note: null,
  evidence: {
    sale: { buyer_id: "acme", price_cents: 4_550, sold_at: "2026-11-19T09:00:00.000Z" },
    duplicates: {
      window_days: 30,
      matches: [{ field: "email", count: 2, dates: ["2026-11-10T12:00:00.000Z", "2026-11-02T12:00:00.000Z"] }],
    },
    phone: { kept: true, callable: true, summary: "Passed the application's check (a callable US number)." },
    quality: null,
    certificate_url: "https://loanpath.test/consent/certificate/tok",
  },
};

const RATES = {
  months: ["2026-11", "2026-10"],
  buyers: [{ id: "acme", month: "2026-11", sold: 4, returned: 1, rate: 0.25 }],
  publishers: [],
};

function show(permissions: Permission[], returns: unknown[] = [PENDING]) {
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    if (url.startsWith("/api/console/returns/rates")) return Response.json({ status: 200, message: "ok", data: RATES });
    if (init?.method === "POST")
      return Response.json({
        status: 200,
        message: "Return approved.",
        data: { id: "ret_1", state: "approved", refund_cents: -4_550, payout_reversed_cents: null },
      });
    return Response.json({ status: 200, message: "ok", data: { returns } });
  });
  vi.stubGlobal("fetch", fetchMock);
  const Stub = createRoutesStub([
    {
      path: "/console/returns",
      Component: () => (
        <ConsoleSessionContext value={context(permissions)}>
          <ReturnsRoute />
        </ConsoleSessionContext>
      ),
    },
  ]);
  renderInConsole(<Stub initialEntries={["/console/returns"]} />);
  return fetchMock;
}

describe("the returns page", () => {
  it("shows each reason with its evidence, and approves with the note typed", async () => {
    const fetchMock = show(["partners:read", "returns:decide"]);
    const table = await screen.findByRole("table", { name: "Returns, pending first" });
    const row = within(table).getAllByRole("row")[1]!;
    expect(within(row).getByText("Duplicate")).toBeTruthy();
    expect(within(row).getByText("acme, $45.50, Nov 19, 2026, 9:00 AM", { exact: false })).toBeTruthy();
    expect(row.textContent).toContain("Same e-mail 2 times within 30 days before");
    expect(within(row).getByRole("link", { name: "Consent certificate" }).getAttribute("href")).toBe(
      PENDING.evidence.certificate_url,
    );
    expect(screen.getByText("Passed the application's check (a callable US number).")).toBeTruthy();

    fireEvent.change(within(row).getByLabelText("Note"), { target: { value: "seen before" } });
    fireEvent.click(within(row).getByRole("button", { name: "Approve" }));
    await waitFor(() =>
      expect(screen.getAllByRole("status").map((status) => status.textContent)).toContain("Return approved."),
    );
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === "POST")!;
    expect(post[0]).toBe("/api/console/returns/ret_1/approve");
    expect(JSON.parse(String(post[1]!.body))).toEqual({ note: "seen before" });

    const rates = screen.getByRole("table", { name: /Return rate per buyer/ });
    expect(within(rates).getByText("25.0% (1 of 4)")).toBeTruthy();
  });

  it("shows the gate's answers beside the reason, those that bear on it first and in the gist", async () => {
    const at = "2026-11-18T09:00:00.000Z";
    const row = (check: string, answer: string, source: string, detail: string | null, bears: boolean) => ({
      check,
      answer,
      source,
      at,
      detail,
      bears,
    });
    show(
      ["partners:read"],
      [
        {
          ...PENDING,
          reason: "wrong_number",
          evidence: {
            ...PENDING.evidence,
            quality: {
              checked_at: at,
              refused_reason: null,
              checks: [
                row("phone_number", "valid", "offline", null, true),
                row("phone_line_type", "voip", "twilio", "Bandwidth", true),
                row("email_mx", "deliverable", "dns", "MX", false),
                row("address", "mismatch", "offline", "zip is in NJ", false),
              ],
            },
          },
        },
      ],
    );
    const table = await screen.findByRole("table", { name: "Returns, pending first" });
    const returned = within(table).getAllByRole("row")[1]!;
    expect(returned.querySelector("summary")?.textContent).toBe(
      "Sold for $45.50, 2 earlier submissions; Phone number: valid, Line type: voip",
    );
    const facts = Object.fromEntries(
      [...returned.querySelectorAll("dt")].map((dt) => [
        dt.textContent,
        [...dt.nextElementSibling!.children].map((line) => line.textContent),
      ]),
    );
    expect(facts["Gate, on the reason"]).toEqual([
      "Phone number: valid (offline)",
      "Line type: voip (twilio: Bandwidth)",
    ]);
    expect(facts["Gate, the rest"]).toEqual([
      "Mail server: deliverable (dns: MX)",
      "Address: mismatch (offline: zip is in NJ)",
    ]);
    expect(facts).not.toHaveProperty("Refused by the gate");
  });

  it("shows no gate term for a lead sold before the gate", async () => {
    show(["partners:read"]);
    const table = await screen.findByRole("table", { name: "Returns, pending first" });
    const returned = within(table).getAllByRole("row")[1]!;
    const terms = [...returned.querySelectorAll("dt")].map((dt) => dt.textContent);
    expect(terms).toEqual(["Sale", "Duplicates", "Phone", "Consent"]);
  });

  it("shows a reader the queue without the decision or the filing form", async () => {
    show(["partners:read"]);
    const table = await screen.findByRole("table", { name: "Returns, pending first" });
    expect(within(table).getByText("Pending")).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Approve" })).toBeNull();
    expect(screen.queryByRole("heading", { name: "File a return for a buyer" })).toBeNull();
  });

  it("files a return for a buyer: other needs a note before anything is sent", async () => {
    const fetchMock = show(["partners:read", "returns:decide"]);
    const form = (await screen.findByRole("heading", { name: "File a return for a buyer" })).closest("form")!;
    const inForm = within(form);
    fireEvent.change(inForm.getByLabelText("Buyer id"), { target: { value: "acme" } });
    fireEvent.change(inForm.getByLabelText("Lead id"), { target: { value: "ld_9" } });
    fireEvent.change(inForm.getByLabelText("Reason"), { target: { value: "other" } });
    fireEvent.click(inForm.getByRole("button", { name: "File the return" }));
    await waitFor(() => expect(inForm.getByText("Say why in a note when the reason is other.")).toBeTruthy());
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(false);

    fireEvent.change(inForm.getByLabelText("Note", { exact: false }), { target: { value: "no such employer" } });
    fireEvent.click(inForm.getByRole("button", { name: "File the return" }));
    await waitFor(() => expect(fetchMock.mock.calls.some(([, init]) => init?.method === "POST")).toBe(true));
    const [url, init] = fetchMock.mock.calls.find(([, i]) => i?.method === "POST")!;
    expect(url).toBe("/api/console/returns");
    expect(JSON.parse(String(init!.body))).toEqual({
      buyer_id: "acme",
      lead_id: "ld_9",
      reason: "other",
      note: "no such employer",
    });
  });

  it("says, with an empty queue, where returns come from and leads an operator who may decide to the filing form", async () => {
    const ok = (data: unknown) => ({ status: 200, body: { status: 200, message: "ok", data } });
    showScreen(
      "/console/returns",
      ReturnsRoute,
      { "/api/console/returns": ok({ returns: [] }), "/api/console/returns/rates": ok(RATES) },
      "owner",
    );
    const empty = (await screen.findByText("No returns yet.")).closest<HTMLElement>("[role=status]")!;
    expect(empty.textContent).toContain("you can also file one for a buyer");
    const action = within(empty).getByRole("link", { name: "File a return" });
    const form = screen.getByRole("form", { name: "File a return for a buyer" });
    expect(action.getAttribute("href")).toBe(`#${form.id}`);
  });

  it("says what failed when the returns or their rates cannot be read, never an endless Loading…", async () => {
    showScreen("/console/returns", ReturnsRoute, { "/api/console/returns": serverError });
    await waitFor(() =>
      expect(alertTexts()).toEqual([
        "Could not load the returns: Something went wrong on our side.Try again",
        "Could not load the return rates: Not foundTry again",
      ]),
    );
    expect(screen.queryByText("Loading…")).toBeNull();
  });
});
