import { describe, expect, it } from "vitest";
import { auctionTestBed, saveLead } from "./auction.testing.ts";
import { callsOf, recordCalls, type CallRecord } from "./auction-store.ts";

// A tier's pings are written as one JSON parameter (docs/decisions/0038-auction-cost.md): every column must
// arrive as its own type, quotes and non-ASCII text intact, nulls as nulls.

const bed = auctionTestBed();

describe("recording a tier's pings", () => {
  it("writes every column of every call, typed, in one statement", async () => {
    const lead = await saveLead(bed.t);
    const full: CallRecord = {
      leadId: lead.id,
      buyerId: "lender-a",
      kind: "ping",
      state: "bid",
      request: { body: '{"Lead":{"State":"NY","Key":"[masked]"}}' },
      response: 'Réponse "ok" \\ 100%',
      httpStatus: 200,
      latencyMs: 41,
      priceCents: 1250,
      reason: null,
      externalId: "ext-7",
      redirectUrl: "https://lender.example/r?a=1&b=2",
    };
    const bare: CallRecord = { leadId: lead.id, buyerId: "lender-b", kind: "ping", state: "error", reason: "timeout" };
    await recordCalls(bed.t.database.db, [full, bare]);
    const rows = await callsOf(bed.t.database.db, lead.id);
    expect(rows).toHaveLength(2);
    const byBuyer = new Map(rows.map((r) => [r.buyerId, r]));
    expect(byBuyer.get("lender-a")).toMatchObject({ ...full, finishedAt: expect.any(Date) });
    expect(byBuyer.get("lender-b")).toMatchObject({
      state: "error",
      reason: "timeout",
      request: null,
      response: null,
      httpStatus: null,
      latencyMs: null,
      priceCents: null,
      externalId: null,
      redirectUrl: null,
      finishedAt: expect.any(Date),
    });
  });
});
