import { EventEmitter } from "node:events";
import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { auctions } from "../../platform/db/schema.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { savePendingAuction } from "./auction.testing.ts";
import { createDecisionWatch } from "./decision-watch.ts";

// Decisions made by another process reach this one's waiting pings through one re-read of every auction waited
// on (docs/decisions/0038-auction-cost.md). "Another process" here is a write straight to the table.

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.app.close();
});

const decideElsewhere = (leadId: string) =>
  t.database.db
    .update(auctions)
    .set({ status: "rejected", reason: "elsewhere", decidedAt: new Date() })
    .where(eq(auctions.leadId, leadId));

describe("the decision watch", () => {
  it("emits a decision written by another process for a watched lead, and nothing for a pending one", async () => {
    const decisions = new EventEmitter();
    const watch = createDecisionWatch(t.database.db, decisions, 20, () => {});
    const decided = await savePendingAuction(t);
    const pending = await savePendingAuction(t);
    const heard: string[] = [];
    decisions.on(decided.lead.id, () => heard.push(decided.lead.id));
    decisions.on(pending.lead.id, () => heard.push(pending.lead.id));
    const unwatchDecided = watch.watch(decided.lead.id);
    const unwatchPending = watch.watch(pending.lead.id);

    await decideElsewhere(decided.lead.id);
    const until = Date.now() + 10_000; // a guard for a busy machine, not a timing check
    while (!heard.includes(decided.lead.id) && Date.now() < until) await new Promise((r) => setTimeout(r, 20));
    expect(heard).toContain(decided.lead.id);
    expect(heard).not.toContain(pending.lead.id);
    unwatchDecided();
    unwatchPending();
  });

  it("stops reading once nobody waits", async () => {
    const decisions = new EventEmitter();
    const watch = createDecisionWatch(t.database.db, decisions, 20, () => {});
    const { lead } = await savePendingAuction(t);
    let heard = 0;
    decisions.on(lead.id, () => heard++);
    watch.watch(lead.id)();
    await decideElsewhere(lead.id);
    await new Promise((r) => setTimeout(r, 200));
    expect(heard).toBe(0);
  });
});
