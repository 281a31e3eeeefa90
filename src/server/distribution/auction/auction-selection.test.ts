import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { buyerCalls } from "../../platform/db/schema.ts";
import { callsOf, claimAuction, reservePost } from "./auction-store.ts";
import {
  accept,
  addBuyers,
  auctionTestBed,
  bid,
  decided,
  decline,
  lenderConfig,
  postsTo,
  saveLead,
  savePendingAuction,
  sendLead,
  type FakeBuyer,
  type SavedLead,
} from "./auction.testing.ts";
import { wallTime } from "./zoned-time.ts";

// The auction's selection rules that auction-rules.test.ts does not reach (docs/product/lender-network.md,
// Eligibility and Auction): rotation of equal bids, hourly and monthly caps counted in the buyer's own zone,
// opening hours in that zone, the pay-frequency, direct-deposit and age filters, direct-post and fixed
// pricing, a post that times out, and a rejecting buyer's own reject address.

const bed = auctionTestBed();
const buyer = bed.buyer;

async function sellAll(leads: SavedLead[]) {
  const sent = await Promise.all(leads.map((lead) => sendLead(bed.t.app, lead)));
  for (const res of sent) expect(res.statusCode).toBe(200);
  return Promise.all(leads.map((lead) => decided(bed.t.database.db, lead.id)));
}

async function newLeads(n: number, overrides = {}) {
  const leads: SavedLead[] = [];
  for (let i = 0; i < n; i++) leads.push(await saveLead(bed.t, overrides));
  return leads;
}

const pings = (s: FakeBuyer) => s.bodies.filter((b) => b.path === "/ping");
const posts = (s: FakeBuyer) => s.bodies.filter((b) => b.path === "/post");

/** Nepal's clock runs at UTC+05:45 all year: its hours turn at a quarter past the UTC hour. */
const KATHMANDU = "Asia/Kathmandu";

/**
 * Waits until at least `marginMs` remain before the zone's local hour turns, so a test counting sales
 * within one local hour never straddles two. A guard for the test's own setup, not a measure.
 */
async function clearOfHourTurn(timeZone: string, marginMs: number) {
  const w = wallTime(new Date(), timeZone);
  const left = ((59 - w.minute) * 60 + (60 - w.second)) * 1000;
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 1_000));
}

describe("equal bids", () => {
  it("take turns: over many leads each of two buyers bidding the same wins some", async () => {
    const a = await buyer({ ping: () => bid(25), post: () => accept("https://a.example/o") });
    const b = await buyer({ ping: () => bid(25), post: () => accept("https://b.example/o") });
    await addBuyers(bed.t.database.db, lenderConfig("tie-a", a), lenderConfig("tie-b", b));
    // 24 leads: both orders are equally likely each time, so one buyer winning them all is a 1 in 8 million
    // chance; a fixed order (by id, by configuration) fails every time.
    const results = await sellAll(await newLeads(24));
    const wins = { a: 0, b: 0 };
    for (const r of results) {
      expect(r.status).toBe("accepted");
      if (r.buyerId === "tie-a") wins.a++;
      else if (r.buyerId === "tie-b") wins.b++;
    }
    expect(wins.a + wins.b).toBe(24);
    expect(wins.a).toBeGreaterThan(0);
    expect(wins.b).toBeGreaterThan(0);
    // Each lead went to exactly one of them: the first post accepted, the other never posted.
    expect(posts(a).length + posts(b).length).toBe(24);
  });
});

