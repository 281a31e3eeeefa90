import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import {
  accept,
  addBuyers,
  bid,
  lenderConfig,
  startFakeBuyer,
  type FakeBuyer,
} from "../../distribution/auction/auction.testing.ts";
import { auctionBuyerOutcomes, auctions } from "../../platform/db/schema.ts";
import { pingOf, postedApplication, postingPublishers } from "./posted-lead.testing.ts";

// A publisher's terms for posted leads (docs/decisions/0052-posted-terms.md) through the real app: the least it takes
// for a lead and the least Loanpath keeps make a floor under every buyer's price, and its caps count its live posts.

let t: TestApp;
let top: FakeBuyer;
let low: FakeBuyer;
let picky: string;
let capped: string;
let serial = randomBytes(2).readUInt16BE(0);

const application = (overrides: Record<string, unknown> = {}) => postedApplication(serial++, overrides);

const call = (key: string, path: string, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: `/api/publisher/v1/${path}`,
    headers: { authorization: `Bearer ${key}` },
    payload: payload as Record<string, unknown>,
  });

beforeAll(async () => {
  t = await createTestApp({ AUCTION_BUDGET_MS: "20000" });
  // The better bidder refuses every post; the other would buy at $25.
  top = await startFakeBuyer({ ping: () => bid(40), post: () => ({ body: { result: "rejected", reason: "full" } }) });
  low = await startFakeBuyer({ ping: () => bid(25), post: () => accept("https://low.example/offer") });
  await addBuyers(t.database.db, lenderConfig("top-bidder", top), lenderConfig("low-bidder", low));
  // 40% of each sale, at least $12.00 for the publisher: no price under $30.00 is taken.
  [picky] = (await postingPublishers(t.database.db, t.secrets.piiKeyring, ["picky"], {
    posted_min_payout_cents: 1_200,
  })) as [string];
  [capped] = (await postingPublishers(t.database.db, t.secrets.piiKeyring, ["capped"], {
    posted_cap_daily: 2,
    time_zone: "America/Chicago",
  })) as [string];
});
afterAll(async () => {
  await t.app.close();
  await Promise.all([top.close(), low.close()]);
});

describe("a publisher's terms for posted leads", () => {
  it("passes over every price under the floor its minimum payout makes, and says so in the lead's outcomes", async () => {
    const offer = (await call(picky, "ping", pingOf(application()))).json();
    // Only the $40 bid is over the $30 floor: 40% of it.
    expect(offer).toMatchObject({ status: "offered", payout_cents: 1_600 });

    const res = await call(picky, "leads", application());
    expect(res.statusCode, res.body).toBe(200);
    // The $40 bidder refused the whole lead, and the $25 one was under the floor: not sold for less than agreed.
    expect(res.json()).toMatchObject({ status: "rejected", reason: "no_buyer" });
    const leadId = res.json().lead_id as string;
    const outcomes = await t.database.db
      .select({ buyer: auctionBuyerOutcomes.buyerId, outcome: auctionBuyerOutcomes.outcome })
      .from(auctionBuyerOutcomes)
      .where(eq(auctionBuyerOutcomes.leadId, leadId));
    expect(Object.fromEntries(outcomes.map((o) => [o.buyer, o.outcome]))).toEqual({
      "top-bidder": "post_rejected",
      "low-bidder": "below_floor",
    });
    const [row] = await t.database.db
      .select({ floor: auctions.minPriceCents, by: auctions.postedBy })
      .from(auctions)
      .where(eq(auctions.leadId, leadId));
    expect(row).toEqual({ floor: 3_000, by: "picky" });
  });

  it("refuses live posts and pings past a cap, counted one post at a time, and never test posts", async () => {
    // Five at once against a daily cap of two: exactly two are written.
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => call(capped, "leads", application())));
    const codes = answers.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 200, 429, 429, 429]);
    const refused = answers.find((r) => r.statusCode === 429)!;
    expect(refused.json().code).toBe("cap_reached");
    // Until the next midnight in Chicago, at most a day and an hour away.
    const retry = Number(refused.headers["retry-after"]);
    expect(retry).toBeGreaterThan(0);
    expect(retry).toBeLessThanOrEqual(25 * 3600);
    const written = await t.database.db
      .select({ id: auctions.leadId })
      .from(auctions)
      .where(eq(auctions.postedBy, "capped"));
    expect(written).toHaveLength(2);

    const ping = await call(capped, "ping", pingOf(application()));
    expect(ping.statusCode).toBe(429);
    expect(ping.json().code).toBe("cap_reached");
    // A test post runs whatever the caps say, and is never paid.
    const test = await call(capped, "leads", application({ test: true }));
    expect(test.statusCode, test.body).toBe(200);
    expect(test.json()).toMatchObject({ status: "sold", payout_cents: 0, test: true });
  });
});
