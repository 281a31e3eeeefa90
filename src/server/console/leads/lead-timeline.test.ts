import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/helpers/test-app.ts";
import { leadTimelineAnswer } from "#domain/contracts/console-leads.ts";
import { buyerCalls } from "../../platform/db/schema.ts";
import {
  accept,
  addBuyers,
  bid,
  lenderConfig,
  savePendingAuction,
  startFakeBuyer,
  type FakeBuyer,
} from "../../distribution/auction/auction.testing.ts";
import { pingOf, postedApplication, postingPublishers } from "../../partners/publisher-api/posted-lead.testing.ts";
import { clearBuyerCallBodies } from "../../workflows/retention/clear-buyer-call-bodies.ts";
import { leadTimeline } from "./lead-timeline.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.app.close();
});

const NOW = new Date("2026-11-25T12:00:00Z");

describe("a lead's timeline after its buyer calls' bodies were cleared (BUYER_CALL_BODY_DAYS)", () => {
  it("still lists each call with its figures, and says after how many days its bodies were cleared", async () => {
    const { lead } = await savePendingAuction(t); // a timeline lists calls under their auction
    const at = new Date(NOW.getTime() - 95 * 86_400_000);
    await t.database.db.insert(buyerCalls).values([
      {
        leadId: lead.id,
        buyerId: "lender-a",
        kind: "ping",
        state: "bid",
        request: { body: {} },
        response: "{}",
        httpStatus: 200,
        latencyMs: 120,
        priceCents: 4500,
        createdAt: at,
      },
      {
        leadId: lead.id,
        buyerId: "lender-a",
        kind: "post",
        state: "accepted",
        request: { body: {} },
        response: "{}",
        httpStatus: 200,
        latencyMs: 340,
        priceCents: 4500,
        createdAt: at,
      },
    ]);
    await clearBuyerCallBodies(t.database.db, { now: NOW, days: 90 });
    const timeline = await leadTimeline(
      { db: t.database.db, tokenSecret: t.secrets.tokenSecret, publicBaseUrl: "https://loanpath.example" },
      lead.id,
    );
    const calls = timeline?.events.filter((e) => e.kind === "ping" || e.kind === "post");
    expect(calls).toEqual([
      expect.objectContaining({
        kind: "ping",
        state: "bid",
        request: null,
        response: null,
        bodies_cleared_after_days: 95,
      }),
      expect.objectContaining({ kind: "post", latency_ms: 340, price_cents: 4500, bodies_cleared_after_days: 95 }),
    ]);
  });
});

describe("a posted lead's timeline: its ping, its post and what its publisher was answered", () => {
  let buyer: FakeBuyer;
  beforeAll(async () => {
    buyer = await startFakeBuyer({ ping: () => bid(30), post: () => accept("https://lender.example/offer/9") });
  });
  afterAll(async () => {
    await buyer.close();
  });

  it("shows the ping's fields and offer, the post's tracking and masked consent, and the sold answer", async () => {
    await addBuyers(t.database.db, lenderConfig("lender-p", buyer));
    const [key] = await postingPublishers(t.database.db, t.secrets.piiKeyring, ["acme"]);
    const whole = postedApplication(7, { sub1: "camp-1", sub3: "blue", click_id: "clk-9", consent_ip: "203.0.113.77" });
    const ping = pingOf(whole);
    const call = (path: string, payload: Record<string, unknown>) =>
      t.app.inject({
        method: "POST",
        url: `/api/publisher/v1/${path}`,
        headers: { authorization: `Bearer ${key}` },
        payload,
      });
    const offer = (await call("ping", { ...ping, sub1: "camp-1", sub3: "blue", click_id: "clk-9" })).json();
    expect(offer.status).toBe("offered");
    const posted = await call("post", { ...whole, ping_id: offer.ping_id });
    expect(posted.statusCode, posted.body).toBe(200);
    const answer = posted.json();

    const timeline = await leadTimeline(
      { db: t.database.db, tokenSecret: t.secrets.tokenSecret, publicBaseUrl: "https://loanpath.example" },
      answer.lead_id,
    );
    // The console's route answers it through its contract.
    expect(leadTimelineAnswer.safeParse({ status: 200, message: "ok", data: timeline }).success).toBe(true);
    const events = timeline!.events;
    const pinged = events.find((e) => e.kind === "publisher_ping");
    expect(pinged).toMatchObject({
      publisher_id: "acme",
      publisher_name: "acme media",
      ping_id: offer.ping_id,
      test: false,
      // 40% of the $30 bid.
      payout_cents: 1200,
      expires_at: offer.expires_at,
      offers: [{ buyer: "lender-p", price_cents: 3000 }],
    });
    expect(pinged).toMatchObject({ fields: { loan_amount: 800, zip: "10001", state: "NY", sub1: "camp-1" } });

    const post = events.find((e) => e.kind === "publisher_post");
    expect(post).toMatchObject({
      publisher_name: "acme media",
      test: false,
      ping_id: offer.ping_id,
      tracking: { aff_sub1: "camp-1", aff_sub3: "blue", clickid: "clk-9" },
      consent: {
        text_version: "publisher acme",
        at: new Date(String(whole.consent_at)).toISOString(),
        page_url: "https://loans.publisher.example/apply",
        // Masked as the console masks a personal value: its first character.
        ip: "2•••",
      },
    });
    expect(post?.kind === "publisher_post" && post.consent?.text_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(events)).not.toContain("203.0.113.77");

    const answered = events.find((e) => e.kind === "publisher_answer");
    expect(answered).toMatchObject({ publisher_name: "acme media", answer });
    expect(answer).toMatchObject({
      status: "sold",
      payout_cents: 1200,
      redirect_url: "https://lender.example/offer/9",
    });
    // In order: pinged before posted, posted before answered.
    const order = events.map((e) => e.kind).filter((k) => k.startsWith("publisher_"));
    expect(order).toEqual(["publisher_ping", "publisher_post", "publisher_answer"]);
  });

  it("gives a funnel lead none of them", async () => {
    const { lead } = await savePendingAuction(t);
    const timeline = await leadTimeline(
      { db: t.database.db, tokenSecret: t.secrets.tokenSecret, publicBaseUrl: "https://loanpath.example" },
      lead.id,
    );
    expect(timeline!.events.some((e) => e.kind.startsWith("publisher_"))).toBe(false);
  });
});
