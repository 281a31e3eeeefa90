import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import {
  alertTexts,
  expectLoadFailure,
  FAILED_READS,
  serverError,
  showScreen,
  type ServerAnswer,
} from "../console-screen.testing.tsx";
import BuyerRoute from "./buyer-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const answer = (data: unknown): ServerAnswer => ({ status: 200, body: { status: 200, message: "OK", data } });

/** The buyer page's other reads, as a buyer with no money moved and no change request has them. */
const MONEY_AND_REQUESTS = {
  "/api/console/buyers/acme/account": answer({
    account: {
      billing: "none",
      credited_cents: 0,
      charged_cents: 0,
      held_cents: 0,
      room_cents: null,
      low_room_alerted_at: null,
    },
    top_up_offered: false,
    payments: [],
    more: false,
  }),
  "/api/console/invoices": answer({ invoices: [] }),
  "/api/console/change-requests": answer({ requests: [] }),
};

const DETAIL = {
  buyer: {
    id: "acme",
    name: "Acme",
    kind: "lead_buyer",
    mode: "ping_post",
    tier: 1,
    source: "console",
    overrides: null,
    enabled: true,
    shadow: false,
    state: "running",
    full_caps: [],
    version: 3,
    billing: "none",
    account: null,
    caps: {},
    budgets: {},
  },
  config: { id: "acme", name: "Acme", enabled: true, kind: "lead_buyer", mode: "post_only", protocol: "json" },
  versions: [],
};

describe("a buyer's page", () => {
  it.each([...FAILED_READS, { name: "a buyer that is not there (404)", answer: undefined, says: "Not found" }])(
    "says what failed on $name, never an endless Loading…",
    async ({ answer: failed, says }) => {
      showScreen("/console/buyers/:id", BuyerRoute, failed ? { "/api/console/buyers/acme": failed } : {}, "manager", {
        address: "/console/buyers/acme",
      });
      await expectLoadFailure("buyer acme", says);
      expect(screen.getByRole("link", { name: "All buyers" }).getAttribute("href")).toBe("/console/buyers");
    },
  );

  it("keeps the buyer on screen and says so when its read after a change fails", async () => {
    const answers: Record<string, ServerAnswer> = {
      "/api/console/buyers/acme": answer(DETAIL),
      "/api/console/buyers/acme/api-keys": answer({ api_keys: [] }),
      "/api/console/buyers/acme/pause": answer({ id: "acme", version: 4 }),
      ...MONEY_AND_REQUESTS,
    };
    showScreen("/console/buyers/:id", BuyerRoute, answers, "manager", { address: "/console/buyers/acme" });
    expect(await screen.findByRole("heading", { level: 1, name: "Acme" })).toBeTruthy();
    answers["/api/console/buyers/acme"] = serverError;
    fireEvent.click(screen.getByRole("button", { name: "Pause buyer" }));
    await waitFor(() =>
      expect(alertTexts()).toContain(`Could not load buyer acme: ${serverError.body.message}Try again`),
    );
    expect(screen.getByRole("heading", { level: 1 }).textContent).toBe("Acme");
  });

  it("shows a billed buyer out of money in its header, with its account and its caps and budgets used", async () => {
    const detail = {
      ...DETAIL,
      buyer: {
        ...DETAIL.buyer,
        state: "no_room",
        billing: "prepaid",
        account: { room_cents: 0, credited_cents: 50_000, charged_cents: 48_000, held_cents: 2_000 },
        caps: { weekly: { used: 40, cap: 100 } },
        budgets: { monthly: { used_cents: 50_000, budget_cents: 300_000 } },
      },
    };
    showScreen(
      "/console/buyers/:id",
      BuyerRoute,
      {
        "/api/console/buyers/acme": answer(detail),
        "/api/console/buyers/acme/api-keys": answer({ api_keys: [] }),
        ...MONEY_AND_REQUESTS,
      },
      "analyst",
      { address: "/console/buyers/acme" },
    );
    const title = await screen.findByRole("heading", { level: 1, name: "Acme" });
    expect(title.parentElement!.textContent).toContain("Out of money");
    const facts = screen.getByRole("region", { name: "Money and caps" });
    const terms = [...facts.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]);
    expect(terms).toEqual([
      ["Billing", "Prepaid"],
      ["Room", "$0.00"],
      ["Paid and refunded", "$500.00"],
      ["Charged for sales", "$480.00"],
      ["Held for posts in flight", "$20.00"],
      ["Caps used", "40 of 100 weekly, $500.00 of $3,000.00 monthly budget"],
    ]);
    expect(facts.textContent).toContain("Its room is spent");
  });

  it("opens with the buyer's name, its state in words and its actions, then its versions as a diff table", async () => {
    const version = (n: number, config: Record<string, unknown>, changed: string[]) => ({
      version: n,
      enabled: true,
      config,
      operator_email: "manager@example.com",
      note: n === 2 ? "daily cap up" : null,
      created_at: "2026-12-01T10:00:00Z",
      changed,
    });
    const detail = {
      ...DETAIL,
      buyer: { ...DETAIL.buyer, state: "capped", full_caps: ["daily"] },
      versions: [
        version(2, { ...DETAIL.config, caps: { daily: 80 } }, ["caps.daily", "tier"]),
        version(1, { ...DETAIL.config, caps: { daily: 50 }, tier: 2 }, []),
      ],
    };
    showScreen(
      "/console/buyers/:id",
      BuyerRoute,
      {
        "/api/console/buyers/acme": answer(detail),
        "/api/console/buyers/acme/api-keys": answer({ api_keys: [] }),
        ...MONEY_AND_REQUESTS,
      },
      "analyst",
      { address: "/console/buyers/acme" },
    );
    const title = await screen.findByRole("heading", { level: 1, name: "Acme" });
    const header = title.parentElement!;
    expect(header.textContent).toContain("Capped (daily)");
    expect(header.textContent).toContain("Console");
    expect(screen.queryByRole("button", { name: "Pause buyer" })).toBeNull();
    expect(screen.getByRole("heading", { name: "Configuration" })).toBeTruthy();

    const diff = screen.getByRole("table", { name: "Changes in version 2" });
    const [head, daily, tier] = within(diff).getAllByRole("row");
    expect(head!.textContent).toBe("FieldBeforeAfter");
    expect(daily!.textContent).toBe("caps.dailyRemoved50Added80");
    // A setting that went back to its default: its old value removed, nothing in its place.
    expect(tier!.textContent).toBe("tierRemoved2not set");
    expect(screen.getByText(/daily cap up/)).toBeTruthy();
    expect(screen.getByText("The first version.")).toBeTruthy();
  });
});
