import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import type { BuyerReport, PublisherReport } from "../../../domain/contracts/console-partner-reports.ts";
import { PERIOD_MESSAGES } from "../../../domain/contracts/console-reports.ts";
import type { LedgerKind } from "../../partners/ledger/ledger-chain.ts";
import { lenderConfig } from "../../distribution/auction/auction.testing.ts";
import { appendLedger } from "../../partners/ledger/ledger-store.ts";
import { buyers } from "../../platform/db/schema.ts";
import { rebuildPublisherRollup } from "./publisher-rollup.ts";
import { rowsOf } from "./report-period.ts";

// The buyer and publisher reports against rows written straight to the tables: every figure below is counted by hand
// from those rows, with rows just outside the period that must not count.

const BUYER_DAY = "2026-03-10";
const PUB_DAY = "2026-03-20";
const at = (day: string, time: string) => `${day}T${time}Z`;

let t: TestApp;
let analyst: ConsoleUser;
let publisherUser: ConsoleUser;
let seq = 0;

async function lead(id: string) {
  await t.database.db.execute(sql`insert into leads (id, access_token_hash, created_at) values (${id}, 'h', now())`);
}

async function call(
  buyer: string,
  kind: string,
  state: string,
  createdAt: string,
  latency: number,
  price?: number,
  reason?: string,
) {
  const id = `pr-call-${++seq}`;
  await lead(id);
  await t.database.db
    .execute(sql`insert into buyer_calls (lead_id, buyer_id, kind, state, latency_ms, price_cents, reason, created_at)
    values (${id}, ${buyer}, ${kind}, ${state}, ${latency}, ${price ?? null}, ${reason ?? null}, ${createdAt}::timestamptz)`);
}

async function ledger(
  kind: LedgerKind,
  leadId: string,
  when: string,
  cents: number,
  who: { buyer?: string; publisher?: string },
) {
  const event = {
    kind,
    leadId,
    amountCents: cents,
    at: new Date(when),
    buyerId: who.buyer,
    publisherId: who.publisher,
  };
  await t.database.db.transaction((tx) => appendLedger(tx, [event]));
}

async function auction(id: string, aff: string, createdAt: string, decidedAt: string | null, price: number | null) {
  await lead(id);
  await t.database.db
    .execute(sql`insert into auctions (lead_id, status, price_cents, attribution, deadline_at, created_at, decided_at)
    values (${id}, ${decidedAt ? "accepted" : "rejected"}, ${price}, ${JSON.stringify({ aff_id: aff })}::jsonb,
      ${createdAt}::timestamptz, ${createdAt}::timestamptz, ${decidedAt ?? createdAt}::timestamptz)`);
}

async function seedBuyers() {
  const d = BUYER_DAY;
  // b-one has used its monthly cap of one post this month (capped now); b-two is switched off (paused); b-gone has
  // calls but is in no file.
  const nowhere = { url: "http://127.0.0.1:9" };
  await t.database.db.insert(buyers).values([
    { id: "b-one", config: lenderConfig("b-one", nowhere, { caps: { monthly: 1 } }), enabled: true },
    { id: "b-two", config: lenderConfig("b-two", nowhere), enabled: false },
  ]);
  await call("b-one", "post", "accepted", new Date().toISOString(), 10, 100);
  await call("b-gone", "ping", "no_bid", at(d, "09:00:00"), 10);
  await call("b-one", "ping", "bid", at(d, "00:00:00"), 100, 1000);
  await call("b-one", "ping", "bid", at(d, "01:00:00"), 200, 2000);
  await call("b-one", "ping", "no_bid", at(d, "02:00:00"), 300);
  await call("b-one", "ping", "error", at(d, "03:00:00"), 400, undefined, "timeout");
  await call("b-one", "post", "accepted", at(d, "04:00:00"), 500, 1500);
  await call("b-one", "post", "rejected", at(d, "05:00:00"), 600, undefined, "too many loans");
  await call("b-one", "post", "rejected", at(d, "06:00:00"), 700, undefined, "connection failed");
  await call("b-one", "post", "unreadable", at(d, "07:00:00"), 800, undefined, "answer has no result");
  await call("b-two", "post", "accepted", at(d, "08:00:00"), 50, 3000);
  await call("b-two", "ping", "bid", at(d, "23:59:59.999"), 150, 2500);
  // Just outside the day, on either side.
  await call("b-one", "ping", "bid", "2026-03-09T23:59:59.999Z", 9000, 9000);
  await call("b-one", "post", "accepted", "2026-03-11T00:00:00Z", 9000, 9000);
  await ledger("returned", "pr-ret-1", at(d, "12:00:00"), -1500, { buyer: "b-one" });
  await ledger("returned", "pr-ret-2", "2026-03-11T00:00:00Z", -3000, { buyer: "b-two" });
}

