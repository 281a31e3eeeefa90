import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { recordPrivacyRequest } from "../../compliance/privacy-request-store.ts";
import { outcomesOf } from "./auction-store.ts";
import {
  accept,
  addBuyers,
  auctionTestBed,
  bid,
  decided,
  decline,
  lenderConfig,
  saveLead,
  sendLead,
  type SavedLead,
} from "./auction.testing.ts";

// Every buyer's outcome in an auction (docs/product/lender-network.md#every-buyers-outcome), pinged or not. The
// network's own duplicate window is off, so one person's second application is auctioned and a buyer's own window
// can be seen at work.
const bed = auctionTestBed({ DUPLICATE_WINDOW_DAYS: "0" });

async function sell(lead: SavedLead) {
  expect((await sendLead(bed.t.app, lead)).statusCode).toBe(200);
  return decided(bed.t.database.db, lead.id);
}

/** Each buyer's outcome as `[outcome, detail, offered, paid]`, by buyer id. */
async function outcomesBy(leadId: string) {
  const rows = await outcomesOf(bed.t.database.db, leadId);
  return Object.fromEntries(rows.map((r) => [r.buyerId, [r.outcome, r.detail, r.offeredCents, r.paidCents]]));
}

describe("every buyer's outcome", () => {
  it("records why each buyer did or did not buy, the highest bidder at its cap included", async () => {
    const db = bed.t.database.db;
    const person = { email: "twice.applied@example.com" };
    // The same person sold to `repeat` earlier; `top` has sold its one lead of the day to someone else.
    const repeat = await bed.buyer({ ping: () => bid(1), post: () => accept() });
    await addBuyers(db, lenderConfig("repeat", repeat));
    expect((await sell(await saveLead(bed.t, person))).buyerId).toBe("repeat");
    const top = await bed.buyer({ ping: () => bid(63.45), post: () => accept() });
    await addBuyers(db, lenderConfig("top", top, { caps: { daily: 1 } }));
    expect((await sell(await saveLead(bed.t))).buyerId).toBe("top");

    const answering = (ping: Parameters<typeof bed.buyer>[0]["ping"], post = () => accept()) =>
      bed.buyer({ ping, post });
    const winner = await answering(
      () => bid(51.82),
      () => accept("https://winner.example/offer"),
    );
    const picky = await answering(
      () => bid(55),
      // A reason that quotes the person: masked in the outcome and in the call's own record.
      () => ({ body: { result: "rejected", reason: "not in our area: twice.applied@example.com" } }),
    );
    const any = await answering(() => bid(99));
    await addBuyers(
      db,
      lenderConfig("winner", winner),
      lenderConfig("picky", picky),
      lenderConfig("low", await answering(() => bid(40))),
      lenderConfig("decliner", await answering(() => decline)),
      lenderConfig("floored", await answering(() => bid(5)), { floor: 10 }),
      lenderConfig("broken", await answering(() => ({ status: 500, body: "oops" }))),
      lenderConfig("silent", await answering(() => ({ hang: true })), { timeoutMs: 200 }),
      lenderConfig("shadowy", await answering(() => bid(70)), { shadow: true }),
      lenderConfig("credit", any, { filters: { creditScores: ["EXCELLENT"] } }),
      lenderConfig("closed", any, { schedule: {} }),
      lenderConfig("paused", any, { enabled: false }),
      lenderConfig("unlicensed", any, { licensedStates: ["CA"] }),
      lenderConfig("test-only", any, { testMode: "test" }),
      lenderConfig("later", any, { tier: 2 }),
    );

    const result = await sell(await saveLead(bed.t, person));
    expect(result).toMatchObject({ status: "accepted", buyerId: "winner", priceCents: 5182 });
    const pickyCall = await db.execute(
      sql`select reason from buyer_calls where lead_id = ${result.leadId} and buyer_id = 'picky' and kind = 'post'`,
    );
    expect((pickyCall as unknown as { rows: { reason: string }[] }).rows).toEqual([
      { reason: "not in our area: [masked]" },
    ]);
    expect(await outcomesBy(result.leadId)).toEqual({
      top: ["cap_full", "daily", 6345, null],
      picky: ["post_rejected", "not in our area: [masked]", 5500, null],
      winner: ["post_accepted", null, 5182, 5182],
      low: ["outbid", null, 4000, null],
      decliner: ["ping_rejected", "no interest", null, null],
      floored: ["below_floor", "floor $10", 500, null],
      broken: ["error", "ping: http 500", null, null],
      silent: ["timeout", "ping", null, null],
      shadowy: ["shadow", null, 7000, null],
      repeat: ["duplicate_window", "30 days", null, null],
      credit: ["filtered", "credit score", null, null],
      closed: ["outside_schedule", null, null, null],
      paused: ["paused", null, null, null],
      unlicensed: ["not_licensed", "NY", null, null],
      "test-only": ["test_mode", "live lead, test buyer", null, null],
      later: ["not_reached", "sold in tier 1", null, null],
    });
    // The capped buyer and the later tier were never posted to; nobody but the two posted to saw the application.
    expect(top.bodies.filter((b) => b.path === "/post")).toHaveLength(1);
    expect(any.bodies).toHaveLength(0);
    const run = await db.execute(sql`select distinct run from auction_buyer_outcomes where lead_id = ${result.leadId}`);
    expect((run as unknown as { rows: { run: number }[] }).rows).toEqual([{ run: 1 }]);
  });

  it("keeps a bidder's offer when an opt-out stops the sale before its post, and stops the tiers not reached", async () => {
    const db = bed.t.database.db;
    const slow = await bed.buyer({
      ping: async () => {
        // The person unsubscribes while the auction waits on this buyer's bid.
        await recordPrivacyRequest(db, {
          kind: "unsubscribe",
          dedupeKey: "outcomes-mid-auction",
          email: "stopped.midway@example.com",
          phone: "",
          payload: {},
          ip: undefined,
        });
        return bid(50);
      },
      post: () => accept(),
    });
    await addBuyers(db, lenderConfig("slow", slow), lenderConfig("second-tier", slow, { tier: 2 }));
    const lead = await saveLead(bed.t, { email: "stopped.midway@example.com" });
    expect(await sell(lead)).toMatchObject({ status: "rejected", reason: "suppressed" });
    expect(await outcomesBy(lead.id)).toEqual({
      slow: ["stopped", "suppressed", 5000, null],
      "second-tier": ["stopped", "suppressed", null, null],
    });
  });

  it("gives every buyer the reason when the sale is stopped before anyone is asked", async () => {
    const db = bed.t.database.db;
    const one = await bed.buyer({ ping: () => bid(10), post: () => accept() });
    await addBuyers(db, lenderConfig("one", one), lenderConfig("two", one, { enabled: false }));
    const lead = await saveLead(bed.t);
    await db.execute(sql`update leads set do_not_sell_at = now() where id = ${lead.id}`);
    expect(await sell(lead)).toMatchObject({ status: "rejected", reason: "do not sell" });
    expect(await outcomesBy(lead.id)).toEqual({
      one: ["stopped", "do not sell", null, null],
      two: ["stopped", "do not sell", null, null],
    });
    expect(one.bodies).toHaveLength(0);
  });
});
