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
import { todayIn } from "../reports/report-period.ts";
import { BuyerMoneySection } from "./buyer-money-section.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const ok = (data: unknown, status = 200): ServerAnswer => ({ status, body: { status, message: "OK", data } });

const ACCOUNT_API = "/api/console/buyers/acme/account";
const PAYMENTS_API = "/api/console/buyers/acme/payments";
const TOP_UP_API = "/api/console/buyers/acme/top-up";
const INVOICES_API = "/api/console/invoices";
const NOT_OFFERED = "Top-ups are not offered here: no payment provider is configured.";

const PAYMENT = {
  id: "pay_1",
  buyer_id: "acme",
  amount_cents: 150_050,
  reference: "Wire 77",
  paid_on: "2026-12-01",
  source: "operator",
  external_id: null,
  recorded_by: "manager@example.com",
  created_at: "2026-12-01T15:00:00.000Z",
};
const ACCOUNT = {
  account: {
    billing: "prepaid",
    credited_cents: 150_050,
    charged_cents: 2_000,
    held_cents: 500,
    room_cents: 147_550,
    low_room_alerted_at: null,
  },
  top_up_offered: false,
  payments: [PAYMENT],
  more: false,
};
const INVOICE = {
  number: 7,
  buyer_id: "acme",
  name: "Acme",
  period: "monthly",
  period_start: "2026-11-01",
  period_end: "2026-11-30",
  closed_at: "2026-12-01T00:10:00.000Z",
  totals: {
    leads_sold: 3,
    sold_cents: 12_000,
    returns: 0,
    returned_cents: 0,
    payments: 1,
    paid_cents: 10_000,
    net_cents: 12_000,
    opening_balance_cents: 0,
    balance_cents: -2_000,
  },
};

function show(answers: Record<string, ServerAnswer>, role: "owner" | "manager" = "manager") {
  const onChanged = vi.fn();
  const fetch = showScreen(
    "/console/buyers/acme",
    () => <BuyerMoneySection buyerId="acme" onChanged={onChanged} />,
    answers,
    role,
  );
  return { fetch, onChanged };
}

const calls = (fetch: ReturnType<typeof vi.fn>, path: string) =>
  fetch.mock.calls.filter(([url]) => new URL(String(url), "http://console.test").pathname === path) as [
    string,
    RequestInit | undefined,
  ][];

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(field(label), { target: { value } });
const messageOf = (label: string) => {
  const ids = field(label).getAttribute("aria-describedby") ?? "";
  return ids
    .split(" ")
    .map((id) => document.getElementById(id)?.textContent ?? "")
    .join(" ");
};