async function seedPublishers() {
  const d = PUB_DAY;
  await t.database.db.execute(sql`insert into publishers (id, name, aff_id, payout_kind, payout_amount, hold_days,
      postback_secret_encrypted, created_at)
    values ('pub-one', 'One Media', 'one', 'per_sold', 300, 0, 'x', '2026-01-01T00:00:00Z'),
      ('pub-two', 'Two Media', 'two', 'per_sold', 200, 0, 'x', ${at(d, "12:00:00")}::timestamptz)`);
  await t.database.db.execute(sql`insert into publisher_clicks (publisher_id, day, sub1, clicks)
    values ('pub-one', '2026-03-19', '', 77), ('pub-one', ${d}, '', 30), ('pub-one', ${d}, 'x', 10),
      ('pub-one', '2026-03-21', '', 99), ('pub-two', ${d}, '', 10)`);
  await auction("pr-a1", "one", at(d, "09:00:00"), at(d, "10:00:00"), 2000);
  await auction("pr-a2", "one", at(d, "09:30:00"), null, null);
  // Submitted the day before, sold in the period: sold counts, the application does not.
  await auction("pr-a3", "one", "2026-03-19T23:00:00Z", at(d, "01:00:00"), 1800);
  // Before pub-two was made: never credited to it.
  await auction("pr-a4", "two", at(d, "08:00:00"), at(d, "08:10:00"), 900);
  await auction("pr-a5", "two", at(d, "13:00:00"), at(d, "13:05:00"), 1000);
  await ledger("sold", "pr-a1", at(d, "10:00:00"), 2000, { buyer: "b-p" });
  await ledger("payout_earned", "pr-a1", at(d, "10:00:00"), 300, { publisher: "pub-one" });
  await ledger("sold", "pr-a3", at(d, "01:00:00"), 1800, { buyer: "b-p" });
  await ledger("payout_earned", "pr-a3", at(d, "01:00:00"), 300, { publisher: "pub-one" });
  await ledger("returned", "pr-a3", at(d, "15:00:00"), -1800, { buyer: "b-p" });
  await ledger("payout_reversed", "pr-a3", at(d, "15:00:00"), -300, { publisher: "pub-one" });
  await ledger("sold", "pr-a4", at(d, "08:10:00"), 900, { buyer: "b-p" });
  await ledger("sold", "pr-a5", at(d, "13:05:00"), 1000, { buyer: "b-p" });
  await ledger("payout_earned", "pr-a5", at(d, "13:05:00"), 200, { publisher: "pub-two" });
  // At the very start of the day after: that day's, not this one's.
  await auction("pr-out", "one", "2026-03-21T00:00:00Z", "2026-03-21T00:00:00Z", 5000);
  await ledger("sold", "pr-out", "2026-03-21T00:00:00Z", 5000, { buyer: "b-p" });
}

beforeAll(async () => {
  t = await createTestApp();
  await seedBuyers();
  await seedPublishers();
  analyst = await signInAs(t, "analyst");
  publisherUser = await signInAs(t, "publisher", undefined, "pub-one");
});
afterAll(() => t.app.close());

async function get<T>(url: string, user = analyst) {
  const res = await t.app.inject({ method: "GET", url, headers: user.read });
  return { status: res.statusCode, body: res.json() as { data: T; errors?: Record<string, string> } };
}

describe("GET /api/console/reports/buyers", () => {
  it("counts each buyer's calls, bids, money, returns and response times of the period, and the totals row", async () => {
    const { status, body } = await get<BuyerReport>(`/api/console/reports/buyers?from=${BUYER_DAY}&to=${BUYER_DAY}`);
    expect(status).toBe(200);
    const report = body.data;
    expect(report.period).toBe("custom");
    const row = (id: string) => report.buyers.find((b) => b.buyer_id === id)!;
    expect(row("b-one").figures).toEqual({
      pings: 4,
      bids: 2,
      posts: 4,
      accepts: 1,
      rejects: 1,
      errors: 2,
      timeouts: 1,
      average_bid_cents: 1500,
      sales_cents: 1500,
      returned_cents: 1500,
      revenue_cents: 0,
      returns: 1,
      revenue_per_sold_cents: 0,
      return_rate: 1,
      p50_ms: 450,
      p90_ms: 730,
    });
    expect(row("b-two").figures).toMatchObject({
      pings: 1,
      bids: 1,
      posts: 1,
      accepts: 1,
      average_bid_cents: 2500,
      returns: 0,
      revenue_cents: 3000,
      revenue_per_sold_cents: 3000,
      return_rate: 0,
      p50_ms: 100,
      p90_ms: 140,
    });
    // Their states now, as the buyers list reads them; one in no file reads as paused, nothing being sent to it.
    expect([row("b-one").state, row("b-two").state, row("b-gone").state]).toEqual(["capped", "paused", "paused"]);
    expect(row("b-one").name).toBe("Lender b-one");
    const counted = [
      "pings",
      "bids",
      "posts",
      "accepts",
      "rejects",
      "errors",
      "timeouts",
      "sales_cents",
      "returns",
    ] as const;
    for (const key of counted) {
      expect(report.totals[key]).toBe(report.buyers.reduce((s, b) => s + b.figures[key], 0));
    }
    expect(report.totals).toMatchObject({ pings: 6, accepts: 2, revenue_cents: 3000, revenue_per_sold_cents: 1500 });
    expect(report.totals.average_bid_cents).toBeCloseTo(5500 / 3, 6);
    expect(report.totals).toMatchObject({ return_rate: 0.5, p50_ms: 300, p90_ms: 700 });
  });

  it("answers the period before beside it with compare=previous", async () => {
    const { body } = await get<BuyerReport>(
      `/api/console/reports/buyers?from=2026-03-11&to=2026-03-11&compare=previous`,
    );
    expect(body.data.previous?.bounds.first_day).toBe(BUYER_DAY);
    expect(body.data.previous?.totals.pings).toBe(6);
    // The day after holds one accepted post and one return, of the rows just outside.
    expect(body.data.totals).toMatchObject({ accepts: 1, returns: 1, pings: 0 });
  });
});

