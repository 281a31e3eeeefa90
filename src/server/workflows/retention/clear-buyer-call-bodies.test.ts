import { asc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "#tests/helpers/test-app.ts";
import { buyerCalls } from "../../platform/db/schema.ts";
import { saveLead } from "../../distribution/auction/auction.testing.ts";
import { clearBuyerCallBodies } from "./clear-buyer-call-bodies.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.app.close();
});

const NOW = new Date("2026-11-25T12:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

/** A lead's ping and post, `days` old, with masked bodies as the auction stores them. */
async function callsOf(leadId: string, days: number, postState = "accepted") {
  const at = daysAgo(days);
  await t.database.db.insert(buyerCalls).values([
    {
      leadId,
      buyerId: "lender-a",
      kind: "ping",
      state: "bid",
      request: { body: { state: "NY" } },
      response: '{"price":45}',
      httpStatus: 200,
      latencyMs: 120,
      priceCents: 4500,
      createdAt: at,
    },
    {
      leadId,
      buyerId: "lender-a",
      kind: "post",
      state: postState,
      request: { body: { email: "[masked]" } },
      response: '{"result":"accepted"}',
      httpStatus: 200,
      latencyMs: 340,
      priceCents: 4500,
      createdAt: at,
    },
  ]);
}

const rows = async (leadId: string) =>
  t.database.db.select().from(buyerCalls).where(eq(buyerCalls.leadId, leadId)).orderBy(asc(buyerCalls.id));

describe("clearing buyer calls' bodies after BUYER_CALL_BODY_DAYS", () => {
  it("blanks the request and answer of calls older than the setting, keeping each row and its figures", async () => {
    const old = await saveLead(t);
    const recent = await saveLead(t);
    await callsOf(old.id, 91);
    await callsOf(recent.id, 89);
    expect(await clearBuyerCallBodies(t.database.db, { now: NOW, days: 90 })).toEqual({ bodiesCleared: 2 });

    const cleared = await rows(old.id);
    expect(
      cleared.map((c) => [c.kind, c.state, c.httpStatus, c.latencyMs, c.priceCents, c.request, c.response]),
    ).toEqual([
      ["ping", "bid", 200, 120, 4500, null, null],
      ["post", "accepted", 200, 340, 4500, null, null],
    ]);
    expect(cleared.every((c) => c.bodiesClearedAt?.getTime() === NOW.getTime())).toBe(true);
    const kept = await rows(recent.id);
    expect(kept.map((c) => c.response)).toEqual(['{"price":45}', '{"result":"accepted"}']);
    expect(kept.every((c) => c.bodiesClearedAt === null)).toBe(true);
    // A second pass finds nothing more to do.
    expect(await clearBuyerCallBodies(t.database.db, { now: NOW, days: 90 })).toEqual({ bodiesCleared: 0 });
  });

  it("keeps the request of a post still in flight: it may be resent", async () => {
    const lead = await saveLead(t);
    await callsOf(lead.id, 200, "sending");
    expect(await clearBuyerCallBodies(t.database.db, { now: NOW, days: 90 })).toEqual({ bodiesCleared: 1 });
    const [ping, post] = await rows(lead.id);
    expect(ping?.request).toBeNull();
    expect(post?.request).toEqual({ body: { email: "[masked]" } });
  });

  it("works in batches, and stops after the most a pass may do, leaving the rest for the next", async () => {
    for (let i = 0; i < 3; i++) await callsOf((await saveLead(t)).id, 100 + i);
    expect(await clearBuyerCallBodies(t.database.db, { now: NOW, days: 90, batch: 2, maxBatches: 2 })).toEqual({
      bodiesCleared: 4,
    });
    expect(await clearBuyerCallBodies(t.database.db, { now: NOW, days: 90, batch: 2 })).toEqual({ bodiesCleared: 2 });
  });
});
