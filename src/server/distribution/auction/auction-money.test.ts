import { describe, expect, it } from "vitest";
import { eq, sql } from "drizzle-orm";
import { buyerAccounts, buyerCalls, mailOutbox } from "../../platform/db/schema.ts";
import { callsOf, claimAuction, outcomesOf, reservePost, type GatedBuyer } from "./auction-store.ts";
import {
  accept,
  addBuyers,
  auctionTestBed,
  bid,
  decided,
  decline,
  lenderConfig,
  saveLead,
  savePendingAuction,
  sendLead,
  type FakeBuyer,
  type SavedLead,
} from "./auction.testing.ts";

// A buyer's money at the auction (docs/product/buyer-money.md): its room held at the post's gate and settled with the
// post, no ping without room, prices by rule and floors by state, weekly caps and budgets.

const bed = auctionTestBed();
const db = () => bed.t.database.db;

const posts = (s: FakeBuyer) => s.bodies.filter((b) => b.path === "/post");
const pings = (s: FakeBuyer) => s.bodies.filter((b) => b.path === "/ping");

async function sell(lead: SavedLead) {
  expect((await sendLead(bed.t.app, lead)).statusCode).toBe(200);
  return decided(db(), lead.id);
}

async function account(buyerId: string) {
  const [row] = await db().select().from(buyerAccounts).where(eq(buyerAccounts.buyerId, buyerId));
  return row;
}

/** Credits a buyer's account as a payment does (the payment store's own tests cover the payment itself). */
async function fund(buyerId: string, cents: number) {
  await db().execute(sql`insert into buyer_accounts (buyer_id, credited_cents) values (${buyerId}, ${cents})
    on conflict (buyer_id) do update set credited_cents = buyer_accounts.credited_cents + excluded.credited_cents`);
}

const direct = (id: string, server: FakeBuyer, price: number, more: Record<string, unknown> = {}) =>
  lenderConfig(id, server, { mode: "direct_post", ping: undefined, pricing: { kind: "fixed", price }, ...more });

describe("a prepaid buyer", () => {
  it("buys while its balance lasts, is not pinged once it is spent, and is charged what it bought", async () => {
    const prepaid = await bed.buyer({ ping: () => bid(10), post: () => accept("https://prepaid.example/o") });
    const backup = await bed.buyer({ ping: () => bid(1), post: () => accept("https://backup.example/o") });
    await addBuyers(
      db(),
      lenderConfig("prepaid", prepaid, { pricing: { kind: "fixed", price: 10 }, billing: { kind: "prepaid" } }),
      lenderConfig("backup", backup),
    );
    await fund("prepaid", 3000);
    const results = [];
    for (let i = 0; i < 4; i++) results.push(await sell(await saveLead(bed.t)));
    expect(results.map((r) => r.buyerId)).toEqual(["prepaid", "prepaid", "prepaid", "backup"]);
    // The fourth lead never reached it: no ping, and its outcome says why.
    expect(pings(prepaid)).toHaveLength(3);
    const [outcome] = (await outcomesOf(db(), results[3]!.leadId)).filter((o) => o.buyerId === "prepaid");
    expect(outcome).toMatchObject({ outcome: "no_room", detail: "balance $0.00, lead $10.00" });
    expect(await account("prepaid")).toMatchObject({ creditedCents: 3000, chargedCents: 3000, heldCents: 0 });
  }, 60_000);

  it("never passes its balance however many auctions run at once", async () => {
    const prepaid = await bed.buyer({ post: () => accept("https://prepaid.example/o") });
    const backup = await bed.buyer({ ping: () => bid(1), post: () => accept("https://backup.example/o") });
    await addBuyers(
      db(),
      direct("prepaid", prepaid, 10, { billing: { kind: "prepaid" } }),
      lenderConfig("backup", backup),
    );
    await fund("prepaid", 3000);
    const leads = await Promise.all(Array.from({ length: 8 }, () => saveLead(bed.t)));
    const sent = await Promise.all(leads.map((lead) => sendLead(bed.t.app, lead)));
    for (const res of sent) expect(res.statusCode).toBe(200);
    const results = await Promise.all(leads.map((lead) => decided(db(), lead.id)));
    expect(results.filter((r) => r.buyerId === "prepaid")).toHaveLength(3);
    expect(results.filter((r) => r.buyerId === "backup")).toHaveLength(5);
    expect(posts(prepaid)).toHaveLength(3);
    expect(await account("prepaid")).toMatchObject({ chargedCents: 3000, heldCents: 0 });
  }, 60_000);

  it("gets its hold back when it rejects the post", async () => {
    const picky = await bed.buyer({ post: () => decline });
    await addBuyers(db(), direct("picky", picky, 10, { billing: { kind: "prepaid" } }));
    await fund("picky", 1000);
    expect((await sell(await saveLead(bed.t))).status).toBe("rejected");
    expect(posts(picky)).toHaveLength(1);
    expect(await account("picky")).toMatchObject({ chargedCents: 0, heldCents: 0 });
    const [post] = (await db().select().from(buyerCalls).where(eq(buyerCalls.buyerId, "picky"))).filter(
      (c) => c.kind === "post",
    );
    expect(post).toMatchObject({ state: "rejected", heldCents: 1000 });
  }, 60_000);
});

