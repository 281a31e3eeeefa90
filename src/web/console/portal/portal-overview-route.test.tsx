import { cleanup, screen, within } from "@testing-library/react";
import axe from "axe-core";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { PortalOverview } from "#domain/contracts/portal-overview.ts";
import { expectLoadFailure, FAILED_READS, showScreen } from "../console-screen.testing.tsx";
import PortalOverviewRoute from "./portal-overview-route.tsx";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const FIXED: PortalOverview = {
  buyer: { id: "acme", name: "Acme Lending", kind: "licensed_lender", mode: "direct_post", enabled: true },
  state: "capped",
  full_caps: ["daily"],
  billing: "prepaid",
  account: { room_cents: 7_500, credited_cents: 10_000, charged_cents: 2_500, held_cents: 0 },
  caps: { daily: { used: 5, cap: 5 } },
  budgets: { daily: { used_cents: 5_000, budget_cents: 10_000 } },
  pricing: {
    kind: "fixed",
    price: 20,
    rules: [
      { states: ["CA"], price: 35 },
      { creditScores: ["GOOD"], loanAmount: { min: 1000 }, price: 28.5 },
    ],
  },
  schedule: null,
  time_zone: "America/Chicago",
  open_now: true,
  filters: { states: ["NY", "CA"], loanAmount: { min: 500, max: 3000 }, creditScores: ["GOOD", "FAIR"] },
  licensed_states: ["NY", "CA"],
  test_mode: "live",
  duplicate_window_days: 45,
  returns: { window_days: 10, cap_percent: 15 },
};

const BIDDER: PortalOverview = {
  ...FIXED,
  buyer: { ...FIXED.buyer, id: "beta", name: "Beta Leads", kind: "lead_buyer" },
  state: "no_room",
  full_caps: [],
  account: { room_cents: 0, credited_cents: 5_000, charged_cents: 5_000, held_cents: 0 },
  caps: {},
  budgets: {},
  pricing: { kind: "bid", floor: 12, state_floors: { TX: 18, FL: 9.5 } },
  schedule: { mon: [["09:00", "17:00"]], sat: [["10:00", "12:00"]] },
  open_now: false,
  filters: {},
  licensed_states: null,
  returns: { window_days: 0, cap_percent: 10 },
};

const API = "/api/console/portal/overview";
const show = (data: PortalOverview) =>
  showScreen(
    "/console/portal",
    PortalOverviewRoute,
    { [API]: { status: 200, body: { status: 200, message: "ok", data } } },
    "buyer",
  );

/** A definition list's terms and what each says. */
const factsIn = (part: HTMLElement) =>
  Object.fromEntries(
    [...part.querySelectorAll("dt")].map((dt) => [dt.textContent, dt.nextElementSibling!.textContent]),
  );

describe("the buyer portal's overview", () => {
  it("shows the buyer's state, money, caps, prices in their order, the leads it takes and its terms", async () => {
    show(FIXED);
    expect((await screen.findByRole("heading", { level: 1 })).textContent).toBe("Overview: Acme Lending");
    expect(factsIn(screen.getByRole("region", { name: "Now" }))).toEqual({
      "Buyer id": "acme",
      State: "Capped (daily)",
      Billing: "Prepaid",
      Room: "$75.00",
      "Paid and refunded": "$100.00",
      "Charged for sales": "$25.00",
      "Held for posts in flight": "$0.00",
      "Caps used": "5 of 5 daily, $50.00 of $100.00 daily budget",
    });
    const prices = screen.getByRole("region", { name: "Prices" });
    expect(factsIn(prices)).toEqual({ "Fixed price": "$20.00 a lead no rule below matches" });
    const rules = within(prices).getByRole("table", { name: /^Price rules, in order/ });
    expect(
      within(rules)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(["1states CA$35.00", "2credit Good (680-719); amount $1,000 or more$28.50"]);
    expect(factsIn(screen.getByRole("region", { name: "Leads you take" }))).toEqual({
      "Licensed in": "NY, CA",
      States: "NY, CA",
      "Loan amount": "$500 to $3,000",
      Credit: "Good (680-719), Fair (640-679)",
      "Test leads": "Real leads only",
      "Same person again": "Not within 45 days",
    });
    expect(within(screen.getByRole("region", { name: "Opening hours" })).getByText("Always open.")).toBeTruthy();
    expect(factsIn(screen.getByRole("region", { name: "Returns" }))).toEqual({
      Window: "10 days after the sale",
      "Monthly cap": "15% of the leads you buy in a month, at least one",
    });
  });

  it("shows a bidder its floors by state and its week, says when its room is spent, and a window of 0 days", async () => {
    show(BIDDER);
    const prices = await screen.findByRole("region", { name: "Prices" });
    expect(factsIn(prices)).toEqual({ "You bid": "Bids below your floor of $12.00 are not taken" });
    const floors = within(prices).getByRole("table", { name: "Floors by state, instead of your floor" });
    expect(
      within(floors)
        .getAllByRole("row")
        .slice(1)
        .map((row) => row.textContent),
    ).toEqual(["FL$9.50", "TX$18.00"]);
    const now = screen.getByRole("region", { name: "Now" });
    expect(factsIn(now).State).toBe("Out of money");
    expect(within(now).getByText(/Your room is spent/)).toBeTruthy();
    const hours = screen.getByRole("region", { name: "Opening hours" });
    expect(within(hours).getByText("In America/Chicago; closed now.")).toBeTruthy();
    expect(factsIn(hours)).toMatchObject({ Monday: "09:00–17:00", Tuesday: "Closed", Saturday: "10:00–12:00" });
    expect(factsIn(screen.getByRole("region", { name: "Returns" }))).toEqual({ Returns: "Your terms take no returns" });
  });

  it("heads its parts under the one h1, with nothing for axe", async () => {
    show(FIXED);
    await screen.findByRole("region", { name: "Now" });
    expect(screen.getAllByRole("heading").map((h) => `${h.tagName} ${h.textContent}`)).toEqual([
      "H1 Overview: Acme Lending",
      "H2 Now",
      "H2 Prices",
      "H2 Leads you take",
      "H2 Opening hours",
      "H2 Returns",
    ]);
    // The page as a screen reader meets it (the layout's <main> around it is not rendered here).
    const rules = { "color-contrast": { enabled: false }, region: { enabled: false } };
    const results = await axe.run(document.body, { rules });
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
  });

  it.each(FAILED_READS)("says what failed on $name", async ({ answer, says }) => {
    showScreen("/console/portal", PortalOverviewRoute, { [API]: answer }, "buyer");
    await expectLoadFailure("your account", says);
  });
});
