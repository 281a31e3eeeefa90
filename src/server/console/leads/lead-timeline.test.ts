import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/helpers/test-app.ts";
import { buyerCalls } from "../../platform/db/schema.ts";
import { savePendingAuction } from "../../distribution/auction/auction.testing.ts";
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
