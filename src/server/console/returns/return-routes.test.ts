import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { auditLog, consentRecords, ledgerEntries, leadQuality, leadReturns } from "../../platform/db/schema.ts";
import { ledgerRowsOfLead } from "../../partners/ledger/ledger-store.ts";
import { earlierThisMonth, seedSale } from "../../partners/returns/returns.testing.ts";
import { NOT_ALLOWED } from "../access/console-access.ts";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const EMAIL_HASH = "e".repeat(64);

describe("console returns", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.app.close());

  const call = (method: "GET" | "POST", url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url, headers, ...(payload ? { payload } : {}) });

  it("a manager files a return for a buyer, sees its evidence, approves it: the ledger reverses, the audit keeps it", async () => {
    const db = t.database.db;
    const manager = await signInAs(t, "manager");
    const soldAt = earlierThisMonth(HOUR);
    // The same person came twice before, 3 and 40 days earlier: only the first is within the 30-day window.
    await seedSale(db, {
      buyerId: "other",
      priceCents: 100,
      soldAt: new Date(soldAt.getTime() - 3 * DAY),
      emailHash: EMAIL_HASH,
    });
    await seedSale(db, {
      buyerId: "other",
      priceCents: 100,
      soldAt: new Date(soldAt.getTime() - 40 * DAY),
      emailHash: EMAIL_HASH,
    });
    const leadId = await seedSale(db, {
      buyerId: "buyer-a",
      priceCents: 6_000,
      soldAt,
      phone: "2125557788",
      emailHash: EMAIL_HASH,
      payout: { publisherId: "pub-1", cents: 1_500 },
    });
    await db.insert(consentRecords).values({
      leadId,
      consentKind: "tcpa",
      textVersion: "v1",
      textHash: "h",
      button: "Submit",
      pageUrl: "https://loanpath.test/apply",
    });

    const filed = await call("POST", "/api/console/returns", manager.write, {
      buyer_id: "buyer-a",
      lead_id: leadId,
      reason: "duplicate",
    });
    expect(filed.statusCode, filed.body).toBe(201);
    const id = filed.json().data.id;

    const queue = await call("GET", "/api/console/returns?state=pending", manager.read);
    expect(queue.statusCode).toBe(200);
    const item = queue.json().data.returns.find((r: { id: string }) => r.id === id);
    expect(item).toMatchObject({ lead_id: leadId, buyer_id: "buyer-a", reason: "duplicate", source: "console" });
    expect(item.evidence.sale).toEqual({ buyer_id: "buyer-a", price_cents: 6_000, sold_at: soldAt.toISOString() });
    expect(item.evidence.duplicates).toEqual({
      window_days: 30,
      matches: [{ field: "email", count: 1, dates: [new Date(soldAt.getTime() - 3 * DAY).toISOString()] }],
    });
    expect(item.evidence.phone).toMatchObject({ kept: true, callable: true });
    // Sold before the gate: no record, and nothing said of one.
    expect(item.evidence.quality).toBeNull();
    expect(item.evidence.certificate_url).toMatch(/\/consent\/certificate\/[^/]+$/);
    // Hashes and the number are never shown.
    expect(queue.body).not.toContain(EMAIL_HASH);
    expect(queue.body).not.toContain("2125557788");
    const certificate = await t.app.inject({
      method: "GET",
      url: new URL(item.evidence.certificate_url).pathname.replace("/consent/", "/api/consent/"),
    });
    expect(certificate.statusCode).toBe(200);

    const approved = await call("POST", `/api/console/returns/${id}/approve`, manager.write, { note: "seen twice" });
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().data).toEqual({
      id,
      state: "approved",
      refund_cents: -6_000,
      payout_reversed_cents: -1_500,
    });
    expect((await ledgerRowsOfLead(db, leadId)).map((r) => [r.kind, r.amount_cents])).toEqual([
      ["sold", 6_000],
      ["payout_earned", 1_500],
      ["returned", -6_000],
      ["payout_reversed", -1_500],
    ]);
    const audit = await db.select().from(auditLog).where(eq(auditLog.target, id)).orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.operatorEmail])).toEqual([
      ["return.file", manager.email],
      ["return.approve", manager.email],
    ]);
    expect(audit[1]).toMatchObject({ reason: "seen twice" });

    const decided = await call("GET", "/api/console/returns?state=approved", manager.read);
    expect(decided.json().data.returns[0]).toMatchObject({
      id,
      decided_by: manager.email,
      decision_note: "seen twice",
    });

    const rates = await call("GET", "/api/console/returns/rates", manager.read);
    expect(rates.statusCode).toBe(200);
    const month = soldAt.toISOString().slice(0, 7);
    expect(rates.json().data.buyers).toContainEqual({ id: "buyer-a", month, sold: 1, returned: 1, rate: 1 });
    expect(rates.json().data.publishers).toContainEqual({ id: "pub-1", month, sold: 1, returned: 1, rate: 1 });
  });

  it("shows the gate's answers beside the reason: a wrong number's phone checks first, any other reason's in order", async () => {
    const db = t.database.db;
    const manager = await signInAs(t, "manager");
    const at = "2026-12-08T09:30:00.100Z";
    const checkedAt = new Date("2026-12-08T09:30:00.300Z");
    const checks = {
      phone_number: { answer: "valid" as const, source: "offline", at },
      phone_line_type: { answer: "voip" as const, source: "twilio", at, detail: "Bandwidth" },
      email_mx: { answer: "deliverable" as const, source: "dns", at, detail: "MX" },
      velocity: { answer: "ok" as const, source: "offline", at },
      address: { answer: "mismatch" as const, source: "offline", at, detail: "zip is in NJ" },
    };
    const filedWithRecord = async (buyerId: string, reason: string) => {
      const leadId = await seedSale(db, { buyerId, priceCents: 3_000, soldAt: earlierThisMonth(HOUR) });
      await db.insert(leadQuality).values({ leadId, checks, refusedReason: null, ms: 190, checkedAt });
      const filed = await call("POST", "/api/console/returns", manager.write, {
        buyer_id: buyerId,
        lead_id: leadId,
        reason,
      });
      expect(filed.statusCode, filed.body).toBe(201);
      return filed.json().data.id as string;
    };
    const wrongNumber = await filedWithRecord("buyer-q1", "wrong_number");
    const fraud = await filedWithRecord("buyer-q2", "fraud");

    const queue = await call("GET", "/api/console/returns?state=pending", manager.read);
    expect(queue.statusCode).toBe(200);
    const qualityOf = (id: string) =>
      queue.json().data.returns.find((r: { id: string }) => r.id === id).evidence.quality as {
        checked_at: string;
        refused_reason: string | null;
        checks: { check: string; answer: string; source: string; detail: string | null; bears: boolean }[];
      };
    const phoneFirst = qualityOf(wrongNumber);
    expect(phoneFirst).toMatchObject({ checked_at: checkedAt.toISOString(), refused_reason: null });
    expect(phoneFirst.checks.map((c) => [c.check, c.answer, c.bears])).toEqual([
      ["phone_number", "valid", true],
      ["phone_line_type", "voip", true],
      ["email_mx", "deliverable", false],
      ["velocity", "ok", false],
      ["address", "mismatch", false],
    ]);
    expect(phoneFirst.checks[1]).toEqual({
      check: "phone_line_type",
      answer: "voip",
      source: "twilio",
      at,
      detail: "Bandwidth",
      bears: true,
    });
    // Fraud singles out no check: every answer, in the checks' order.
    expect(qualityOf(fraud).checks.map((c) => [c.check, c.bears])).toEqual([
      ["phone_number", false],
      ["phone_line_type", false],
      ["email_mx", false],
      ["velocity", false],
      ["address", false],
    ]);
  });

  it("a rejection writes nothing to the ledger; a decided return is not decided again", async () => {
    const db = t.database.db;
    const owner = await signInAs(t, "owner");
    const leadId = await seedSale(db, { buyerId: "buyer-b", priceCents: 2_000, soldAt: earlierThisMonth(HOUR) });
    const filed = await call("POST", "/api/console/returns", owner.write, {
      buyer_id: "buyer-b",
      lead_id: leadId,
      reason: "wrong_number",
    });
    const id = filed.json().data.id;
    const before = (await db.select().from(ledgerEntries)).length;
    const rejected = await call("POST", `/api/console/returns/${id}/reject`, owner.write, { note: "it connects" });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toMatchObject({ state: "rejected", refund_cents: null });
    expect((await db.select().from(ledgerEntries)).length).toBe(before);
    const again = await call("POST", `/api/console/returns/${id}/approve`, owner.write, { note: "changed my mind" });
    expect(again.statusCode).toBe(409);
    expect((await db.select().from(ledgerEntries)).length).toBe(before);
  });

  it("files on a buyer's behalf under the buyer's rules: another buyer's lead is 404, and nothing is written", async () => {
    const owner = await signInAs(t, "owner");
    const leadId = await seedSale(t.database.db, {
      buyerId: "buyer-a",
      priceCents: 2_000,
      soldAt: earlierThisMonth(HOUR),
    });
    const before = (await t.database.db.select().from(leadReturns)).length;
    const res = await call("POST", "/api/console/returns", owner.write, {
      buyer_id: "buyer-b",
      lead_id: leadId,
      reason: "fraud",
    });
    expect(res.statusCode).toBe(404);
    expect((await t.database.db.select().from(leadReturns)).length).toBe(before);
  });

  it("gives the analyst 403 on every returns route, and writes nothing", async () => {
    const analyst = await signInAs(t, "analyst");
    const before = (await t.database.db.select().from(leadReturns)).length;
    for (const [method, url, payload] of [
      ["GET", "/api/console/returns", undefined],
      ["GET", "/api/console/returns/rates", undefined],
      ["POST", "/api/console/returns", { buyer_id: "buyer-a", lead_id: "ld_x", reason: "fraud" }],
      ["POST", "/api/console/returns/ret_x/approve", { note: "n" }],
      ["POST", "/api/console/returns/ret_x/reject", { note: "n" }],
    ] as const) {
      const res = await call(method, url, method === "GET" ? analyst.read : analyst.write, payload);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(NOT_ALLOWED);
    }
    expect((await t.database.db.select().from(leadReturns)).length).toBe(before);
  });
});
