import axe from "axe-core";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PUBLISHER_TEST_MESSAGES } from "#domain/contracts/console-publisher-test.ts";
import { showScreen, type ServerAnswer } from "../console-screen.testing.tsx";
import PublisherTestRoute from "./publisher-test-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const figures = {
  clicks: 0,
  completed: 0,
  sold: 0,
  earned_cents: 0,
  pending_cents: 0,
  final_cents: 0,
  reversed_cents: 0,
  returns: 0,
};
const posted = {
  posted: 0,
  sold: 0,
  posted_acceptance: null,
  average_price_cents: null,
  revenue_cents: 0,
  rejections: [],
  pings: 0,
  pings_offered: 0,
};
const acme = {
  id: "acme",
  name: "Acme Media",
  aff_id: "A100",
  payout_kind: "revenue_share",
  payout_amount: 4000,
  hold_days: 0,
  postback_url: null,
  enabled: true,
  created_at: "2026-01-01T00:00:00.000Z",
  updated_at: "2026-01-01T00:00:00.000Z",
  today: figures,
  month: figures,
  posted: { today: posted, month: posted },
};
const noCap = { used: 0, cap: null };
const ok = (data: unknown) => ({ status: 200, body: { status: 200, message: "ok", data } });
const DETAIL = ok({
  publisher: acme,
  postbacks: [],
  api_keys: [],
  tracking_link: "https://loanpath.example/r/acme",
  posted_caps: { time_zone: "America/New_York", hourly: noCap, daily: noCap, monthly: noCap },
});

function open(testCall: ServerAnswer, role: "manager" | "analyst" = "manager") {
  return showScreen(
    "/console/publishers/:id/test",
    PublisherTestRoute,
    { "/api/console/publishers/acme": DETAIL, "/api/console/publishers/acme/test-call": testCall },
    role,
    { address: "/console/publishers/acme/test" },
  );
}

const bodyBox = () => screen.getByRole("textbox", { name: /Body \(JSON\)/ }) as HTMLTextAreaElement;

describe("the publisher test console", () => {
  it("sends the guide's post as a test and shows the answer, its HTTP status, the lead and why", async () => {
    const fetch = open(
      ok({
        http_status: 200,
        answer: {
          status: "sold",
          lead_id: "ld_7",
          payout_cents: 0,
          redirect_url: "https://lender.example/offer/7",
          test: true,
        },
        retry_after_seconds: null,
        lead_id: "ld_7",
        outcomes: [
          {
            buyer: "test-buyer",
            outcome: "post_accepted",
            detail: null,
            offered_cents: 2500,
            paid_cents: 2500,
            at: "2026-12-07T14:02:12.000Z",
          },
        ],
      }),
    );
    expect(await screen.findByRole("heading", { level: 1, name: "Test a post: Acme Media" })).toBeTruthy();
    expect(screen.getByText(/never sold, paid or counted/)).toBeTruthy();
    expect((screen.getByRole("radio", { name: "Post" }) as HTMLInputElement).checked).toBe(true);
    const sample = JSON.parse(bodyBox().value);
    expect(sample).toMatchObject({ email: "jolene.marsh@example.com", test: true });

    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(screen.getByRole("status").textContent).toBe("The API answers HTTP 200, sold"));
    const [url, init] = fetch.mock.calls.at(-1)! as unknown as [string, RequestInit];
    expect(url).toBe("/api/console/publishers/acme/test-call");
    expect(JSON.parse(String(init.body))).toEqual({ kind: "post", body: bodyBox().value });

    const answer = screen.getByRole("region", { name: /The API's answer/ });
    expect(within(answer).getByText("HTTP 200")).toBeTruthy();
    expect(within(answer).getByLabelText("The answer's body").textContent).toContain(
      '"redirect_url": "https://lender.example/offer/7"',
    );
    expect(within(answer).getByRole("link", { name: "Open lead ld_7" }).getAttribute("href")).toBe(
      "/console/leads/ld_7",
    );
    expect(within(answer).getByText("test-buyer")).toBeTruthy();
  });

  it("lists a refusal's field errors by field, with the refusal's HTTP status", async () => {
    open(
      ok({
        http_status: 400,
        answer: {
          status: 400,
          code: "invalid_fields",
          message: "Some fields are missing or invalid: errors names each one and why.",
          errors: { email: "Invalid email address", favourite_colour: "This field is not part of the publisher API." },
        },
        retry_after_seconds: null,
        lead_id: null,
        outcomes: [],
      }),
    );
    await screen.findByRole("heading", { level: 1, name: "Test a post: Acme Media" });
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    const answer = await screen.findByRole("region", { name: /The API's answer/ });
    expect(within(answer).getByText("HTTP 400")).toBeTruthy();
    const refused = within(answer).getByText("Fields refused").nextElementSibling!;
    const rows = [...refused.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling?.textContent]);
    expect(rows).toEqual([
      ["email", "Invalid email address"],
      ["favourite_colour", "This field is not part of the publisher API."],
    ]);
    expect(screen.getByRole("status").textContent).toContain("invalid_fields");
    expect(within(answer).queryByRole("link")).toBeNull();
    // The form and the answer, as a screen reader meets them (the layout's <main> around them is not rendered here).
    const rules = { "color-contrast": { enabled: false }, region: { enabled: false } };
    const results = await axe.run(document.body, { rules });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it("swaps in the guide's ping when the call is a ping, and shows a body that is not an object at the body", async () => {
    open({
      status: 400,
      body: {
        status: 400,
        message: PUBLISHER_TEST_MESSAGES.notObject,
        errors: { body: PUBLISHER_TEST_MESSAGES.notObject },
      },
    });
    await screen.findByRole("heading", { level: 1, name: "Test a post: Acme Media" });
    fireEvent.click(screen.getByRole("radio", { name: "Ping" }));
    const ping = JSON.parse(bodyBox().value);
    expect(ping).toMatchObject({ age: 38, test: true });
    expect(ping.email).toBeUndefined();

    fireEvent.change(bodyBox(), { target: { value: "[1, 2]" } });
    fireEvent.click(screen.getByRole("radio", { name: "Post" }));
    // A body the operator wrote stays when the call changes.
    expect(bodyBox().value).toBe("[1, 2]");
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    await waitFor(() => expect(bodyBox().getAttribute("aria-invalid")).toBe("true"));
    expect(screen.getAllByText(PUBLISHER_TEST_MESSAGES.notObject).length).toBeGreaterThan(0);
    expect(screen.queryByRole("region", { name: /The API's answer/ })).toBeNull();
  });

  it("offers no form to a role that may not change publishers", async () => {
    open(ok({}), "analyst");
    expect(await screen.findByText(/Your role cannot test a publisher's calls/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send" })).toBeNull();
  });
});
