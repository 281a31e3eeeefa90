import { describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { leadQuality } from "../../platform/db/schema.ts";
import {
  accept,
  addBuyers,
  auctionTestBed,
  bid,
  decided,
  lenderConfig,
  saveLead,
  sendLead,
} from "./auction.testing.ts";

// The gate before the auction (docs/product/screening.md): its answers reach the buyers' filters and pings, and the
// operator's rules refuse a lead before any buyer sees it.

const bed = auctionTestBed();

const DEVICE = "lp_device=dv_AAAAAAAAAAAAAAAAAAAAAA";

async function qualityOf(leadId: string) {
  const [row] = await bed.t.database.db.select().from(leadQuality).where(eq(leadQuality.leadId, leadId));
  return row;
}

describe("the gate in the auction", () => {
  it("holds the twenty-first application from one device in an hour, before any buyer sees it", async () => {
    const buyer = await bed.buyer({ ping: () => bid(20), post: () => accept() });
    await addBuyers(bed.t.database.db, lenderConfig("lender", buyer));
    const outcomes = [];
    for (let i = 0; i < 21; i++) {
      const lead = await saveLead(bed.t);
      const res = await sendLead(bed.t.app, { ...lead, cookie: `${lead.cookie}; ${DEVICE}` });
      expect(res.statusCode).toBe(200);
      outcomes.push({ lead, auction: await decided(bed.t.database.db, lead.id) });
    }
    expect(outcomes.slice(0, 20).every((o) => o.auction.status === "accepted")).toBe(true);
    const last = outcomes[20]!;
    expect(last.auction).toMatchObject({ status: "rejected", reason: "screened: velocity" });
    const record = await qualityOf(last.lead.id);
    expect(record?.refusedReason).toBe("velocity");
    expect(record?.checks.velocity).toMatchObject({ answer: "flagged", detail: "device: 21 in 1 h" });
    // Twenty posts, none of them the held lead's.
    const posts = buyer.bodies.filter((b) => b.path === "/post");
    expect(posts).toHaveLength(20);
    expect(posts.some((p) => p.body.includes(last.lead.id))).toBe(false);
  }, 120_000);

  it("sends the gate's answers in a ping that maps them, and keeps one record per lead", async () => {
    const buyer = await bed.buyer({ ping: () => bid(20), post: () => accept() });
    const config = lenderConfig("lender", buyer);
    config.ping.fields.push(
      { to: "velocity", from: "quality_velocity" } as never,
      {
        to: "address",
        from: "quality_address",
      } as never,
    );
    await addBuyers(bed.t.database.db, config);
    const lead = await saveLead(bed.t, { zip: "10001", city: "New York", state: "NY" });
    await sendLead(bed.t.app, lead);
    expect((await decided(bed.t.database.db, lead.id)).status).toBe("accepted");
    const ping = JSON.parse(buyer.bodies.find((b) => b.path === "/ping")!.body) as Record<string, unknown>;
    expect(ping).toMatchObject({ velocity: "ok", address: "match" });
    const record = await qualityOf(lead.id);
    expect(record?.checks.address?.answer).toBe("match");
    expect(record?.refusedReason).toBeNull();
  });

  it("passes over a buyer whose demands the answers fail, and sells to one without them", async () => {
    const picky = await bed.buyer({ ping: () => bid(90), post: () => accept("https://picky.example/o") });
    const easy = await bed.buyer({ ping: () => bid(10), post: () => accept("https://easy.example/o") });
    await addBuyers(
      bed.t.database.db,
      lenderConfig("picky", picky, { filters: { quality: { addressMatch: true } } }),
      lenderConfig("easy", easy),
    );
    // A zip in New Jersey with a New York state: the address check answers mismatch.
    const lead = await saveLead(bed.t, { zip: "07030", city: "Hoboken", state: "NY" });
    await sendLead(bed.t.app, lead);
    const auction = await decided(bed.t.database.db, lead.id);
    expect(auction).toMatchObject({ status: "accepted", buyerId: "easy" });
    expect(picky.bodies).toHaveLength(0);
    expect((await qualityOf(lead.id))?.checks.address).toMatchObject({ answer: "mismatch", detail: "zip is in NJ" });
  });
});
