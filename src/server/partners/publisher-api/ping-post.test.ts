import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { PING_MESSAGES, PING_TTL_SECONDS } from "#domain/contracts/publisher-ping.ts";
import { POST_MESSAGES } from "#domain/contracts/publisher-api.ts";
import { ageOn } from "#domain/age.ts";
import { parseIsoDate } from "#domain/calendar-date.ts";
import {
  accept,
  addBuyers,
  bid,
  lenderConfig,
  startFakeBuyer,
  type FakeBuyer,
} from "../../distribution/auction/auction.testing.ts";
import { auctionBuyerOutcomes, buyerCalls, leads, publisherPings } from "../../platform/db/schema.ts";
import { pingOf, postedApplication, postingPublishers } from "./posted-lead.testing.ts";

// Ping-post (docs/decisions/0051-publisher-ping-post.md) through the real app: two bidding buyers, the better of
// which refuses the post, a buyer whose filters the ping's state fails, and two publishers with their keys.

let t: TestApp;
let top: FakeBuyer;
let second: FakeBuyer;
let texan: FakeBuyer;
let alpha: string;
let beta: string;
let serial = randomBytes(2).readUInt16BE(0);

/** The post of buyer `b`'s posts only, with its ping id. */
const postsTo = (b: FakeBuyer) => b.bodies.filter((x) => x.path.startsWith("/post")).map((x) => JSON.parse(x.body));
const pingsTo = (b: FakeBuyer) => b.bodies.filter((x) => x.path.startsWith("/ping")).map((x) => JSON.parse(x.body));

/** A whole application, and the ping of it: its ping fields and the age its birth date gives. */
function lead(overrides: Record<string, unknown> = {}) {
  const whole = postedApplication(serial++, { sub1: "camp-4", ...overrides });
  const ping = pingOf(whole);
  const age = ageOn(parseIsoDate(String(whole.dob))!, new Date());
  return { whole, ping: { ...ping, age, sub1: "camp-4" } as Record<string, unknown> };
}

const call = (key: string, path: string, payload: unknown) =>
  t.app.inject({
    method: "POST",
    url: `/api/publisher/v1/${path}`,
    headers: { authorization: `Bearer ${key}` },
    payload: payload as Record<string, unknown>,
  });

const withPostFields = (id: string, server: FakeBuyer, overrides: Record<string, unknown> = {}) => {
  const base = lenderConfig(id, server, overrides);
  return { ...base, post: { ...base.post, fields: [...base.post.fields, { to: "ping_id", from: "ping_id" }] } };
};

beforeAll(async () => {
  t = await createTestApp({ AUCTION_BUDGET_MS: "20000" });
  top = await startFakeBuyer({ ping: () => bid(40), post: () => ({ body: { result: "rejected", reason: "full" } }) });
  second = await startFakeBuyer({ ping: () => bid(25), post: () => accept("https://second.example/offer") });
  texan = await startFakeBuyer({ ping: () => bid(90), post: () => accept("https://texan.example/offer") });
  await addBuyers(
    t.database.db,
    withPostFields("top-bidder", top),
    withPostFields("second-bidder", second),
    withPostFields("texas-only", texan, { filters: { states: ["TX"] } }),
  );
  [alpha, beta] = (await postingPublishers(t.database.db, t.secrets.piiKeyring, ["alpha", "beta"])) as [string, string];
});
afterAll(async () => {
  await t.app.close();
  await Promise.all([top.close(), second.close(), texan.close()]);
});

