import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import { PAYMENT_MESSAGES } from "#domain/contracts/buyer-payments.ts";
import {
  alertTexts,
  expectLoadFailure,
  FAILED_READS,
  showScreen,
  type ServerAnswer,
} from "../console-screen.testing.tsx";
import PortalMoneyRoute from "./portal-money-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (data: unknown): ServerAnswer => ({ status: 200, body: { status: 200, message: "OK", data } });

const ACCOUNT_API = "/api/console/portal/account";
const TOP_UP_API = "/api/console/portal/top-up";

const MOVEMENTS = [
  {
    seq: 40,
    at: "2026-12-04T09:30:00.000Z",
    kind: "payment",
    amount_cents: 15_000,
    lead_id: null,
    payment: { id: "pay_1", reference: "Wire 77", paid_on: "2026-12-04", source: "operator" },
  },
  { seq: 31, at: "2026-12-03T10:00:00.000Z", kind: "returned", amount_cents: 4_000, lead_id: "lead-a1", payment: null },
  { seq: 20, at: "2026-12-01T10:00:00.000Z", kind: "sold", amount_cents: -4_000, lead_id: "lead-a1", payment: null },
];
const DATA = {
  buyer: { id: "acme", name: "Acme Lending" },
  account: {
    billing: "credit",
    credited_cents: 19_000,
    charged_cents: 6_500,
    held_cents: 1_200,
    room_cents: 21_300,
    credit_limit_cents: 10_000,
    low_room_alerted_at: null,
  },
  top_up_offered: false,
  movements: MOVEMENTS,
  next_before: null,
};

const show = (answers: Record<string, ServerAnswer>, address = "/console/portal/balance") =>
  showScreen("/console/portal/balance", PortalMoneyRoute, answers, "buyer", { address });

const askedQueries = (fetch: ReturnType<typeof vi.fn>) =>
  fetch.mock.calls
    .map(([url]) => new URL(String(url), "http://console.test"))
    .filter((url) => url.pathname === ACCOUNT_API)
    .map((url) => Object.fromEntries(url.searchParams));

describe("the portal's Balance", () => {
  it.each(FAILED_READS)("says what failed on $name, never an endless Loading…", async ({ answer, says }) => {
    show({ [ACCOUNT_API]: answer });
    await expectLoadFailure("your balance", says);
  });

  it("shows its room and what it is made of, and its movements signed as they move the balance, with nothing for axe", async () => {
    show({ [ACCOUNT_API]: ok(DATA) });
    const table = await screen.findByRole("table", { name: "Movements, newest first" });
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Balance");
    expect(screen.getByText("Acme Lending: your room to buy leads and what moved it.")).toBeTruthy();
    const terms = [...document.querySelectorAll("dt")].map((dt) => [
      dt.textContent,
      dt.nextElementSibling!.textContent,
    ]);
    expect(terms).toEqual([
      ["How you pay", "On credit"],
      ["Room", "$213.00"],
      ["Credit limit", "$100.00"],
      ["Paid and refunded", "$190.00"],
      ["Charged for leads bought", "$65.00"],
      ["Held for leads being sent", "$12.00"],
    ]);
    expect(screen.getByText("You may be sold up to $213.00 more of leads.")).toBeTruthy();
    const rows = within(table)
      .getAllByRole("row")
      .slice(1)
      .map((row) => [...row.querySelectorAll("td")].map((td) => td.textContent));
    expect(rows).toEqual([
      ["Dec 4, 2026, 9:30 AM", "Payment", "Wire 77, paid 2026-12-04", "+$150.00"],
      ["Dec 3, 2026, 10:00 AM", "Return approved", "Lead lead-a1", "+$40.00"],
      ["Dec 1, 2026, 10:00 AM", "Lead bought", "Lead lead-a1", "-$40.00"],
    ]);
    // No provider: no top-up; one page: no pager.
    expect(screen.queryByRole("region", { name: "Top up" })).toBeNull();
    expect(screen.queryByRole("navigation", { name: "Pages of movements" })).toBeNull();
    const rules = { "color-contrast": { enabled: false }, region: { enabled: false } };
    const results = await axe.run(document.body, { rules });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it("says when its room is spent, and that an unbilled buyer has no limit", async () => {
    show({
      [ACCOUNT_API]: ok({
        ...DATA,
        account: { ...DATA.account, billing: "prepaid", room_cents: -500, credit_limit_cents: null },
      }),
    });
    expect(await screen.findByText(/Your room is spent/)).toBeTruthy();
    expect(screen.queryByText("Credit limit")).toBeNull();
    cleanup();
    show({
      [ACCOUNT_API]: ok({
        ...DATA,
        account: { ...DATA.account, billing: "none", room_cents: null, credit_limit_cents: null },
      }),
    });
    expect(await screen.findByText("No limit")).toBeTruthy();
  });

  it("pages back from where the server says the next page starts, and back to the newest", async () => {
    const fetch = show({ [ACCOUNT_API]: ok({ ...DATA, next_before: 20 }) });
    fireEvent.click(await screen.findByRole("button", { name: "Older movements" }));
    await screen.findByRole("table", { name: "Older movements, newest first" });
    fireEvent.click(screen.getByRole("button", { name: "Newest movements" }));
    await screen.findByRole("table", { name: "Movements, newest first" });
    expect(askedQueries(fetch)).toEqual([{}, { before: "20" }, {}]);
  });

  it("tops up: the contract's message on the amount, the provider's refusal, then the payment page to go on to", async () => {
    const answers: Record<string, ServerAnswer> = {
      [ACCOUNT_API]: ok({ ...DATA, top_up_offered: true }),
      [TOP_UP_API]: { status: 409, body: { status: 409, message: "Top-ups are not offered here." } },
    };
    const fetch = show(answers);
    const form = await screen.findByRole("form", { name: "Amount to add" });
    const amount = within(form).getByLabelText("Amount in dollars");
    fireEvent.click(within(form).getByRole("button", { name: "Go on to pay" }));
    await waitFor(() => expect(amount.getAttribute("aria-invalid")).toBe("true"));
    expect(form.textContent).toContain(PAYMENT_MESSAGES.amount);
    expect(fetch.mock.calls.filter(([url]) => String(url).startsWith(TOP_UP_API))).toEqual([]);

    fireEvent.change(amount, { target: { value: "75.50" } });
    fireEvent.click(within(form).getByRole("button", { name: "Go on to pay" }));
    await waitFor(() => expect(alertTexts()).toEqual(["Top-ups are not offered here."]));

    const url = "https://checkout.stripe.test/c/pay/cs_test_1";
    answers[TOP_UP_API] = { status: 201, body: { status: 201, message: "Your payment page is ready.", data: { url } } };
    fireEvent.click(within(form).getByRole("button", { name: "Go on to pay" }));
    const pay = await screen.findByRole("link", { name: "Pay on Stripe's page" });
    expect(pay.getAttribute("href")).toBe(url);
    // The keyboard is taken to it, and the status line says it is ready.
    await waitFor(() => expect(document.activeElement).toBe(pay));
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toContain("Your payment page is ready.");
    const [, sent] = fetch.mock.calls.filter(([u]) => String(u) === TOP_UP_API).at(-1) as unknown as [
      string,
      RequestInit,
    ];
    expect(JSON.parse(sent.body as string)).toEqual({ amount: 75.5 });
  });
});
