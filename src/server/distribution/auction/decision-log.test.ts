import { describe, expect, it } from "vitest";
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
} from "./auction.testing.ts";

const bed = auctionTestBed({ LOG_LEVEL: "info" });

type Line = { level: number; msg: string; lead_id?: string; [key: string]: unknown };
const decisionLines = (logs: string, leadId: string) =>
  logs
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Line)
    .filter((l) => l.msg === "auction decided" && l.lead_id === leadId);

describe("the log of a decided auction", () => {
  it("writes one info line per decision: lead, outcome, buyer, price and how long it took", async () => {
    const lender = await bed.buyer({ ping: () => bid(12.5), post: () => accept() });
    await addBuyers(bed.t.database.db, lenderConfig("lender-ny", lender));
    const lead = await saveLead(bed.t);
    await sendLead(bed.t.app, lead);
    await decided(bed.t.database.db, lead.id);
    const [line, ...more] = decisionLines(bed.t.logs(), lead.id);
    expect(more).toEqual([]);
    expect(line).toMatchObject({ level: 30, outcome: "accepted", buyer: "lender-ny", price: 12.5 });
    expect(line?.durationMs).toEqual(expect.any(Number));
    // The per-request lines of the send are not at info.
    expect(bed.t.logs()).not.toContain("request completed");
    expect(bed.t.logs()).not.toContain("incoming request");
  });

  it("says why a lead was not sold, for a run and for a duplicate decided at the send", async () => {
    const no = await bed.buyer({ ping: () => decline });
    await addBuyers(bed.t.database.db, lenderConfig("no", no));
    const lead = await saveLead(bed.t);
    await sendLead(bed.t.app, lead);
    await decided(bed.t.database.db, lead.id);
    expect(decisionLines(bed.t.logs(), lead.id)).toEqual([
      expect.objectContaining({ level: 30, outcome: "rejected", reason: "no buyer accepted" }),
    ]);

    // The same person again: a duplicate, decided at the send without a run.
    const again = await saveLead(bed.t, { email: "dup@example.com" });
    const twin = await saveLead(bed.t, { email: "dup@example.com" });
    await sendLead(bed.t.app, again);
    await decided(bed.t.database.db, again.id);
    await sendLead(bed.t.app, twin);
    expect(decisionLines(bed.t.logs(), twin.id)).toEqual([
      expect.objectContaining({ level: 30, outcome: "rejected", reason: "duplicate" }),
    ]);
  });
});
