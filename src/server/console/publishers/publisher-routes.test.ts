import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import type { PublisherSettings } from "../../../domain/partners/publisher.ts";
import { auditLog, auctions, leads, publisherPings } from "../../platform/db/schema.ts";
import { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { lenderConfig } from "../../distribution/auction/auction.testing.ts";
import { partnerOfKey } from "../../partners/api-keys/api-key-store.ts";
import { appendLedger } from "../../partners/ledger/ledger-store.ts";
import { postbackSecretOf } from "../../partners/publishers/publisher-store.ts";
import { todayAndMonth } from "../../partners/publishers/publisher-figures.ts";
import { countClick } from "../../partners/tracking/click-count.ts";
import { NOT_ALLOWED } from "../access/console-access.ts";

const settings = (over: Partial<PublisherSettings> = {}): PublisherSettings => ({
  id: "acme",
  name: "Acme Media",
  aff_id: "A100",
  payout_kind: "per_sold",
  payout_amount: 700,
  hold_days: 30,
  postback_url: "https://acme.example/pb?cid={clickid}&e={event}",
  enabled: true,
  ...over,
});

/** A submitted lead of `affId` (and sub1), sold when `sold`, as the auction stores it. */
async function submitted(t: TestApp, id: string, affId: string, sub1: string, sold: boolean, testMode = false) {
  const now = new Date();
  await t.database.db.insert(leads).values({ id, accessTokenHash: `h-${id}`, test_mode: testMode });
  await t.database.db.insert(auctions).values({
    leadId: id,
    status: sold ? "accepted" : "rejected",
    buyerId: sold ? "b1" : null,
    priceCents: sold ? 4000 : null,
    testMode,
    attribution: { aff_id: affId, aff_sub1: sub1 },
    deadlineAt: now,
    decidedAt: now,
  });
}

/** A lead the publisher `postedBy` posted through the publisher API, as the post writes its auction. */
async function posted(
  t: TestApp,
  id: string,
  postedBy: string,
  outcome: { status: "accepted"; price: number } | { status: "rejected"; reason: string } | { status: "pending" },
  options: { testMode?: boolean; createdAt?: Date } = {},
) {
  const testMode = options.testMode ?? false;
  const at = options.createdAt ?? new Date();
  await t.database.db.insert(leads).values({ id, accessTokenHash: `h-${id}`, test_mode: testMode });
  await t.database.db.insert(auctions).values({
    leadId: id,
    status: outcome.status,
    reason: outcome.status === "rejected" ? outcome.reason : null,
    buyerId: outcome.status === "accepted" ? "b1" : null,
    priceCents: outcome.status === "accepted" ? outcome.price : null,
    testMode,
    postedBy,
    attribution: { aff_id: "P200", utm_source: "publisher post" },
    deadlineAt: at,
    decidedAt: outcome.status === "pending" ? null : at,
    createdAt: at,
  });
}

async function pinged(t: TestApp, id: string, publisherId: string, payoutCents: number | null, testMode = false) {
  await t.database.db.insert(publisherPings).values({
    id,
    publisherId,
    testMode,
    fields: {},
    preset: { offers: [], outcomes: [] },
    calls: [],
    payoutCents,
    expiresAt: new Date(Date.now() + 120_000),
  });
}

describe("console publishers", () => {
  let t: TestApp;
  let manager: ConsoleUser;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_BASE_URL: "https://loanpath.example/" });
    manager = await signInAs(t, "manager");
  });
  afterAll(() => t.app.close());

  const auditOf = (target: string) =>
    t.database.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.id);

  it("a manager adds a publisher: its postback secret is shown once, never in the log or a later answer", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/console/publishers",
      headers: manager.write,
      payload: settings(),
    });
    expect(res.statusCode, res.body).toBe(201);
    const secret = res.json().data.postback_secret as string;
    expect(secret.length).toBeGreaterThan(30);
    expect(await postbackSecretOf(t.database.db, new PiiCipher(t.secrets.piiKeyring), "acme")).toBe(secret);

    const detail = await t.app.inject({ method: "GET", url: "/api/console/publishers/acme", headers: manager.read });
    expect(detail.statusCode).toBe(200);
    expect(detail.json().data.publisher).toMatchObject({ id: "acme", aff_id: "A100", enabled: true });
    expect(detail.json().data.tracking_link).toBe("https://loanpath.example/r/acme");
    expect(detail.body).not.toContain(secret);
    const audit = await auditOf("acme");
    expect(audit.map((a) => a.action)).toEqual(["publisher.create"]);
    expect(JSON.stringify(audit)).not.toContain(secret);

    const again = await t.app.inject({
      method: "POST",
      url: "/api/console/publishers/acme/postback-secret",
      headers: manager.write,
    });
    const replaced = again.json().data.postback_secret as string;
    expect(replaced).not.toBe(secret);
    expect(await postbackSecretOf(t.database.db, new PiiCipher(t.secrets.piiKeyring), "acme")).toBe(replaced);
    expect(JSON.stringify(await auditOf("acme"))).not.toContain(replaced);
  });

  it("bad input is refused field by field with the schema's messages, and nothing is written", async () => {
    const bad = await t.app.inject({
      method: "POST",
      url: "/api/console/publishers",
      headers: manager.write,
      payload: settings({
        id: "-Bad",
        payout_kind: "revenue_share",
        payout_amount: 20_000,
        postback_url: "ftp://x/{email}",
      }),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toMatchObject({
      id: expect.stringMatching(/lower-case/),
      postback_url: expect.any(String),
      payout_amount: "A share is at most 10,000 basis points (100%).",
    });
    const taken = await t.app.inject({
      method: "POST",
      url: "/api/console/publishers",
      headers: manager.write,
      payload: settings({ id: "copycat" }),
    });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().errors).toEqual({ aff_id: "Another publisher's links carry this aff_id." });
    const list = await t.app.inject({ method: "GET", url: "/api/console/publishers", headers: manager.read });
    expect(list.json().data.publishers.map((p: { id: string }) => p.id)).toEqual(["acme"]);
  });

  it("edits, disables and enables a publisher, each change audited by what changed", async () => {
    const put = await t.app.inject({
      method: "PUT",
      url: "/api/console/publishers/acme",
      headers: manager.write,
      payload: settings({ hold_days: 45, name: "Acme Media Group" }),
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data.publisher).toMatchObject({ hold_days: 45, name: "Acme Media Group" });
    const off = await t.app.inject({
      method: "POST",
      url: "/api/console/publishers/acme/disable",
      headers: manager.write,
    });
    expect(off.json().data.publisher.enabled).toBe(false);
    const on = await t.app.inject({
      method: "POST",
      url: "/api/console/publishers/acme/enable",
      headers: manager.write,
    });
    expect(on.json().data.publisher.enabled).toBe(true);
    const audit = await auditOf("acme");
    expect(audit.slice(-3).map((a) => [a.action, a.details])).toEqual([
      ["publisher.update", { changed: ["name", "hold_days"] }],
      ["publisher.disable", {}],
      ["publisher.enable", {}],
    ]);
    const missing = await t.app.inject({
      method: "PUT",
      url: "/api/console/publishers/nobody",
      headers: manager.write,
      payload: settings({ id: "nobody" }),
    });
    expect(missing.statusCode).toBe(404);
  });

  it("issues a publisher's API key once, lists it without the key, and revokes it", async () => {
    const issued = await t.app.inject({
      method: "POST",
      url: "/api/console/publishers/acme/api-keys",
      headers: manager.write,
      payload: { label: "stats dashboard" },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const { id, key } = issued.json().data as { id: string; key: string };
    expect(key).toMatch(/^lpp_/);
    expect(await partnerOfKey(t.database.db, key)).toMatchObject({ kind: "publisher", partnerId: "acme" });
    const list = await t.app.inject({
      method: "GET",
      url: "/api/console/publishers/acme/api-keys",
      headers: manager.read,
    });
    expect(list.json().data.api_keys).toMatchObject([{ id, label: "stats dashboard", revoked_at: null }]);
    expect(list.body).not.toContain(key);
    const revoked = await t.app.inject({
      method: "DELETE",
      url: `/api/console/publishers/acme/api-keys/${id}`,
      headers: manager.write,
    });
    expect(revoked.statusCode).toBe(200);
    expect(await partnerOfKey(t.database.db, key)).toBeNull();
    const twice = await t.app.inject({
      method: "DELETE",
      url: `/api/console/publishers/acme/api-keys/${id}`,
      headers: manager.write,
    });
    expect(twice.statusCode).toBe(404);
    const audit = await auditOf("acme");
    expect(audit.filter((a) => a.action.startsWith("api_key.")).map((a) => a.action)).toEqual([
      "api_key.issue",
      "api_key.revoke",
    ]);
    expect(JSON.stringify(audit)).not.toContain(key);
    const nobody = await t.app.inject({
      method: "POST",
      url: "/api/console/publishers/nobody/api-keys",
      headers: manager.write,
      payload: { label: "x" },
    });
    expect(nobody.statusCode).toBe(404);
  });

  it("issues and revokes a buyer's API key under the buyer's permissions", async () => {
    const made = await t.app.inject({
      method: "POST",
      url: "/api/console/buyers",
      headers: manager.write,
      payload: { config: lenderConfig("keyed", { url: "http://127.0.0.1:9" }) },
    });
    expect(made.statusCode, made.body).toBe(201);
    const issued = await t.app.inject({
      method: "POST",
      url: "/api/console/buyers/keyed/api-keys",
      headers: manager.write,
      payload: { label: "returns" },
    });
    expect(issued.statusCode, issued.body).toBe(201);
    const { id, key } = issued.json().data as { id: string; key: string };
    expect(key).toMatch(/^lpb_/);
    expect(await partnerOfKey(t.database.db, key)).toMatchObject({ kind: "buyer", partnerId: "keyed" });
    const analyst = await signInAs(t, "analyst");
    expect(
      (
        await t.app.inject({
          method: "POST",
          url: "/api/console/buyers/keyed/api-keys",
          headers: analyst.write,
          payload: { label: "x" },
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: "GET", url: "/api/console/buyers/keyed/api-keys", headers: analyst.read }))
        .statusCode,
    ).toBe(403);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/console/buyers/keyed/api-keys",
      headers: manager.read,
    });
    expect(list.json().data.api_keys).toMatchObject([{ id, label: "returns" }]);
    expect(
      (
        await t.app.inject({
          method: "DELETE",
          url: `/api/console/buyers/keyed/api-keys/${id}`,
          headers: manager.write,
        })
      ).statusCode,
    ).toBe(200);
    expect(await partnerOfKey(t.database.db, key)).toBeNull();
    expect(
      (await t.app.inject({ method: "GET", url: "/api/console/buyers/nobody/api-keys", headers: manager.read }))
        .statusCode,
    ).toBe(404);
  });

  it("an analyst may neither read nor change publishers", async () => {
    const analyst = await signInAs(t, "analyst");
    for (const [method, url] of [
      ["GET", "/api/console/publishers"],
      ["GET", "/api/console/publishers/acme"],
      ["POST", "/api/console/publishers"],
      ["PUT", "/api/console/publishers/acme"],
      ["POST", "/api/console/publishers/acme/disable"],
      ["POST", "/api/console/publishers/acme/postback-secret"],
      ["GET", "/api/console/publishers/acme/api-keys"],
      ["POST", "/api/console/publishers/acme/api-keys"],
    ] as const) {
      const res = await t.app.inject({
        method,
        url,
        headers: method === "GET" ? analyst.read : analyst.write,
        payload: method === "GET" ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      expect(res.json().message).toBe(NOT_ALLOWED);
    }
  });

  it("lists today's and the month's clicks, completed, sold and payout, never a test lead", async () => {
    await countClick(t.database.db, "acme", "spring", new Date());
    await countClick(t.database.db, "acme", "", new Date());
    await submitted(t, "ld_a1", "A100", "spring", true);
    await submitted(t, "ld_a2", "A100", "", false);
    await submitted(t, "ld_t1", "A100", "spring", true, true);
    await submitted(t, "ld_o1", "OTHER", "", true);
    await t.database.db.transaction((tx) =>
      appendLedger(tx, [
        { kind: "sold", leadId: "ld_a1", buyerId: "b1", publisherId: "acme", amountCents: 4000 },
        { kind: "payout_earned", leadId: "ld_a1", publisherId: "acme", amountCents: 700 },
      ]),
    );
    const list = await t.app.inject({ method: "GET", url: "/api/console/publishers", headers: manager.read });
    const [acme] = list.json().data.publishers;
    const expected = { clicks: 2, completed: 2, sold: 1, earned_cents: 700, pending_cents: 700, final_cents: 0 };
    expect(acme.today).toMatchObject(expected);
    expect(acme.month).toMatchObject(expected);
  });

  it("takes today and this month in the reader's time zone, daylight-saving days included", async () => {
    const spans = (at: string, tz: string) => todayAndMonth(t.database.db, new Date(at), tz);
    const iso = (span: { from: Date; to: Date }) => [span.from.toISOString(), span.to.toISOString()];
    // 03:00 UTC on 1 March is still 28 February in New York.
    const winter = await spans("2026-03-01T03:00:00Z", "America/New_York");
    expect(iso(winter.today)).toEqual(["2026-02-28T05:00:00.000Z", "2026-03-01T05:00:00.000Z"]);
    expect(iso(winter.month)).toEqual(["2026-02-01T05:00:00.000Z", "2026-03-01T05:00:00.000Z"]);
    const utc = await spans("2026-03-01T03:00:00Z", "UTC");
    expect(iso(utc.today)).toEqual(["2026-03-01T00:00:00.000Z", "2026-03-02T00:00:00.000Z"]);
    // 8 March 2026, the day clocks go forward: 23 hours.
    const spring = await spans("2026-03-08T12:00:00Z", "America/New_York");
    expect(iso(spring.today)).toEqual(["2026-03-08T05:00:00.000Z", "2026-03-09T04:00:00.000Z"]);
    const list = await t.app.inject({
      method: "GET",
      url: "/api/console/publishers?tz=Not%2FA_Zone",
      headers: manager.read,
    });
    expect(list.statusCode).toBe(400);
  });

  it("shows each publisher's posted leads: sold, acceptance, prices, rejections by reason, pings, and its caps now", async () => {
    const terms = {
      posted_min_payout_cents: 500,
      posted_min_margin_cents: 250,
      posted_cap_hourly: 10,
      posted_cap_daily: null,
      posted_cap_monthly: 1000,
      time_zone: "America/Chicago",
    };
    const made = await t.app.inject({
      method: "POST",
      url: "/api/console/publishers",
      headers: manager.write,
      payload: settings({ id: "poster", name: "Poster Co", aff_id: "P200", postback_url: null, ...terms }),
    });
    expect(made.statusCode, made.body).toBe(201);
    await posted(t, "ld_p1", "poster", { status: "accepted", price: 4000 });
    await posted(t, "ld_p2", "poster", { status: "accepted", price: 5001 });
    await posted(t, "ld_p3", "poster", { status: "rejected", reason: "duplicate" });
    await posted(t, "ld_p4", "poster", { status: "rejected", reason: "duplicate" });
    await posted(t, "ld_p5", "poster", { status: "rejected", reason: "no eligible buyer" });
    await posted(t, "ld_p6", "poster", { status: "pending" });
    // Neither a test post nor one of an earlier month counts, in the figures or the caps.
    await posted(t, "ld_pt", "poster", { status: "accepted", price: 9000 }, { testMode: true });
    const longAgo = new Date(Date.now() - 40 * 86_400_000);
    await posted(t, "ld_po", "poster", { status: "rejected", reason: "time budget" }, { createdAt: longAgo });
    await pinged(t, "ping_1", "poster", 700);
    await pinged(t, "ping_2", "poster", 650);
    await pinged(t, "ping_3", "poster", null);
    await pinged(t, "ping_t", "poster", 700, true);

    const expected = {
      posted: 6,
      sold: 2,
      posted_acceptance: 2 / 6,
      average_price_cents: 4501,
      revenue_cents: 9001,
      rejections: [
        { reason: "duplicate", count: 2 },
        { reason: "no eligible buyer", count: 1 },
      ],
      pings: 3,
      pings_offered: 2,
    };
    const list = await t.app.inject({ method: "GET", url: "/api/console/publishers", headers: manager.read });
    const byId = new Map(list.json().data.publishers.map((p: { id: string }) => [p.id, p]));
    expect(byId.get("poster")).toMatchObject({ posted: { today: expected, month: expected } });
    expect(byId.get("acme")).toMatchObject({
      posted: { today: { posted: 0, posted_acceptance: null, average_price_cents: null, rejections: [], pings: 0 } },
    });

    const detail = await t.app.inject({
      method: "GET",
      url: "/api/console/publishers/poster?tz=America%2FNew_York",
      headers: manager.read,
    });
    expect(detail.statusCode, detail.body).toBe(200);
    const data = detail.json().data;
    expect(data.publisher).toMatchObject({ ...terms, posted: { today: expected, month: expected } });
    expect(data.posted_caps).toEqual({
      time_zone: "America/Chicago",
      hourly: { used: 6, cap: 10 },
      daily: { used: 6, cap: null },
      monthly: { used: 6, cap: 1000 },
    });
  });
});
