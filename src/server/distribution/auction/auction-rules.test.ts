import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { recordPrivacyRequest } from "../../compliance/privacy-request-store.ts";
import {
  accept,
  addBuyers,
  auctionApp,
  auctionTestBed,
  bid,
  decided,
  lenderConfig,
  saveLead,
  sendLead,
  type FakeBuyer,
} from "./auction.testing.ts";

const bed = auctionTestBed();
const buyer = bed.buyer;

async function sellAll(leads: { id: string; cookie: string }[], extra: Record<string, unknown> = {}) {
  const sent = await Promise.all(leads.map((lead) => sendLead(bed.t.app, lead, extra)));
  for (const res of sent) expect(res.statusCode).toBe(200);
  return Promise.all(leads.map((lead) => decided(bed.t.database.db, lead.id)));
}

const posted = (s: FakeBuyer) => s.bodies.filter((b) => b.path === "/post");

describe("auction rules", () => {
  it("holds a daily cap across concurrent auctions", async () => {
    const capped = await buyer({ ping: () => bid(50), post: () => accept("https://capped.example/o") });
    const backup = await buyer({ ping: () => bid(1), post: () => accept("https://backup.example/o") });
    await addBuyers(
      bed.t.database.db,
      lenderConfig("capped", capped, { caps: { daily: 2 } }),
      lenderConfig("backup", backup),
    );
    const leads = [];
    for (let i = 0; i < 6; i++) leads.push(await saveLead(bed.t));
    const results = await sellAll(leads);
    expect(results.filter((r) => r.buyerId === "capped")).toHaveLength(2);
    expect(results.filter((r) => r.buyerId === "backup")).toHaveLength(4);
    expect(posted(capped)).toHaveLength(2);
  });

  it("recognises a duplicate person, even sent at the same moment, and does not resell it", async () => {
    const s = await buyer({ ping: () => bid(10), post: () => accept() });
    await addBuyers(bed.t.database.db, lenderConfig("one", s));
    const same = { email: "same.person@example.com" };
    const leads = [await saveLead(bed.t, same), await saveLead(bed.t, same), await saveLead(bed.t, same)];
    const results = await sellAll(leads);
    expect(results.filter((r) => r.status === "accepted")).toHaveLength(1);
    expect(results.filter((r) => r.reason === "duplicate")).toHaveLength(2);
    expect(posted(s)).toHaveLength(1);
    // The reject page is told the window (30 days by default), as every rejection's is, so it can say when a
    // new request reaches lenders; nothing in the address tells a duplicate from another rejection.
    for (const r of results.filter((x) => x.status === "rejected")) {
      expect(r.rejectUrl).toBe("/reject-page?repeat_after_days=30");
    }
  });

  it("never sends a suppressed contact or a do-not-sell lead to any buyer", async () => {
    const s = await buyer({ ping: () => bid(10), post: () => accept() });
    await addBuyers(bed.t.database.db, lenderConfig("one", s));
    const suppressed = await saveLead(bed.t, { email: "gone@example.com" });
    await recordPrivacyRequest(bed.t.database.db, {
      kind: "unsubscribe",
      dedupeKey: "k1",
      email: "gone@example.com",
      phone: "",
      payload: {},
      ip: undefined,
    });
    const gpc = await saveLead(bed.t);
    await bed.t.database.db.execute(sql`update leads set do_not_sell_at = now() where id = ${gpc.id}`);
    const [a, b] = await sellAll([suppressed, gpc]);
    expect(a).toMatchObject({ status: "rejected", reason: "suppressed" });
    expect(b).toMatchObject({ status: "rejected", reason: "do not sell" });
    expect([a?.rejectUrl, b?.rejectUrl]).toEqual([
      "/reject-page?repeat_after_days=30",
      "/reject-page?repeat_after_days=30",
    ]);
    expect(s.bodies).toHaveLength(0);
  });

  it("posts nothing when an opt-out is recorded while a slow buyer is being pinged", async () => {
    let optedOut = false;
    const slow = await buyer({
      ping: async () => {
        // The person unsubscribes while the auction waits on this buyer's bid.
        await recordPrivacyRequest(bed.t.database.db, {
          kind: "unsubscribe",
          dedupeKey: "mid-auction",
          email: "changed.mind@example.com",
          phone: "",
          payload: {},
          ip: undefined,
        });
        optedOut = true;
        return { ...bid(50), delayMs: 300 };
      },
      post: () => accept(),
    });
    const other = await buyer({ ping: () => bid(10), post: () => accept("https://other.example/o") });
    await addBuyers(bed.t.database.db, lenderConfig("slow", slow), lenderConfig("other", other));
    const [result] = await sellAll([await saveLead(bed.t, { email: "changed.mind@example.com" })]);
    expect(optedOut).toBe(true);
    expect(result).toMatchObject({ status: "rejected", reason: "suppressed" });
    expect([...posted(slow), ...posted(other)]).toHaveLength(0);
  });

  it("posts nothing when a request with Global Privacy Control arrives while buyers are pinged", async () => {
    const lead = await saveLead(bed.t);
    let gpcAnswer: number | undefined;
    const slow = await buyer({
      ping: async () => {
        // The waiting page's ping, from a browser sending Sec-GPC: 1, lands mid-auction.
        const res = await bed.t.app.inject({
          method: "GET",
          url: `/api/ping/v2?lead_id=${lead.id}`,
          headers: { cookie: lead.cookie, "sec-gpc": "1" },
        });
        gpcAnswer = res.statusCode;
        return bid(50);
      },
      post: () => accept(),
    });
    await addBuyers(bed.t.database.db, lenderConfig("slow", slow));
    const [result] = await sellAll([lead]);
    expect(gpcAnswer).toBe(200);
    expect(result).toMatchObject({ status: "rejected", reason: "do not sell" });
    expect(posted(slow)).toHaveLength(0);
  });

  it("never pings or posts a lead sent with Sec-GPC: 1, and records the do-not-sell request", async () => {
    const s = await buyer({ ping: () => bid(10), post: () => accept() });
    await addBuyers(bed.t.database.db, lenderConfig("one", s));
    const lead = await saveLead(bed.t);
    const res = await sendLead(bed.t.app, lead, {}, { "sec-gpc": "1" });
    expect(res.statusCode).toBe(200);
    expect(await decided(bed.t.database.db, lead.id)).toMatchObject({ status: "rejected", reason: "do not sell" });
    expect(s.bodies).toHaveLength(0);
    const rows = await bed.t.database.db.execute(sql`select do_not_sell_at from leads where id = ${lead.id}`);
    expect((rows as unknown as { rows: { do_not_sell_at: unknown }[] }).rows[0]?.do_not_sell_at).not.toBeNull();
  });

  it("sends test leads only to test buyers and live leads only to live ones", async () => {
    const live = await buyer({ ping: () => bid(10), post: () => accept("https://live.example/o") });
    const test = await buyer({ ping: () => bid(5), post: () => accept("https://test.example/o") });
    await addBuyers(
      bed.t.database.db,
      lenderConfig("live", live, { testMode: "live" }),
      lenderConfig("test", test, { testMode: "test" }),
    );
    const [testResult] = await sellAll([await saveLead(bed.t)], { testMode: true });
    const [liveResult] = await sellAll([await saveLead(bed.t)]);
    expect(testResult?.buyerId).toBe("test");
    expect(liveResult?.buyerId).toBe("live");
  });

  it("applies filters and schedules before any ping", async () => {
    const rich = await buyer({ ping: () => bid(99), post: () => accept() });
    const closed = await buyer({ ping: () => bid(98), post: () => accept() });
    const military = await buyer({ ping: () => bid(97), post: () => accept() });
    const open = await buyer({ ping: () => bid(1), post: () => accept("https://open.example/o") });
    await addBuyers(
      bed.t.database.db,
      lenderConfig("rich", rich, { filters: { minMonthlyIncome: 5000, creditScores: ["EXCELLENT"] } }),
      lenderConfig("closed", closed, { schedule: {} }),
      lenderConfig("military", military, { filters: { military: true } }),
      lenderConfig("open", open, {
        filters: { states: ["NY"], loanAmount: { min: 100, max: 5000 }, age: { min: 21 } },
      }),
    );
    const [result] = await sellAll([await saveLead(bed.t)]);
    expect(result?.buyerId).toBe("open");
    expect([...rich.bodies, ...closed.bodies, ...military.bodies]).toHaveLength(0);
  });

  it("reads a buyer's publisher list against the lead's final submission, never pinging a buyer that refuses it", async () => {
    const denier = await buyer({ ping: () => bid(99), post: () => accept() });
    const allower = await buyer({ ping: () => bid(5), post: () => accept("https://allower.example/o") });
    const list = (mode: string, entries: unknown[]) => ({ filters: { publishers: { mode, entries } } });
    await addBuyers(
      bed.t.database.db,
      lenderConfig("denier", denier, list("deny", [{ affId: "pub-9", subId: "s1" }])),
      lenderConfig("allower", allower, list("allow", [{ affId: "pub-9" }])),
    );
    const [fromPublisher] = await sellAll([await saveLead(bed.t)], { aff_id: "pub-9", aff_sub1: "s1" });
    expect(fromPublisher?.buyerId).toBe("allower");
    expect(denier.bodies).toHaveLength(0);
    // Our own funnel's lead (no aff_id) is offered whatever either list says.
    const [own] = await sellAll([await saveLead(bed.t)]);
    expect(own?.buyerId).toBe("denier");
  });

  it("skips a buyer that already bought the same person within its window", async () => {
    const s = await buyer({ ping: () => bid(10), post: () => accept() });
    const other = await buyer({ ping: () => bid(1), post: () => accept("https://other.example/o") });
    await addBuyers(bed.t.database.db, lenderConfig("one", s), lenderConfig("other", other));
    // Short duplicate window for the network, so the second application is auctioned, not refused.
    await bed.t.app.close();
    bed.t = await auctionApp({ DUPLICATE_WINDOW_DAYS: "0" });
    await addBuyers(bed.t.database.db, lenderConfig("one", s), lenderConfig("other", other));
    const [first] = await sellAll([await saveLead(bed.t, { email: "again@example.com" })]);
    const [second] = await sellAll([await saveLead(bed.t, { email: "again@example.com" })]);
    expect(first?.buyerId).toBe("one");
    expect(second?.buyerId).toBe("other");
  });
});
