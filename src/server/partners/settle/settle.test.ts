import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { randomSecrets } from "../../../../tests/helpers/test-app.ts";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { PublisherSettings } from "../../../domain/partners/publisher.ts";
import type { Database } from "../../platform/db/database.ts";
import { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { appendLedger, ledgerRowsOfLead, verifyLedger } from "../ledger/ledger-store.ts";
import { createPublisher, updatePublisher } from "../publishers/publisher-store.ts";
import { receiptKeyOf } from "../receipts/receipt-key.ts";
import { settlePass } from "./settle-job.ts";
import { completedLead, decide, recordingSink } from "./settle.testing.ts";

const DAY = 24 * 60 * 60 * 1000;
const publisher = (id: string, over: Partial<PublisherSettings> = {}): PublisherSettings => ({
  id,
  name: id,
  aff_id: `aff-${id}`,
  payout_kind: "per_sold",
  payout_amount: 700,
  hold_days: 30,
  postback_url: null,
  enabled: true,
  ...over,
});

describe("the settle pass", () => {
  let database: Database;
  const cipher = new PiiCipher(randomSecrets().piiKeyring);
  const recorded = recordingSink();
  const t0 = new Date();
  const pass = (now = t0) =>
    settlePass(database.db, { sink: recorded.sink, key: receiptKeyOf(randomSecrets().tokenSecret), now });
  const kinds = async (leadId: string) =>
    (await ledgerRowsOfLead(database.db, leadId)).map((r) => [r.kind, r.buyer_id, r.publisher_id, r.amount_cents]);
  const posted = (leadId: string) =>
    recorded.events.filter((e) => e.leadId === leadId).map((e) => [e.event, e.payoutCents]);

  beforeAll(async () => {
    database = await createTestDatabase();
    const db = database.db;
    await createPublisher(db, cipher, publisher("share", { payout_kind: "revenue_share", payout_amount: 2_500 }));
    await createPublisher(db, cipher, publisher("complete", { payout_kind: "per_completed", payout_amount: 300 }));
    await createPublisher(db, cipher, publisher("off", { enabled: false }));
    await createPublisher(db, cipher, publisher("quick", { hold_days: 2 }));
  });
  afterAll(() => database.close());

  it("writes one sold and one payout_earned for a sale, and nothing more when run again", async () => {
    const db = database.db;
    const lead = await completedLead(db, { affId: "aff-share" });
    await pass();
    expect(await kinds(lead)).toEqual([]);
    expect(posted(lead)).toEqual([["completed", null]]);
    await decide(db, lead, { buyerId: "lender-a", priceCents: 4_099 });
    await pass();
    await pass();
    expect(await kinds(lead)).toEqual([
      ["sold", "lender-a", null, 4_099],
      ["payout_earned", null, "share", 1_024],
    ]);
    expect(posted(lead)).toEqual([
      ["completed", null],
      ["sold", 1_024],
    ]);
    expect(recorded.events.find((e) => e.leadId === lead)?.attribution).toMatchObject({ clickid: `click-${lead}` });
    expect((await verifyLedger(db)).broken).toBeNull();
  });

  it("settles two passes running at once only once", async () => {
    const db = database.db;
    const leads = [];
    for (let i = 0; i < 5; i++) leads.push(await completedLead(db, { affId: "aff-quick" }));
    for (const lead of leads) await decide(db, lead, { buyerId: "lender-b", priceCents: 2_000 });
    await Promise.all([pass(), pass(), pass()]);
    await pass();
    for (const lead of leads) {
      expect(await kinds(lead)).toEqual([
        ["sold", "lender-b", null, 2_000],
        ["payout_earned", null, "quick", 700],
      ]);
      expect(posted(lead)).toEqual([
        ["completed", null],
        ["sold", 700],
      ]);
    }
  });

  it("pays a per_completed publisher for a rejected lead, and posts the rejection once", async () => {
    const db = database.db;
    const lead = await completedLead(db, { affId: "aff-complete" });
    await decide(db, lead, "rejected");
    await pass();
    await pass();
    expect(await kinds(lead)).toEqual([["payout_earned", null, "complete", 300]]);
    expect(posted(lead)).toEqual([
      ["completed", 300],
      ["rejected", null],
    ]);
    // A lead earns once: paid on completion, it earns nothing more on its sale under a rule changed meanwhile.
    const sold = await completedLead(db, { affId: "aff-complete" });
    await pass();
    await updatePublisher(db, publisher("complete", { payout_kind: "per_sold", payout_amount: 700 }));
    await decide(db, sold, { buyerId: "lender-a", priceCents: 1_500 });
    await pass();
    expect(await kinds(sold)).toEqual([
      ["payout_earned", null, "complete", 300],
      ["sold", "lender-a", null, 1_500],
    ]);
    expect(posted(sold)).toEqual([
      ["completed", 300],
      ["sold", null],
    ]);
  });

  it("earns nothing and posts nothing for a test lead, a disabled publisher or a lead of no publisher", async () => {
    const db = database.db;
    const test = await completedLead(db, { affId: "aff-share", testMode: true });
    const disabled = await completedLead(db, { affId: "aff-off" });
    const nobody = await completedLead(db, { affId: "aff-unknown" });
    for (const lead of [test, disabled, nobody]) await decide(db, lead, { buyerId: "lender-a", priceCents: 5_000 });
    await pass();
    expect(await kinds(test)).toEqual([]);
    expect(posted(test)).toEqual([]);
    // The buyer still owes for a live sale; the publisher earns nothing.
    expect(await kinds(disabled)).toEqual([["sold", "lender-a", null, 5_000]]);
    expect(await kinds(nobody)).toEqual([["sold", "lender-a", null, 5_000]]);
    expect(posted(disabled)).toEqual([]);
    expect(posted(nobody)).toEqual([]);
  });

  it("makes a payout final after its hold, and never one that was reversed", async () => {
    const db = database.db;
    const kept = await completedLead(db, { affId: "aff-quick" });
    const returned = await completedLead(db, { affId: "aff-quick" });
    for (const lead of [kept, returned]) await decide(db, lead, { buyerId: "lender-c", priceCents: 3_000 });
    await pass();
    // A return approved while on hold (what the returns part writes).
    await db.transaction((tx) =>
      appendLedger(tx, [
        { kind: "returned", leadId: returned, buyerId: "lender-c", amountCents: -3_000 },
        { kind: "payout_reversed", leadId: returned, publisherId: "quick", amountCents: -700 },
      ]),
    );
    await pass(new Date(t0.getTime() + 2 * DAY - 60_000));
    expect((await kinds(kept)).map((k) => k[0])).toEqual(["sold", "payout_earned"]);
    await pass(new Date(t0.getTime() + 2 * DAY + 60_000));
    await pass(new Date(t0.getTime() + 3 * DAY));
    expect(await kinds(kept)).toEqual([
      ["sold", "lender-c", null, 3_000],
      ["payout_earned", null, "quick", 700],
      ["payout_final", null, "quick", 700],
    ]);
    expect((await kinds(returned)).map((k) => k[0])).toEqual(["sold", "payout_earned", "returned", "payout_reversed"]);
  });

  it("credits a publisher made after a lead's application with none of it, though the lead carries its aff_id", async () => {
    const db = database.db;
    const early = await completedLead(db, { affId: "aff-late" });
    // The application came a minute before the publisher was made (created_at is a transaction's start).
    await db.execute(sql`update auctions set created_at = now() - interval '1 minute' where lead_id = ${early}`);
    await createPublisher(db, cipher, publisher("late"));
    const after = await completedLead(db, { affId: "aff-late" });
    for (const lead of [early, after]) await decide(db, lead, { buyerId: "lender-d", priceCents: 2_500 });
    await pass();
    expect(await kinds(early)).toEqual([["sold", "lender-d", null, 2_500]]);
    expect(posted(early)).toEqual([]);
    expect(await kinds(after)).toEqual([
      ["sold", "lender-d", null, 2_500],
      ["payout_earned", null, "late", 700],
    ]);
  });

  it("reads only auctions near its cursor: an old decision it was never told about stays unread", async () => {
    const db = database.db;
    const lead = await completedLead(db, { affId: "aff-share" });
    await db.execute(sql`update auctions set created_at = now() - interval '1 day' where lead_id = ${lead}`);
    await pass();
    expect(posted(lead)).toEqual([]);
    // A disabled publisher enabled later earns on its leads settled from then on.
    await updatePublisher(db, publisher("off"));
    const later = await completedLead(db, { affId: "aff-off" });
    await pass();
    expect(posted(later)).toEqual([["completed", null]]);
  });
});
