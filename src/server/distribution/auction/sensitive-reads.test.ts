import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sensitiveReads } from "../../platform/db/schema.ts";
import { createAuction } from "./auction-store.ts";
import {
  ABA,
  accept,
  ACCOUNT,
  addBuyers,
  auctionTestBed,
  bid,
  decided,
  lenderConfig,
  saveLead,
  sendLead,
} from "./auction.testing.ts";

const bed = auctionTestBed();

describe("reads of sensitive data", () => {
  it("logs the duplicate check and the post to the winning lender: lead, fields, purpose and recipient, never a value", async () => {
    const { t } = bed;
    const lender = await bed.buyer({ ping: () => bid(50), post: () => accept() });
    await addBuyers(t.database.db, lenderConfig("lender-ny", lender));
    const lead = await saveLead(t, { ssn: "523456789" });
    await sendLead(t.app, lead);
    expect((await decided(t.database.db, lead.id)).status).toBe("accepted");

    const rows = await t.database.db.select().from(sensitiveReads).where(eq(sensitiveReads.leadId, lead.id));
    expect(rows.map((r) => [r.purpose, r.recipient, r.fields])).toEqual([
      ["duplicate check", null, ["ssn"]],
      // What lenderConfig's post mapping sends of the sensitive answers.
      ["post to lender", "lender-ny", ["bank_aba", "bank_account_number", "ssn"]],
    ]);
    const text = JSON.stringify(rows);
    for (const value of ["523456789", ACCOUNT, ABA]) expect(text).not.toContain(value);
    // The post did carry them: the log is of a real read.
    expect(lender.bodies.find((b) => b.path === "/post")?.body).toContain("523456789");
  });

  it("logs the duplicate check's read even when the send's transaction fails after writing it", async () => {
    const { t } = bed;
    const lead = await saveLead(t);
    const failing = createAuction(
      t.database.db,
      {
        leadId: lead.id,
        // Refused by the insert, the transaction's last statement: its log row goes with it.
        testMode: null as unknown as boolean,
        attribution: {},
        submission: {},
        emailHash: null,
        phoneHash: null,
        ssnHash: "f".repeat(64),
        deadlineAt: new Date(Date.now() + 60_000),
      },
      30,
      { read: { leadId: lead.id, fields: ["ssn"], purpose: "duplicate check" } },
    );
    await expect(failing).rejects.toThrow();
    const rows = await t.database.db.select().from(sensitiveReads).where(eq(sensitiveReads.leadId, lead.id));
    expect(rows.map((r) => [r.purpose, r.fields])).toEqual([["duplicate check", ["ssn"]]]);
  });
});