describe("a buyer's Money section", () => {
  it.each(FAILED_READS)("says what failed on $name, never an endless Loading…", async ({ answer, says }) => {
    show({ [ACCOUNT_API]: answer, [INVOICES_API]: ok({ invoices: [] }) });
    await expectLoadFailure("the buyer's account", says);
  });

  it("shows the account, the payments and the invoices with their files, and nothing for axe", async () => {
    const { fetch } = show({ [ACCOUNT_API]: ok(ACCOUNT), [INVOICES_API]: ok({ invoices: [INVOICE] }) });
    const section = await screen.findByRole("region", { name: "Money" });
    await within(section).findByRole("table", { name: "Payments, newest first" });
    const terms = [...section.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]);
    expect(terms).toEqual([
      ["Billing", "Prepaid"],
      ["Room", "$1,475.50"],
      ["Paid and refunded", "$1,500.50"],
      ["Charged for sales", "$20.00"],
      ["Held for posts in flight", "$5.00"],
      ["Low-room alert", "Not sent"],
    ]);
    const payments = screen.getByRole("table", { name: "Payments, newest first" });
    expect(within(payments).getAllByRole("row")[1]!.textContent).toBe(
      "2026-12-01$1,500.50Wire 77Recorded by manager@example.comDec 1, 2026, 3:00 PM",
    );
    const invoices = await screen.findByRole("table", { name: "Invoices, newest first" });
    expect(within(invoices).getAllByRole("row")[1]!.textContent).toContain("0000072026-11-01 to 2026-11-30");
    expect(within(invoices).getByRole("link", { name: "Invoice 000007 as PDF" }).getAttribute("href")).toBe(
      "/api/console/invoices/7/pdf",
    );
    expect(within(invoices).getByRole("link", { name: "Invoice 000007 as CSV" }).getAttribute("href")).toBe(
      "/api/console/invoices/7/csv",
    );
    // The buyer's own invoices only, and a way to all of them.
    expect(new URL(calls(fetch, INVOICES_API)[0]![0], "http://console.test").searchParams.get("buyer")).toBe("acme");
    expect(screen.getByRole("link", { name: "All its invoices" }).getAttribute("href")).toBe(
      "/console/invoices?buyer=acme",
    );
    // No provider configured: no top-up link to make.
    expect(screen.queryByRole("button", { name: "Make a top-up link" })).toBeNull();
    const rules = { "color-contrast": { enabled: false }, region: { enabled: false } };
    const results = await axe.run(document.body, { rules });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it("records a payment: the contract's messages on their fields first, the server's next, then it says so and reads again", async () => {
    const answers: Record<string, ServerAnswer> = {
      [ACCOUNT_API]: ok(ACCOUNT),
      [INVOICES_API]: ok({ invoices: [] }),
      [PAYMENTS_API]: {
        status: 400,
        body: { status: 400, message: "Check the fields.", errors: { paid_on: PAYMENT_MESSAGES.future } },
      },
    };
    const { fetch, onChanged } = show(answers);
    const form = await screen.findByRole("form", { name: "Record a payment" });
    expect(field("Day the money arrived").value).toBe(todayIn("UTC"));

    // Nothing typed: the contract's messages, on their fields, and nothing sent.
    fireEvent.click(within(form).getByRole("button", { name: "Record the payment" }));
    await waitFor(() => expect(field("Amount in dollars").getAttribute("aria-invalid")).toBe("true"));
    expect(messageOf("Amount in dollars")).toContain(PAYMENT_MESSAGES.amount);
    expect(messageOf("Reference")).toContain(PAYMENT_MESSAGES.reference);
    await waitFor(() => expect(document.activeElement).toBe(field("Amount in dollars")));
    type("Amount in dollars", "10.005");
    await waitFor(() => expect(messageOf("Amount in dollars")).toContain(PAYMENT_MESSAGES.cents));
    expect(calls(fetch, PAYMENTS_API)).toEqual([]);

    // The server's message lands on its field too.
    type("Amount in dollars", "$1,500.50");
    type("Reference", " Wire 78 ");
    fireEvent.click(within(form).getByRole("button", { name: "Record the payment" }));
    await waitFor(() => expect(field("Day the money arrived").getAttribute("aria-invalid")).toBe("true"));
    expect(messageOf("Day the money arrived")).toContain(PAYMENT_MESSAGES.future);
    const [[, sent]] = calls(fetch, PAYMENTS_API) as [[string, RequestInit]];
    expect(sent.method).toBe("POST");
    expect(JSON.parse(sent.body as string)).toEqual({ amount: 1500.5, reference: "Wire 78", paid_on: todayIn("UTC") });
    expect(onChanged).not.toHaveBeenCalled();

    // Recorded: said in the status line, the form emptied, the account and the buyer read again.
    answers[PAYMENTS_API] = {
      status: 201,
      body: {
        status: 201,
        message: "Payment recorded; the buyer's room is credited.",
        data: { payment: PAYMENT, account: ACCOUNT.account },
      },
    };
    const readsBefore = calls(fetch, ACCOUNT_API).length;
    type("Day the money arrived", "2026-12-01");
    fireEvent.click(within(form).getByRole("button", { name: "Record the payment" }));
    await waitFor(() =>
      expect(screen.getAllByRole("status").map((s) => s.textContent)).toContain(
        "Payment recorded; the buyer's room is credited.",
      ),
    );
    expect(onChanged).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(calls(fetch, ACCOUNT_API).length).toBe(readsBefore + 1));
    expect(field("Amount in dollars").value).toBe("");
    expect(field("Reference").value).toBe("");
    expect(alertTexts()).toEqual([]);
  });

  it("makes a top-up link to copy when a provider is configured, and says why not when it refuses", async () => {
    const answers: Record<string, ServerAnswer> = {
      [ACCOUNT_API]: ok({ ...ACCOUNT, top_up_offered: true }),
      [INVOICES_API]: ok({ invoices: [] }),
      [TOP_UP_API]: { status: 409, body: { status: 409, message: NOT_OFFERED } },
    };
    const { fetch } = show(answers, "owner");
    const form = await screen.findByRole("form", { name: "Top-up link" });
    const amount = within(form).getByLabelText("Amount in dollars");
    fireEvent.change(amount, { target: { value: "0.5" } });
    fireEvent.click(within(form).getByRole("button", { name: "Make a top-up link" }));
    await waitFor(() => expect(amount.getAttribute("aria-invalid")).toBe("true"));
    expect(form.textContent).toContain(PAYMENT_MESSAGES.topUpTooSmall);
    expect(calls(fetch, TOP_UP_API)).toEqual([]);

    fireEvent.change(amount, { target: { value: "250" } });
    fireEvent.click(within(form).getByRole("button", { name: "Make a top-up link" }));
    await waitFor(() => expect(alertTexts()).toEqual([NOT_OFFERED]));

    const url = "https://checkout.stripe.test/c/pay/cs_test_1";
    answers[TOP_UP_API] = { status: 201, body: { status: 201, message: "Top-up page made.", data: { url } } };
    fireEvent.click(within(form).getByRole("button", { name: "Make a top-up link" }));
    expect(await screen.findByText(url)).toBeTruthy();
    expect(screen.getByRole("button", { name: "Copy the top-up link" })).toBeTruthy();
    expect(screen.getAllByRole("status").map((s) => s.textContent)).toContain("Top-up page made.");
    expect(JSON.parse(calls(fetch, TOP_UP_API).at(-1)![1]!.body as string)).toEqual({ amount: 250 });
  });
});
