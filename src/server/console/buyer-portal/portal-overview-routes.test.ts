import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { saveBuyer } from "../../distribution/auction/buyer-registry.ts";
import { buyerAccounts, buyerCalls, buyers, leads } from "../../platform/db/schema.ts";
import { NOT_ALLOWED } from "../access/console-access.ts";
import { BUYER_GONE } from "./portal-buyer.ts";

// The buyer portal's overview (docs/product/buyer-money.md#the-buyer-portal): the account's own buyer, its state and
// money counted as the buyers list counts them, and its terms, never a credential.

const SECRET_URL = "https://acme.example/post?api_key=k-url-secret-1";
const SECRET_HEADER = "Bearer h-header-secret-2";

const acme = {
  id: "acme",
  name: "Acme Lending",
  kind: "licensed_lender",
  licensedStates: ["NY", "CA"],
  mode: "direct_post",
  protocol: "json",
  post: {
    url: SECRET_URL,
    headers: { Authorization: SECRET_HEADER },
    fields: [{ to: "Applicant.SecretFieldName", from: "first_name" }],
    answer: { success: { path: "ok", equals: [true] } },
  },
  pricing: {
    kind: "fixed",
    price: 20,
    rules: [
      { states: ["CA"], price: 35 },
      { creditScores: ["EXCELLENT", "GOOD"], loanAmount: { min: 1000 }, price: 28.5 },
    ],
  },
  caps: { daily: 5, weekly: 40 },
  budget: { daily: 100 },
  billing: { kind: "prepaid" },
  timeZone: "America/Chicago",
  filters: { states: ["NY", "CA"], loanAmount: { min: 500, max: 3000 }, creditScores: ["GOOD", "FAIR"] },
  returns: { window_days: 10, cap_percent: 15 },
  duplicateWindowDays: 45,
};

const beta = {
  id: "beta",
  name: "Beta Leads",
  kind: "lead_buyer",
  mode: "direct_post",
  protocol: "json",
  post: { url: "https://beta.example/post", fields: [], answer: { success: { path: "ok", equals: [true] } } },
  pricing: { kind: "bid" },
  floor: 12,
  stateFloors: { TX: 18, FL: 9.5 },
  schedule: { mon: [["09:00", "17:00"]] },
};

describe("the buyer portal's overview", () => {
  let t: TestApp;
  let acmeUser: ConsoleUser;
  let betaUser: ConsoleUser;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await saveBuyer(db, acme);
    await saveBuyer(db, beta);
    // Two posts in flight or sold today, at $20 and $30, and an account with $100 paid and $25 charged.
    for (const [id, cents] of [
      ["ld_ov_1", 2000],
      ["ld_ov_2", 3000],
    ] as const) {
      await db.insert(leads).values({ id, accessTokenHash: "x" });
      await db
        .insert(buyerCalls)
        .values({ leadId: id, buyerId: "acme", kind: "post", state: "accepted", priceCents: cents });
    }
    await db.insert(buyerAccounts).values({ buyerId: "acme", creditedCents: 10_000, chargedCents: 2_500 });
    acmeUser = await signInAs(t, "buyer", undefined, "acme");
    betaUser = await signInAs(t, "buyer", undefined, "beta");
  });
  afterAll(() => t.app.close());

  const overview = (user: ConsoleUser) =>
    t.app.inject({ method: "GET", url: "/api/console/portal/overview", headers: user.read });

  it("shows a buyer its own state, money, caps used and terms, and none of its credentials", async () => {
    const res = await overview(acmeUser);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.buyer).toEqual({
      id: "acme",
      name: "Acme Lending",
      kind: "licensed_lender",
      mode: "direct_post",
      enabled: true,
    });
    expect(data).toMatchObject({
      state: "running",
      full_caps: [],
      billing: "prepaid",
      account: { room_cents: 7_500, credited_cents: 10_000, charged_cents: 2_500, held_cents: 0 },
      caps: { daily: { used: 2, cap: 5 }, weekly: { used: 2, cap: 40 } },
      budgets: { daily: { used_cents: 5_000, budget_cents: 10_000 } },
      schedule: null,
      time_zone: "America/Chicago",
      open_now: true,
      licensed_states: ["NY", "CA"],
      test_mode: "live",
      duplicate_window_days: 45,
      returns: { window_days: 10, cap_percent: 15 },
    });
    expect(data.caps).not.toHaveProperty("hourly");
    // The rules in their order: the first that matches a lead sets its price.
    expect(data.pricing).toEqual({
      kind: "fixed",
      price: 20,
      rules: [
        { states: ["CA"], price: 35 },
        { creditScores: ["EXCELLENT", "GOOD"], loanAmount: { min: 1000 }, price: 28.5 },
      ],
    });
    expect(data.filters).toEqual({
      states: ["NY", "CA"],
      loanAmount: { min: 500, max: 3000 },
      creditScores: ["GOOD", "FAIR"],
    });
    for (const secret of ["k-url-secret-1", "h-header-secret-2", "acme.example", "SecretFieldName", "Authorization"])
      expect(res.body).not.toContain(secret);
  });

  it("shows a bidder its floor and floors by state, its hours, and reads as out of money once its room is spent", async () => {
    const data = (await overview(betaUser)).json().data;
    expect(data.buyer.id).toBe("beta");
    expect(data.pricing).toEqual({ kind: "bid", floor: 12, state_floors: { TX: 18, FL: 9.5 } });
    expect(data.schedule).toEqual({ mon: [["09:00", "17:00"]] });
    expect(data).toMatchObject({ billing: "none", account: null, licensed_states: null, caps: {}, budgets: {} });
    expect(data.returns).toEqual({ window_days: 7, cap_percent: 10 });

    // acme's room spent: the state the buyers list would show.
    await t.database.db.update(buyerAccounts).set({ chargedCents: 10_000 }).where(eq(buyerAccounts.buyerId, "acme"));
    const spent = (await overview(acmeUser)).json().data;
    expect(spent).toMatchObject({ state: "no_room", account: { room_cents: 0 } });
  });

  it("answers 403 to an owner, who is bound to no buyer, and to an account whose buyer is gone", async () => {
    const owner = await signInAs(t, "owner");
    const refused = await overview(owner);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_ALLOWED);

    await saveBuyer(t.database.db, { ...beta, id: "gone", name: "Gone" });
    const goneUser = await signInAs(t, "buyer", undefined, "gone");
    expect((await overview(goneUser)).statusCode).toBe(200);
    await t.database.db.delete(buyers).where(eq(buyers.id, "gone"));
    const gone = await overview(goneUser);
    expect(gone.statusCode).toBe(403);
    expect(gone.json().message).toBe(BUYER_GONE);
  });
});