describe("a buyer on credit", () => {
  it("buys until what it owes reaches its limit, and the alert goes once when its room falls below the threshold", async () => {
    const credit = await bed.buyer({ post: () => accept("https://credit.example/o") });
    await addBuyers(
      db(),
      direct("credit", credit, 20, {
        billing: { kind: "credit", creditLimit: 50, lowRoomAlert: 25, email: "billing@credit.example" },
      }),
    );
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await sell(await saveLead(bed.t)));
    // $50 of credit: two leads at $20; the third finds $10 left.
    expect(results.map((r) => r.status)).toEqual(["accepted", "accepted", "rejected"]);
    expect(await account("credit")).toMatchObject({ chargedCents: 4000, heldCents: 0 });
    // Room $30 after the first sale (above $25), $10 after the second (below): one alert.
    const mails = await db().select().from(mailOutbox).where(eq(mailOutbox.purpose, "buyer_low_room"));
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ toAddress: "billing@credit.example" });
    expect(mails[0]!.subject).toContain("$10.00");
    expect((await account("credit"))!.lowRoomAlertedAt).not.toBeNull();
  }, 60_000);
});

describe("prices by rule and floors by state", () => {
  it("makes a Texas lead cost more than a New York one, the first matching rule winning", async () => {
    const ruled = await bed.buyer({ post: () => accept("https://ruled.example/o") });
    await addBuyers(
      db(),
      direct("ruled", ruled, 8, {
        pricing: {
          kind: "fixed",
          price: 8,
          rules: [
            { states: ["TX"], loanAmount: { min: 2000 }, price: 30 },
            { states: ["TX"], price: 15 },
            { creditScores: ["EXCELLENT"], price: 12 },
          ],
        },
      }),
    );
    const texas = await sell(await saveLead(bed.t, { state: "TX", zip: "73301", city: "Austin" }));
    const texasBig = await sell(
      await saveLead(bed.t, { state: "TX", zip: "73301", city: "Austin", loan_amount: 2500 }),
    );
    const newYork = await sell(await saveLead(bed.t));
    expect([texas.priceCents, texasBig.priceCents, newYork.priceCents]).toEqual([1500, 3000, 800]);
  }, 60_000);

  it("passes over a bid under the floor of the lead's state, and takes it elsewhere", async () => {
    const bidder = await bed.buyer({ ping: () => bid(20), post: () => accept("https://bidder.example/o") });
    await addBuyers(db(), lenderConfig("bidder", bidder, { floor: 5, stateFloors: { TX: 25 } }));
    const texas = await sell(await saveLead(bed.t, { state: "TX", zip: "73301", city: "Austin" }));
    const newYork = await sell(await saveLead(bed.t));
    expect(texas.status).toBe("rejected");
    const [outcome] = await outcomesOf(db(), texas.leadId);
    expect(outcome).toMatchObject({ buyerId: "bidder", outcome: "below_floor", detail: "floor $25" });
    expect(newYork).toMatchObject({ status: "accepted", priceCents: 2000 });
  }, 60_000);
});

describe("the post's gate", () => {
  const NOW = new Date("2026-03-12T15:00:00Z"); // a Thursday; the week began on Monday the 9th (New York)

  async function pastPost(buyerId: string, at: string, priceCents: number) {
    const lead = await saveLead(bed.t);
    await db()
      .insert(buyerCalls)
      .values({ leadId: lead.id, buyerId, kind: "post", state: "accepted", priceCents, createdAt: new Date(at) });
  }

  async function reserve(buyer: GatedBuyer, priceCents = 1000) {
    const { lead } = await savePendingAuction(bed.t);
    const claim = await claimAuction(db(), lead.id, "money-test", 60_000);
    return reservePost(db(), buyer, { leadId: lead.id, request: {}, priceCents }, claim!.token, NOW);
  }

  it("counts a weekly cap from Monday in the buyer's zone", async () => {
    const weekly = { id: "weekly", timeZone: "America/New_York", caps: { weekly: 2 } };
    // Sunday evening in New York is last week; Monday morning is this one.
    await pastPost("weekly", "2026-03-08T23:00:00Z", 100);
    await pastPost("weekly", "2026-03-09T14:00:00Z", 100);
    expect(await reserve(weekly)).toHaveProperty("id");
    expect(await reserve(weekly)).toEqual({ refused: "at cap", caps: ["weekly"] });
  });

  it("refuses a post that would pass the day's budget, counting posts in flight at their price", async () => {
    const budgeted = { id: "budgeted", timeZone: "America/New_York", caps: {}, budget: { daily: 25 } };
    await pastPost("budgeted", "2026-03-12T13:00:00Z", 1000);
    expect(await reserve(budgeted, 1000)).toHaveProperty("id"); // $20 of $25, one of them in flight
    expect(await reserve(budgeted, 1000)).toEqual({ refused: "at cap", caps: ["daily budget"] });
    expect(await reserve(budgeted, 500)).toHaveProperty("id"); // exactly $25
  });

  it("holds a billed buyer's price in the gate's statement, and refuses one it has no room for", async () => {
    const billed: GatedBuyer = { id: "billed", timeZone: "UTC", caps: {}, billing: { kind: "prepaid" } };
    expect(await reserve(billed)).toEqual({ refused: "no room" });
    await fund("billed", 1500);
    const held = await reserve(billed);
    expect(held).toHaveProperty("id");
    expect(await account("billed")).toMatchObject({ heldCents: 1000 });
    expect(await reserve(billed)).toEqual({ refused: "no room" });
    const onCredit: GatedBuyer = { ...billed, id: "on-credit", billing: { kind: "credit", creditLimit: 10 } };
    expect(await reserve(onCredit)).toHaveProperty("id");
    // A test lead is held against nobody.
    const { lead } = await savePendingAuction(bed.t);
    const claim = await claimAuction(db(), lead.id, "money-test", 60_000);
    const test = await reservePost(
      db(),
      billed,
      { leadId: lead.id, request: {}, priceCents: 1000 },
      claim!.token,
      NOW,
      {
        test: true,
      },
    );
    expect(test).toHaveProperty("id");
    expect((await callsOf(db(), lead.id))[0]).toMatchObject({ heldCents: null });
  });
});