describe("POST /api/publisher/v1/ping and /post", () => {
  it("offers the best bid's payout for the ping fields alone, then posts the lead to the bidders in turn", async () => {
    const { whole, ping } = lead();
    const before = { top: pingsTo(top).length, second: pingsTo(second).length, texan: pingsTo(texan).length };
    const started = Date.now();
    const pinged = await call(alpha, "ping", ping);
    expect(pinged.statusCode, pinged.body).toBe(200);
    const offer = pinged.json();
    // 40% of the best bid, $40.
    expect(offer).toMatchObject({ status: "offered", payout_cents: 1600, test: false });
    expect(offer.ping_id).toMatch(/^ping_[A-Za-z0-9_-]{24}$/);
    const expires = Date.parse(offer.expires_at);
    expect(expires).toBeGreaterThanOrEqual(started + PING_TTL_SECONDS * 1000 - 5_000);
    expect(expires).toBeLessThanOrEqual(Date.now() + PING_TTL_SECONDS * 1000 + 5_000);
    // The bidders were pinged once each with the ping's fields; the buyer for Texas only was not pinged.
    expect(pingsTo(top).length).toBe(before.top + 1);
    expect(pingsTo(second).length).toBe(before.second + 1);
    expect(pingsTo(texan).length).toBe(before.texan);
    expect(pingsTo(top).at(-1)).toEqual({ state: "NY", amount: 800, emailHash: null });

    const posted = await call(alpha, "post", { ...whole, ping_id: offer.ping_id });
    expect(posted.statusCode, posted.body).toBe(200);
    const answer = posted.json();
    // The better bidder refused the post; the second bought it at its own bid, $25, of which 40% is the publisher's.
    expect(answer).toMatchObject({ status: "sold", payout_cents: 1000, redirect_url: "https://second.example/offer" });
    // No buyer was pinged again: the post went to the ping's bidders, each with the id its ping answer gave.
    expect(pingsTo(top).length).toBe(before.top + 1);
    expect(pingsTo(second).length).toBe(before.second + 1);
    expect(postsTo(top).at(-1)).toMatchObject({ lead_id: answer.lead_id, ping_id: "p-40", first_name: "Jolene" });
    expect(postsTo(second).at(-1)).toMatchObject({ lead_id: answer.lead_id, ping_id: "p-25" });

    // The lead's calls are its ping's two pings and its two posts; every buyer's outcome says what it came to.
    const calls = await t.database.db
      .select({ buyer: buyerCalls.buyerId, kind: buyerCalls.kind, state: buyerCalls.state })
      .from(buyerCalls)
      .where(eq(buyerCalls.leadId, answer.lead_id));
    expect(calls.map((c) => `${c.buyer} ${c.kind} ${c.state}`).sort()).toEqual([
      "second-bidder ping bid",
      "second-bidder post accepted",
      "top-bidder ping bid",
      "top-bidder post rejected",
    ]);
    const outcomes = await t.database.db
      .select({ buyer: auctionBuyerOutcomes.buyerId, outcome: auctionBuyerOutcomes.outcome })
      .from(auctionBuyerOutcomes)
      .where(eq(auctionBuyerOutcomes.leadId, answer.lead_id));
    expect(Object.fromEntries(outcomes.map((o) => [o.buyer, o.outcome]))).toMatchObject({
      "top-bidder": "post_rejected",
      "second-bidder": "post_accepted",
      "texas-only": "filtered",
    });

    // The ping is taken: a second post under it is refused, and writes nothing.
    const again = await call(alpha, "post", { ...lead().whole, ping_id: offer.ping_id });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("ping_used");
  });

  it("refuses a post whose ping fields changed, names them, and leaves the ping for the right post", async () => {
    const { whole, ping } = lead();
    const offer = (await call(alpha, "ping", ping)).json();
    expect(offer.status).toBe("offered");
    const count = async () => (await t.database.db.select({ n: sql<number>`count(*)::int` }).from(leads))[0]!.n;
    const leadsBefore = await count();

    const changed = await call(alpha, "post", {
      ...whole,
      loan_amount: 900,
      sub1: "another-campaign",
      dob: "1960-04-12",
      ping_id: offer.ping_id,
    });
    expect(changed.statusCode, changed.body).toBe(409);
    expect(changed.json()).toMatchObject({
      code: "ping_fields_changed",
      errors: { loan_amount: PING_MESSAGES.changed, sub1: PING_MESSAGES.changed, age: PING_MESSAGES.changed },
    });
    expect(await count()).toBe(leadsBefore);

    const test = await call(alpha, "post", { ...whole, test: true, ping_id: offer.ping_id });
    expect(test.json()).toMatchObject({ code: "ping_fields_changed", errors: { test: PING_MESSAGES.changed } });

    const right = await call(alpha, "post", { ...whole, ping_id: offer.ping_id });
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json().status).toBe("sold");
    expect(await count()).toBe(leadsBefore + 1);
  });

  it("refuses another publisher's ping as unknown, and an expired one as expired", async () => {
    const { whole, ping } = lead();
    const offer = (await call(alpha, "ping", ping)).json();
    const theirs = await call(beta, "post", { ...whole, ping_id: offer.ping_id });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe("ping_unknown");

    await t.database.db
      .update(publisherPings)
      .set({ expiresAt: new Date(Date.now() - 1_000) })
      .where(eq(publisherPings.id, offer.ping_id));
    const late = await call(alpha, "post", { ...whole, ping_id: offer.ping_id });
    expect(late.statusCode).toBe(410);
    expect(late.json().code).toBe("ping_expired");

    const malformed = await call(alpha, "post", { ...whole, ping_id: "ping-1" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().errors).toEqual({ ping_id: PING_MESSAGES.pingId });
  });

  it("takes the ping fields only, by the funnel's rules", async () => {
    const { ping } = lead();
    const personal = await call(alpha, "ping", { ...ping, email: "jo@example.com" });
    expect(personal.statusCode).toBe(400);
    expect(personal.json().errors).toEqual({ email: POST_MESSAGES.unknownField });

    const { zip: _zip, ...noZip } = ping;
    const missing = await call(alpha, "ping", { ...noZip, age: 12 });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json().errors).sort()).toEqual(["age", "zip"]);
    expect(missing.json().errors.age).toBe(PING_MESSAGES.age);
  });

  it("answers no_buyer, with no ping id, when no buyer may take the lead", async () => {
    // No buyer here is licensed in Ohio.
    const { ping } = lead({ zip: "43215", city: "Columbus", state: "OH" });
    const res = await call(alpha, "ping", ping);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: "rejected", reason: "no_buyer", test: false });
  });
});
