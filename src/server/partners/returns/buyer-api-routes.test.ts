import { count } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { saveBuyer } from "../../distribution/auction/buyer-registry.ts";
import { leadReturns } from "../../platform/db/schema.ts";
import { issueApiKey, revokeApiKey } from "../api-keys/api-key-store.ts";
import { earlierThisMonth, seedSale } from "./returns.testing.ts";

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

describe("the buyer API's returns", () => {
  let t: TestApp;
  let keyA: string;
  let keyB: string;
  beforeAll(async () => {
    t = await createTestApp();
    keyA = (await issueApiKey(t.database.db, "buyer", "buyer-a", "test")).key;
    keyB = (await issueApiKey(t.database.db, "buyer", "buyer-b", "test")).key;
  });
  afterAll(() => t.app.close());

  const fileAs = (key: string | undefined, payload: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: "/api/buyer/returns",
      headers: key === undefined ? {} : { authorization: `Bearer ${key}` },
      payload,
    });
  const returnsWritten = async () => (await t.database.db.select({ n: count() }).from(leadReturns))[0]!.n;

  it("takes a good return: 201, pending, and the lead's status shows it", async () => {
    const soldAt = earlierThisMonth(HOUR);
    const leadId = await seedSale(t.database.db, { buyerId: "buyer-a", priceCents: 4_500, soldAt });
    // Enough sales this month that the cap leaves room for the tests below.
    for (let i = 0; i < 20; i++) await seedSale(t.database.db, { buyerId: "buyer-a", priceCents: 100, soldAt });
    const res = await fileAs(keyA, { lead_id: leadId, reason: "disconnected" });
    expect(res.statusCode).toBe(201);
    const filed = res.json().data;
    expect(filed).toMatchObject({ lead_id: leadId, state: "pending" });
    expect(filed.id).toMatch(/^ret_/);
    expect(Date.parse(filed.requested_at)).not.toBeNaN();

    const status = await t.app.inject({
      method: "GET",
      url: `/api/buyer/leads/${leadId}`,
      headers: { authorization: `Bearer ${keyA}` },
    });
    expect(status.statusCode).toBe(200);
    expect(status.json().data).toMatchObject({
      lead_id: leadId,
      sold_at: soldAt.toISOString(),
      price_cents: 4_500,
      return_until: new Date(soldAt.getTime() + 7 * DAY).toISOString(),
      return: { id: filed.id, state: "pending", reason: "disconnected" },
    });
    const list = await t.app.inject({
      method: "GET",
      url: "/api/buyer/returns?state=pending",
      headers: { authorization: `Bearer ${keyA}` },
    });
    expect(list.json().data.returns.map((r: { id: string }) => r.id)).toEqual([filed.id]);

    // Filed again while that one is pending: 409, nothing more written.
    const before = await returnsWritten();
    const again = await fileAs(keyA, { lead_id: leadId, reason: "fraud" });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe("This lead was returned already; that return is pending.");
    expect(await returnsWritten()).toBe(before);
  });

  it("answers 401 to no key, a bad, revoked or publisher's key, and writes nothing", async () => {
    const leadId = await seedSale(t.database.db, {
      buyerId: "buyer-a",
      priceCents: 3_000,
      soldAt: earlierThisMonth(HOUR),
    });
    const publisherKey = (await issueApiKey(t.database.db, "publisher", "pub-a", "test")).key;
    const revoked = await issueApiKey(t.database.db, "buyer", "buyer-a", "old");
    await revokeApiKey(t.database.db, "buyer", "buyer-a", revoked.id);
    const before = await returnsWritten();
    for (const key of [undefined, "lpb_not-a-key-at-all", publisherKey, revoked.key]) {
      const res = await fileAs(key, { lead_id: leadId, reason: "fraud" });
      expect(res.statusCode).toBe(401);
    }
    expect(await returnsWritten()).toBe(before);
  });

  it("answers another buyer's lead and an unknown lead alike: 404, nothing written", async () => {
    const leadId = await seedSale(t.database.db, {
      buyerId: "buyer-a",
      priceCents: 3_000,
      soldAt: earlierThisMonth(HOUR),
    });
    const before = await returnsWritten();
    const theirs = await fileAs(keyB, { lead_id: leadId, reason: "fraud" });
    const unknown = await fileAs(keyB, { lead_id: "ld_nobody", reason: "fraud" });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json()).toEqual(unknown.json());
    expect(theirs.json().message).toBe("No lead of yours has that id.");
    const status = await t.app.inject({
      method: "GET",
      url: `/api/buyer/leads/${leadId}`,
      headers: { authorization: `Bearer ${keyB}` },
    });
    expect(status.statusCode).toBe(404);
    expect(await returnsWritten()).toBe(before);
  });

  it("refuses a return outside the buyer's window with 422 and the date it closed", async () => {
    const soldAt = new Date(Date.now() - 8 * DAY);
    const leadId = await seedSale(t.database.db, { buyerId: "buyer-a", priceCents: 3_000, soldAt });
    const res = await fileAs(keyA, { lead_id: leadId, reason: "wrong_number" });
    expect(res.statusCode).toBe(422);
    const closed = new Date(soldAt.getTime() + 7 * DAY).toISOString().slice(0, 10);
    expect(res.json().message).toBe(
      `The return window for this lead closed on ${closed}: a lead is returned within 7 days of its sale.`,
    );

    // The buyer's own configuration sets its window: 2 days refuses a lead sold 3 days ago.
    await saveBuyer(t.database.db, buyerConfig("buyer-w", { window_days: 2 }));
    const keyW = (await issueApiKey(t.database.db, "buyer", "buyer-w", "test")).key;
    const older = await seedSale(t.database.db, {
      buyerId: "buyer-w",
      priceCents: 3_000,
      soldAt: new Date(Date.now() - 3 * DAY),
    });
    const refused = await fileAs(keyW, { lead_id: older, reason: "wrong_number" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().message).toContain("within 2 days of its sale");
  });

  it("refuses a return over the month's cap with 422, and allows one to a buyer that bought few", async () => {
    const db = t.database.db;
    const soldAt = earlierThisMonth(HOUR);
    // 10% of 10 leads: one return this month.
    const sold = [];
    for (let i = 0; i < 10; i++) sold.push(await seedSale(db, { buyerId: "buyer-b", priceCents: 2_000, soldAt }));
    expect((await fileAs(keyB, { lead_id: sold[0], reason: "duplicate" })).statusCode).toBe(201);
    const before = await returnsWritten();
    const over = await fileAs(keyB, { lead_id: sold[1], reason: "other", note: "never answers" });
    expect(over.statusCode).toBe(422);
    expect(over.json().message).toBe(
      "This return is over your monthly return cap: 1 of 1 returns used this month (10% of the 10 leads you bought this month, at least one).",
    );
    expect(await returnsWritten()).toBe(before);

    // A buyer that bought one lead may still return it.
    const keyC = (await issueApiKey(db, "buyer", "buyer-c", "test")).key;
    const only = await seedSale(db, { buyerId: "buyer-c", priceCents: 2_000, soldAt });
    expect((await fileAs(keyC, { lead_id: only, reason: "fraud" })).statusCode).toBe(201);
  });

  it("refuses `other` without a note, and an unknown reason, with the field's message", async () => {
    const res = await fileAs(keyA, { lead_id: "ld_x", reason: "other" });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ note: "Say why in a note when the reason is other." });
    const bad = await fileAs(keyA, { lead_id: "ld_x", reason: "bored" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(["reason"]);
  });

  it("is rate limited per address", async () => {
    const limited = await createTestApp({ RATE_LIMIT_PARTNER_PER_MINUTE: "2" });
    try {
      const key = (await issueApiKey(limited.database.db, "buyer", "buyer-a", "test")).key;
      const call = () =>
        limited.app.inject({ method: "GET", url: "/api/buyer/returns", headers: { authorization: `Bearer ${key}` } });
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(200);
      expect((await call()).statusCode).toBe(429);
    } finally {
      await limited.app.close();
    }
  });
});
