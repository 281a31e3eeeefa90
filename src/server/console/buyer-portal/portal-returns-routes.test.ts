import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { saveBuyer } from "../../distribution/auction/buyer-registry.ts";
import { auditLog, leadReturns } from "../../platform/db/schema.ts";
import { issueApiKey } from "../../partners/api-keys/api-key-store.ts";
import { NOT_YOURS, RETURN_RECEIVED } from "../../partners/returns/return-store.ts";
import { earlierThisMonth, seedSale } from "../../partners/returns/returns.testing.ts";
import { NOT_ALLOWED } from "../access/console-access.ts";

// Returns filed in the buyer portal (docs/product/buyer-money.md#the-buyer-portal) obey the buyer API's rules
// (docs/product/partners.md#returns): the same checks in the same order, the same refusals, one count for both.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

const buyerConfig = (id: string, returns?: { window_days?: number; cap_percent?: number }) => ({
  id,
  name: id,
  kind: "lead_buyer",
  mode: "direct_post",
  protocol: "json",
  post: { url: "https://buyer.example/post", fields: [], answer: { success: { path: "ok", equals: [true] } } },
  pricing: { kind: "bid" },
  ...(returns ? { returns } : {}),
});

describe("the buyer portal's returns", () => {
  let t: TestApp;
  let acme: ConsoleUser;
  let tight: ConsoleUser;
  let acmeKey: string;
  let tightKey: string;
  beforeAll(async () => {
    t = await createTestApp();
    const db = t.database.db;
    await saveBuyer(db, buyerConfig("acme", { window_days: 7, cap_percent: 50 }));
    await saveBuyer(db, buyerConfig("beta"));
    await saveBuyer(db, buyerConfig("tight", { window_days: 30, cap_percent: 10 }));
    acme = await signInAs(t, "buyer", undefined, "acme");
    tight = await signInAs(t, "buyer", undefined, "tight");
    acmeKey = (await issueApiKey(db, "buyer", "acme", "test")).key;
    tightKey = (await issueApiKey(db, "buyer", "tight", "test")).key;
  });
  afterAll(() => t.app.close());

  const file = (user: ConsoleUser, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/console/portal/returns", headers: user.write, payload });
  const fileByApi = (key: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: "POST", url: "/api/buyer/returns", headers: { authorization: `Bearer ${key}` }, payload });
  const sale = (buyerId: string, soldAt = earlierThisMonth(HOUR)) =>
    seedSale(t.database.db, { buyerId, priceCents: 4_000, soldAt });

  it("files a return of the buyer's own lead, audited, and lists it with the terms in force", async () => {
    const leadId = await sale("acme");
    for (let i = 0; i < 5; i++) await sale("acme");
    const res = await file(acme, { lead_id: leadId, reason: "wrong_number", note: "Nobody by that name." });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().message).toBe(RETURN_RECEIVED);
    const filed = res.json().data;
    expect(filed).toMatchObject({ lead_id: leadId, state: "pending" });

    const [row] = await t.database.db.select().from(leadReturns).where(eq(leadReturns.id, filed.id));
    expect(row).toMatchObject({
      buyerId: "acme",
      source: "portal",
      reason: "wrong_number",
      note: "Nobody by that name.",
    });
    const audit = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "portal.return_file"), eq(auditLog.target, filed.id)));
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      operatorId: acme.id,
      details: { lead_id: leadId, buyer_id: "acme", reason: "wrong_number" },
    });

    const list = await t.app.inject({ method: "GET", url: "/api/console/portal/returns", headers: acme.read });
    expect(list.statusCode).toBe(200);
    expect(list.json().data).toEqual({
      returns: [
        {
          id: filed.id,
          lead_id: leadId,
          reason: "wrong_number",
          note: "Nobody by that name.",
          state: "pending",
          requested_at: filed.requested_at,
          decided_at: null,
          decision_note: null,
        },
      ],
      terms: { window_days: 7, cap_percent: 50 },
    });
    const tightList = await t.app.inject({ method: "GET", url: "/api/console/portal/returns", headers: tight.read });
    expect(tightList.json().data.returns).toEqual([]);

    // Filed again, through the portal or the API: the one refusal, 409.
    const again = await file(acme, { lead_id: leadId, reason: "fraud" });
    const byApi = await fileByApi(acmeKey, { lead_id: leadId, reason: "fraud" });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(byApi.json());
    expect(again.json().message).toBe("This lead was returned already; that return is pending.");
  });

  it("refuses a lead past the window as the API does", async () => {
    const soldAt = new Date(Date.now() - 8 * DAY);
    const [viaPortal, viaApi] = [await sale("acme", soldAt), await sale("acme", soldAt)];
    const refused = await file(acme, { lead_id: viaPortal, reason: "disconnected" });
    const api = await fileByApi(acmeKey, { lead_id: viaApi, reason: "disconnected" });
    expect(refused.statusCode).toBe(422);
    expect(api.statusCode).toBe(422);
    expect(refused.json()).toEqual(api.json());
    expect(refused.json().message).toMatch(
      /^The return window for this lead closed on \d{4}-\d{2}-\d{2}: a lead is returned within 7 days of its sale\.$/,
    );
  });

  it("counts returns filed either way against one monthly cap", async () => {
    // Two leads bought this month at 10%: one return allowed.
    const first = await sale("tight");
    const second = await sale("tight");
    expect((await file(tight, { lead_id: first, reason: "duplicate" })).statusCode).toBe(201);
    const refused = await file(tight, { lead_id: second, reason: "duplicate" });
    const api = await fileByApi(tightKey, { lead_id: second, reason: "duplicate" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toEqual(api.json());
    expect(refused.json().message).toBe(
      "This return is over your monthly return cap: 1 of 1 returns used this month (10% of the 2 leads you bought this month, at least one).",
    );
  });

  it("answers another buyer's lead and an unknown one alike, 404, whatever buyer the body names", async () => {
    const betas = await sale("beta");
    for (const payload of [
      { lead_id: betas, reason: "fraud" },
      { lead_id: betas, reason: "fraud", buyer_id: "beta" },
      { lead_id: "ld_never_was", reason: "fraud" },
    ]) {
      const res = await file(acme, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: NOT_YOURS });
    }
    expect(await t.database.db.select().from(leadReturns).where(eq(leadReturns.leadId, betas))).toEqual([]);
  });

  it("checks the request as the API does: a note for other, a known reason", async () => {
    const leadId = await sale("acme");
    const noNote = await file(acme, { lead_id: leadId, reason: "other" });
    expect(noNote.statusCode).toBe(400);
    expect(noNote.json().errors).toEqual({ note: "Say why in a note when the reason is other." });
    const unknown = await file(acme, { lead_id: leadId, reason: "bored" });
    expect(unknown.statusCode).toBe(400);
    expect(Object.keys(unknown.json().errors)).toEqual(["reason"]);
  });

  it("answers 403 to an owner, who is bound to no buyer", async () => {
    const owner = await signInAs(t, "owner");
    const list = await t.app.inject({ method: "GET", url: "/api/console/portal/returns", headers: owner.read });
    const filed = await file(owner, { lead_id: await sale("acme"), reason: "fraud" });
    for (const res of [list, filed]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(NOT_ALLOWED);
    }
  });
});