describe("caps in the buyer's time zone", () => {
  it("holds hourly and monthly caps across concurrent auctions in a UTC+05:45 zone", async () => {
    const hourly = await buyer({ ping: () => bid(50), post: () => accept("https://hourly.example/o") });
    const monthly = await buyer({ ping: () => bid(40), post: () => accept("https://monthly.example/o") });
    const backup = await buyer({ ping: () => bid(1), post: () => accept("https://backup.example/o") });
    await addBuyers(
      bed.t.database.db,
      lenderConfig("hourly", hourly, { timeZone: KATHMANDU, caps: { hourly: 2 } }),
      lenderConfig("monthly", monthly, { timeZone: KATHMANDU, caps: { monthly: 1 } }),
      lenderConfig("backup", backup),
    );
    const leads = await newLeads(7);
    await clearOfHourTurn(KATHMANDU, 20_000);
    const results = await sellAll(leads);
    const count = (id: string) => results.filter((r) => r.buyerId === id).length;
    expect([count("hourly"), count("monthly"), count("backup")]).toEqual([2, 1, 4]);
    expect(posts(hourly)).toHaveLength(2);
    expect(posts(monthly)).toHaveLength(1);
  }, 60_000);

  // The database part of a cap, at chosen instants: rows just before and just after the local hour and
  // month began (in Kathmandu, a quarter to the UTC hour), and reservations made at the same moment.
  describe("reservePost", () => {
    const NOW = new Date("2026-03-10T10:40:00Z"); // 16:25 in Kathmandu; its hour began at 10:15 UTC
    const capped = (caps: { hourly?: number; monthly?: number }) => ({ id: "capped", timeZone: KATHMANDU, caps });

    async function pastPosts(...createdAt: string[]) {
      const leads = await newLeads(createdAt.length);
      for (const [i, at] of createdAt.entries()) {
        await bed.t.database.db.insert(buyerCalls).values({
          leadId: leads[i]!.id,
          buyerId: "capped",
          kind: "post",
          state: "accepted",
          createdAt: new Date(at),
        });
      }
    }

    /** `n` leads, each with its auction pending and claimed, all reserving a post with `buyer` at once. */
    async function reserveFor(buyer: ReturnType<typeof capped>, n: number) {
      const leads = [];
      const tokens: string[] = [];
      for (let i = 0; i < n; i++) {
        const { lead } = await savePendingAuction(bed.t);
        leads.push(lead);
        tokens.push((await claimAuction(bed.t.database.db, lead.id, "cap-test", 60_000))!.token);
      }
      const reservations = await Promise.all(
        leads.map((lead, i) =>
          reservePost(bed.t.database.db, buyer, { leadId: lead.id, request: {}, priceCents: 100 }, tokens[i]!, NOW),
        ),
      );
      return reservations.map((r) => ("id" in r ? r.id : undefined));
    }

    it("counts the local hour from a quarter past the UTC hour", async () => {
      // 10:14 UTC is 15:59 in Kathmandu (the hour before); 10:16 UTC is 16:01 (this hour).
      await pastPosts("2026-03-10T10:14:00Z", "2026-03-10T10:16:00Z");
      const ids = await reserveFor(capped({ hourly: 2 }), 3);
      // One slot was left: a UTC hour would have counted both rows and left none.
      expect(ids.filter((id) => id !== undefined)).toHaveLength(1);
    });

    it("counts the local month from Kathmandu's midnight, the UTC evening before", async () => {
      // 18:14 UTC on 28 February is 23:59 there (February); 18:16 UTC is 00:01 on 1 March (this month).
      await pastPosts("2026-02-28T18:14:00Z", "2026-02-28T18:16:00Z");
      const ids = await reserveFor(capped({ monthly: 2 }), 3);
      // A UTC month would have counted neither row and let two through.
      expect(ids.filter((id) => id !== undefined)).toHaveLength(1);
    });

    it("lets exactly the cap through when reservations arrive together", async () => {
      const ids = await reserveFor(capped({ hourly: 3 }), 8);
      expect(ids.filter((id) => id !== undefined)).toHaveLength(3);
      const [row] = (
        (await bed.t.database.db.execute(
          sql`select count(*)::int as n from buyer_calls where buyer_id = 'capped' and state = 'sending'`,
        )) as unknown as { rows: { n: number }[] }
      ).rows;
      expect(row?.n).toBe(3);
    });
  });
});