describe("GET /api/console/reports/publishers", () => {
  it("gives each publisher's clicks, applications, sales, payouts, profit and rates, crediting leads after it was made", async () => {
    const { status, body } = await get<PublisherReport>(
      `/api/console/reports/publishers?from=${PUB_DAY}&to=${PUB_DAY}`,
    );
    expect(status).toBe(200);
    const row = (id: string) => body.data.publishers.find((p) => p.publisher_id === id)!.figures;
    expect(row("pub-one")).toEqual({
      clicks: 40,
      applications: 2,
      sold: 2,
      payout_cents: 300,
      revenue_cents: 2000,
      profit_cents: 1700,
      returns: 1,
      epc_cents: 7.5,
      conversion_rate: 0.05,
      return_rate: 0.5,
    });
    expect(row("pub-two")).toEqual({
      clicks: 10,
      applications: 1,
      sold: 1,
      payout_cents: 200,
      revenue_cents: 1000,
      profit_cents: 800,
      returns: 0,
      epc_cents: 20,
      conversion_rate: 0.1,
      return_rate: 0,
    });
    expect(body.data.totals).toMatchObject({
      clicks: 50,
      applications: 3,
      sold: 3,
      payout_cents: 500,
      profit_cents: 2500,
    });
    expect(body.data.totals.epc_cents).toBe(10);
    expect(body.data.totals.return_rate).toBeCloseTo(1 / 3, 9);
  });

  it("counts the next midnight in the day after, not in the period before it", async () => {
    const { body } = await get<PublisherReport>(
      `/api/console/reports/publishers?from=2026-03-21&to=2026-03-21&compare=previous`,
    );
    expect(body.data.previous?.totals.clicks).toBe(50);
    expect(body.data.totals).toMatchObject({ clicks: 99, applications: 1, sold: 1, revenue_cents: 5000 });
  });
});

describe("the publisher report's rollup", () => {
  const urls = [
    `/api/console/reports/publishers?from=${PUB_DAY}&to=${PUB_DAY}`,
    `/api/console/reports/publishers?from=2026-03-21&to=2026-03-21&compare=previous`,
    `/api/console/reports/publishers?from=2026-03-01&to=2026-03-31`,
  ];
  const answers = () => Promise.all(urls.map(async (url) => (await get<PublisherReport>(url)).body.data));

  it("answers as the raw rows do with its mark inside the day, and with the whole month rolled up", async () => {
    const raw = await answers();
    expect(raw[0]!.totals.applications).toBe(3);
    // A mark at noon of the day: its morning from the rollup, its afternoon from the raw rows.
    await rebuildPublisherRollup(t.database.db, new Date(at(PUB_DAY, "14:00:00")), null);
    const [rolled] = await rowsOf<{ n: string }>(t.database.db, sql`select count(*) as n from publisher_rollup`);
    expect(Number(rolled!.n)).toBeGreaterThan(0);
    expect(await answers()).toEqual(raw);
    await rebuildPublisherRollup(t.database.db, new Date(), null);
    expect(await answers()).toEqual(raw);
  });
});

describe("access and periods", () => {
  it("refuses the publisher role and lets the analyst read", async () => {
    for (const path of ["buyers", "publishers"]) {
      expect((await get(`/api/console/reports/${path}?period=7d`, publisherUser)).status).toBe(403);
      expect((await get(`/api/console/reports/${path}?period=7d`)).status).toBe(200);
    }
  });

  it("answers a bad period with a 400 naming what is wrong", async () => {
    for (const path of ["buyers", "publishers"]) {
      const half = await get(`/api/console/reports/${path}?from=2026-03-10`);
      expect(half.status).toBe(400);
      expect(JSON.stringify(half.body)).toContain(PERIOD_MESSAGES.both);
      const future = await get(`/api/console/reports/${path}?from=2026-03-10&to=2999-01-01`);
      expect(future.status).toBe(400);
      expect((await get(`/api/console/reports/${path}?period=fortnight`)).status).toBe(400);
    }
  });
});