describe("opening hours", () => {
  it("are read in the buyer's zone, not the server's", async () => {
    // Honolulu (UTC-10) and Kiritimati (UTC+14) are always a calendar day apart: a schedule open all of
    // Honolulu's today is open for a buyer there and closed, all day, for a buyer on Kiritimati.
    const w = wallTime(new Date(), "Pacific/Honolulu");
    if (w.hour === 23) await clearOfHourTurn("Pacific/Honolulu", 30_000); // not across Honolulu's midnight
    const today = wallTime(new Date(), "Pacific/Honolulu").weekday;
    const schedule = { [today]: [["00:00", "24:00"]] };
    const honolulu = await buyer({ ping: () => bid(5), post: () => accept("https://hnl.example/o") });
    const kiritimati = await buyer({ ping: () => bid(90), post: () => accept("https://cxi.example/o") });
    await addBuyers(
      bed.t.database.db,
      lenderConfig("honolulu", honolulu, { timeZone: "Pacific/Honolulu", schedule }),
      lenderConfig("kiritimati", kiritimati, { timeZone: "Pacific/Kiritimati", schedule }),
    );
    const [result] = await sellAll(await newLeads(1));
    expect(result?.buyerId).toBe("honolulu");
    expect(kiritimati.bodies).toHaveLength(0);
  }, 90_000);
});

describe("filters", () => {
  it("keep out buyers by pay frequency, direct deposit and maximum age before any ping", async () => {
    // The lead: paid monthly, no direct deposit, 36 years old (born 1990-05-17).
    const lead = { income_payment_frequency: "MONTHLY", bank_direct_deposit: "NO", dob: "1990-05-17" };
    const weekly = await buyer({ ping: () => bid(90), post: () => accept() });
    const deposit = await buyer({ ping: () => bid(80), post: () => accept() });
    const young = await buyer({ ping: () => bid(70), post: () => accept() });
    const fits = await buyer({ ping: () => bid(10), post: () => accept("https://fits.example/o") });
    await addBuyers(
      bed.t.database.db,
      lenderConfig("weekly", weekly, { filters: { payFrequencies: ["WEEKLY", "BIWEEKLY"] } }),
      lenderConfig("deposit", deposit, { filters: { directDepositOnly: true } }),
      lenderConfig("young", young, { filters: { age: { max: 35 } } }),
      lenderConfig("fits", fits, {
        filters: { payFrequencies: ["MONTHLY"], age: { min: 18, max: 36 }, directDepositOnly: false },
      }),
    );
    const [result] = await sellAll(await newLeads(1, lead));
    expect(result?.buyerId).toBe("fits");
    expect([...weekly.bodies, ...deposit.bodies, ...young.bodies]).toHaveLength(0);
    expect(pings(fits)).toHaveLength(1);
  });
});

describe("pricing", () => {
  it("offers a direct-post buyer its fixed price without a ping, ranked with the bids", async () => {
    const direct = await buyer({ post: () => accept("https://direct.example/o") });
    const bidder = await buyer({ ping: () => bid(30), post: () => accept("https://bidder.example/o") });
    await addBuyers(
      bed.t.database.db,
      lenderConfig("direct", direct, { mode: "direct_post", ping: undefined, pricing: { kind: "fixed", price: 45 } }),
      lenderConfig("bidder", bidder),
    );
    const [lead] = await newLeads(1);
    const [result] = await sellAll([lead!]);
    expect(result).toMatchObject({ status: "accepted", buyerId: "direct", priceCents: 4500 });
    expect(pings(direct)).toHaveLength(0);
    expect(posts(direct)).toHaveLength(1);
    expect(posts(bidder)).toHaveLength(0);
    // The post carries the price it was offered at.
    const [post] = (await callsOf(bed.t.database.db, lead!.id)).filter((c) => c.kind === "post");
    expect(post).toMatchObject({ buyerId: "direct", state: "accepted", priceCents: 4500 });
  });

  it("records a fixed-price buyer's sale at its price, whatever price its post answer names", async () => {
    const answered = accept("https://direct.example/o");
    const direct = await buyer({ post: () => ({ ...answered, body: { ...(answered.body as object), price: 99 } }) });
    await addBuyers(
      bed.t.database.db,
      lenderConfig("direct", direct, { mode: "direct_post", ping: undefined, pricing: { kind: "fixed", price: 45 } }),
    );
    const [lead] = await newLeads(1);
    const [result] = await sellAll([lead!]);
    expect(result).toMatchObject({ status: "accepted", buyerId: "direct", priceCents: 4500 });
    const [post] = (await callsOf(bed.t.database.db, lead!.id)).filter((c) => c.kind === "post");
    expect(post).toMatchObject({ state: "accepted", priceCents: 4500 });
  });

  it("ranks and records a fixed-price ping/post buyer at its price, whatever its ping says", async () => {
    const fixed = await buyer({ ping: () => bid(99), post: () => decline });
    const bidder = await buyer({ ping: () => bid(30), post: () => accept("https://bidder.example/o") });
    await addBuyers(
      bed.t.database.db,
      lenderConfig("fixed", fixed, { pricing: { kind: "fixed", price: 12 } }),
      lenderConfig("bidder", bidder),
    );
    const [lead] = await newLeads(1);
    const [result] = await sellAll([lead!]);
    // 30 beats the fixed 12 (its ping's 99 does not count): the bidder is posted first and buys.
    expect(result).toMatchObject({ status: "accepted", buyerId: "bidder", priceCents: 3000 });
    expect(posts(fixed)).toHaveLength(0);
    const ping = (await callsOf(bed.t.database.db, lead!.id)).find((c) => c.buyerId === "fixed");
    expect(ping).toMatchObject({ kind: "ping", state: "bid", priceCents: 1200 });
  });
});

describe("posts", () => {
  it("pass a post that times out on to the next buyer", async () => {
    const slow = await buyer({ ping: () => bid(60), post: () => ({ hang: true }) });
    const next = await buyer({ ping: () => bid(10), post: () => accept("https://next.example/o") });
    await addBuyers(bed.t.database.db, lenderConfig("slow", slow, { timeoutMs: 300 }), lenderConfig("next", next));
    const [lead] = await newLeads(1);
    const [result] = await sellAll([lead!]);
    expect(result).toMatchObject({ status: "accepted", buyerId: "next", redirectUrl: "https://next.example/o" });
    expect(await postsTo(bed.t.database.db, lead!.id)).toEqual([
      { buyer_id: "slow", state: "rejected" },
      { buyer_id: "next", state: "accepted" },
    ]);
    const slowPost = (await callsOf(bed.t.database.db, lead!.id)).find(
      (c) => c.kind === "post" && c.buyerId === "slow",
    );
    expect(slowPost?.reason).toBe("timeout");
  });

  it("surface a rejecting buyer's own reject address in ping/v2", async () => {
    const sorry = {
      body: { result: "rejected", reason: "criteria", redirect: "https://buyer.example/sorry?ref=1" },
    };
    const no = await buyer({ ping: () => bid(20), post: () => sorry });
    await addBuyers(bed.t.database.db, lenderConfig("no", no));
    const [lead] = await newLeads(1);
    const [result] = await sellAll([lead!]);
    expect(result).toMatchObject({ status: "rejected", rejectUrl: "https://buyer.example/sorry?ref=1" });
    const ping = await bed.t.app.inject({
      method: "GET",
      url: `/api/ping/v2?lead_id=${lead!.id}`,
      headers: { cookie: lead!.cookie },
    });
    expect(ping.json().data).toEqual({
      status: 2,
      lead_id: lead!.id,
      rejectUrl: "https://buyer.example/sorry?ref=1",
    });
  });
});
