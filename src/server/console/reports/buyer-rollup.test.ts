import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { BuyerReport, BuyerReportFigures } from "../../../domain/contracts/console-partner-reports.ts";
import type { PartnerReportQuery } from "../../../domain/contracts/console-reports.ts";
import { lenderConfig } from "../../distribution/auction/auction.testing.ts";
import { appendLedger } from "../../partners/ledger/ledger-store.ts";
import type { Database } from "../../platform/db/database.ts";
import { auctions, buyerCalls, buyers, leads } from "../../platform/db/schema.ts";
import type { Figures } from "../buyers/buyer-figures.ts";
import { figuresSince } from "./buyer-day-figures.ts";
import { allBuyers } from "../buyers/buyer-store.ts";
import { buyerReport } from "./buyer-report.ts";
import { buyerRollupCoveredTo, rebuildBuyerRollup } from "./buyer-rollup.ts";
import { binValue, percentileOf } from "./latency-bins.ts";
import { rowsOf } from "./report-period.ts";
import { bucketFloor, SETTLE_MS } from "./rollup-buckets.ts";
import { rawTodayReport, todayReport } from "./today-report.ts";

// The buyer report, the buyers list's figures of the day and Today's by-buyer table read from the buyer rollup and the
// raw tail equal the same read from the raw rows alone: every count exactly, p50 and p90 within the histogram's error
// (docs/decisions/0047-report-periods-and-profit.md, "The buyer rollup"); over periods that cross the coverage mark,
// with a paused buyer, test leads left out, and rows that change or come after a rebuild.

const HOUR = 3_600_000;
const NOW = new Date("2026-06-15T12:07:00Z");
/** The bins' bound: sqrt(1.1) - 1, and the whole millisecond the readers round to. */
const RELATIVE_ERROR = Math.sqrt(1.1) - 1;
const BUYERS = ["b1", "b2", "b3"];
const TZ = "Asia/Kathmandu";

let database: Database;
const db = () => database.db;

/** A lead, its calls to each buyer and (mostly) a sold auction, `at`; every 23rd a test lead, every 19th a test submission. */
async function writeLead(id: string, at: Date, i: number) {
  await db()
    .insert(leads)
    .values({ id, accessTokenHash: "x", created_at: at, test_mode: i % 23 === 22 });
  const winner = BUYERS[i % 3]!;
  const sold = i % 4 !== 3;
  await db()
    .insert(auctions)
    .values({
      leadId: id,
      status: sold ? "accepted" : "rejected",
      reason: sold ? null : "no buyer accepted",
      buyerId: sold ? winner : null,
      priceCents: sold ? 1_000 + i * 37 : null,
      testMode: i % 19 === 18,
      attribution: {},
      deadlineAt: new Date(at.getTime() + HOUR),
      createdAt: at,
    });
  // Latencies spread over four orders of magnitude, so the bins are tested wide and narrow.
  const latency = (k: number) => [0, 7, 130, 480, 2_900, 10_000][(i * 7 + k) % 6]! + ((i * 13 + k) % 40);
  await db()
    .insert(buyerCalls)
    .values([
      ...BUYERS.map((b, k) => ({
        leadId: id,
        buyerId: b,
        kind: "ping",
        state: (i + k) % 5 === 0 ? "error" : (i + k) % 3 === 0 ? "no_bid" : "bid",
        reason: (i + k) % 5 === 0 ? ["timeout", "connection failed", "shadow: timeout"][(i + k) % 3] : null,
        priceCents: (i + k) % 3 === 0 ? null : 900 + k,
        latencyMs: (i + k) % 11 === 0 ? null : latency(k),
        createdAt: at,
      })),
      {
        leadId: id,
        buyerId: winner,
        kind: "post",
        state: sold ? "accepted" : i % 8 === 3 ? "rejected" : "unreadable",
        reason: !sold && i % 16 === 3 ? "timeout" : null,
        priceCents: sold ? 1_000 + i * 37 : null,
        latencyMs: latency(7),
        createdAt: at,
      },
    ]);
  if (sold && i % 6 === 0) {
    const later = new Date(at.getTime() + 30 * 60_000);
    await db().transaction((tx) =>
      appendLedger(tx, [{ kind: "returned", leadId: id, amountCents: -(500 + i), at: later, buyerId: winner }]),
    );
  }
  if (sold && i % 5 === 0) {
    const later = new Date(at.getTime() + 45 * 60_000);
    await db().transaction((tx) =>
      appendLedger(tx, [{ kind: "payout_earned", leadId: id, amountCents: 200 + i, at: later, publisherId: "p1" }]),
    );
  }
}

const QUERIES: PartnerReportQuery[] = [
  { period: "today", tz: TZ },
  { period: "7d", tz: TZ, compare: "previous" },
  { period: "30d", tz: "UTC", compare: "previous" },
  { period: "this_month", tz: "America/New_York" },
];

type Answers = { reports: BuyerReport[]; figures: Map<string, Figures>; today: unknown[] };

async function answers(now: Date): Promise<Answers> {
  const known = await allBuyers(db(), new Map());
  return {
    reports: await Promise.all(QUERIES.map((q) => buyerReport(db(), known, q, now))),
    figures: await figuresSince(db(), new Date(now.getTime() - 20 * HOUR)),
    today: await Promise.all(
      (["today", "7d", "30d"] as const).map(async (period) => {
        const query = { period, tz: TZ };
        // Today's by-buyer table from the rollup, and from the raw rows (rawTodayReport reads no rollup).
        const [rolled, raw] = [await todayReport(db(), query, now), await rawTodayReport(db(), query, now)];
        expect(rolled, period).toEqual(raw);
        return rolled;
      }),
    ),
  };
}

/** The same answers from the raw rows alone: the rollup's mark taken away for the read, then put back. */
async function rawAnswers(now: Date): Promise<Answers> {
  const mark = await buyerRollupCoveredTo(db());
  await db().execute(sql`delete from rollup_coverage where name = 'buyers'`);
  try {
    return await answers(now);
  } finally {
    if (mark !== null) {
      await db().execute(
        sql`insert into rollup_coverage (name, covered_to) values ('buyers', ${mark.toISOString()}::timestamptz)`,
      );
    }
  }
}

function expectNear(actual: number | null, exact: number | null, label: string) {
  if (exact === null) return expect(actual, label).toBeNull();
  expect(actual, label).not.toBeNull();
  expect(Math.abs(actual! - exact), `${label}: ${actual} for ${exact}`).toBeLessThanOrEqual(
    exact * RELATIVE_ERROR + 0.5,
  );
}

/** Equal in every count; p50 and p90 within the bins' error of the raw rows' exact ones. */
function expectSameAsRaw(rolled: Answers, raw: Answers) {
  const apart = <T extends { p50_ms: number | null; p90_ms: number | null }>(f: T) => {
    const { p50_ms, p90_ms, ...rest } = f;
    return { rest, p50_ms, p90_ms };
  };
  const figures = (r: BuyerReport) =>
    [r, r.previous].flatMap((p) => (p === null ? [] : [...p.buyers.map((b) => b.figures), p.totals]));
  rolled.reports.forEach((report, k) => {
    const exact = raw.reports[k]!;
    const strip = (r: BuyerReport) =>
      JSON.parse(JSON.stringify(r, (key, v: unknown) => (key === "p50_ms" || key === "p90_ms" ? undefined : v)));
    expect(strip(report), JSON.stringify(QUERIES[k])).toEqual(strip(exact));
    figures(report).forEach((f: BuyerReportFigures, j) => {
      const e = figures(exact)[j]!;
      expectNear(f.p50_ms, e.p50_ms, `p50 ${k}/${j}`);
      expectNear(f.p90_ms, e.p90_ms, `p90 ${k}/${j}`);
    });
  });
  expect([...rolled.figures.keys()].sort()).toEqual([...raw.figures.keys()].sort());
  for (const [id, f] of rolled.figures) {
    const e = apart(raw.figures.get(id)!);
    const a = apart(f);
    expect(a.rest, id).toEqual(e.rest);
    expectNear(a.p50_ms, e.p50_ms, `today's p50 ${id}`);
    expectNear(a.p90_ms, e.p90_ms, `today's p90 ${id}`);
  }
  expect(rolled.today).toEqual(raw.today);
}

const rolledUp = async () =>
  Number(
    (await rowsOf<{ n: string }>(db(), sql`select coalesce(sum(calls), 0) as n from buyer_rollup where span = 1`))[0]
      ?.n,
  );

beforeAll(async () => {
  database = await createTestDatabase();
  const nowhere = { url: "http://127.0.0.1:9" };
  // b2 is switched off: the report shows it paused, with its calls counted all the same.
  await db()
    .insert(buyers)
    .values([
      { id: "b1", config: lenderConfig("b1", nowhere, { caps: { daily: 50 } }), enabled: true },
      { id: "b2", config: lenderConfig("b2", nowhere), enabled: false },
    ]);
  // 200 leads over 40 days, a quarter in the last two, the newest minutes old.
  for (let i = 0; i < 200; i++) {
    const minutes = i % 4 === 0 ? 2 * 24 * 60 : 40 * 24 * 60;
    const at = new Date(NOW.getTime() - Math.floor((((i * 919) % 1000) / 1000) * minutes) * 60_000 - (i % 7) * 13_000);
    await writeLead(`br-${i}`, at, i);
  }
});
afterAll(async () => {
  await database.close();
});

describe("latency bins", () => {
  it("stand for every latency within sqrt(1.1) - 1 of it, and the raw rows' percentiles exactly", async () => {
    const latencies = Array.from({ length: 120_000 }, (_, k) => k);
    const [row] = await rowsOf<{ bins: number[] }>(
      db(),
      sql`select array_agg(case when v < 1 then 0 else floor(ln(v) / ln(1.1::float8))::int + 1 end order by v) as bins
        from unnest(${`{${latencies.join(",")}}`}::int[]) as v`,
    );
    let worst = 0;
    row!.bins.forEach((bin, v) => {
      const estimate = binValue(bin);
      if (v === 0) expect(estimate).toBe(0);
      else worst = Math.max(worst, Math.abs(estimate - v) / v);
    });
    expect(worst).toBeLessThanOrEqual(RELATIVE_ERROR);
    expect(worst).toBeGreaterThan(0.04);
    // Exact latencies give percentile_cont's answer: 10, 20, 30, 40 has p50 25 and p90 37.
    const exact = [10, 20, 30, 40].map((ms) => ({ bin: 0, ms, n: 1 }));
    expect(percentileOf(exact, 0.5)).toBe(25);
    expect(percentileOf(exact, 0.9)).toBeCloseTo(37);
    expect(percentileOf([], 0.5)).toBeNull();
  });
});

describe("the buyer rollup", () => {
  let raw: Answers;

  it("reads the raw rows alone before its first rebuild", async () => {
    expect(await buyerRollupCoveredTo(db())).toBeNull();
    raw = await answers(NOW);
    const month = raw.reports[3]!;
    expect(month.totals.pings).toBeGreaterThan(100);
    expect(month.totals.returns).toBeGreaterThan(3);
    expect(month.buyers.find((b) => b.buyer_id === "b2")?.state).toBe("paused");
    // Test leads count nowhere: the live calls alone (before now: the period ends there).
    const [live] = await rowsOf<{ n: string }>(
      db(),
      sql`select count(*) as n from buyer_calls c join leads l on l.id = c.lead_id join auctions a on a.lead_id = l.id
        where c.kind = 'ping' and not l.test_mode and not a.test_mode
          and c.created_at < ${NOW.toISOString()}::timestamptz`,
    );
    const all = await buyerReport(
      db(),
      new Map(),
      { period: "today", from: "2026-05-01", to: "2026-06-15", tz: "UTC" },
      NOW,
    );
    expect(all.totals.pings).toBe(Number(live!.n));
  });

  it("rolls up the settled buckets and, with the raw tail, answers as the raw rows do", async () => {
    const first = await rebuildBuyerRollup(db(), NOW);
    expect(first.buckets).toBeGreaterThan(100);
    expect((await buyerRollupCoveredTo(db()))?.toISOString()).toBe(
      new Date(bucketFloor(NOW.getTime() - SETTLE_MS)).toISOString(),
    );
    const total = await rolledUp();
    expect(total).toBeGreaterThan(500);
    const rolled = await answers(NOW);
    expectSameAsRaw(rolled, raw);
    // The rollup's percentiles are the histogram's, not the raw rows' (else the test above would prove nothing).
    const p90s = (a: Answers) => a.reports.map((r) => r.totals.p90_ms);
    expect(p90s(rolled)).not.toEqual(p90s(raw));
    // Rebuilding again changes nothing.
    await rebuildBuyerRollup(db(), NOW);
    expect(await rolledUp()).toBe(total);
    expectSameAsRaw(await answers(NOW), raw);
  });

  it("counts rows written after the mark at once, and a call changed after its bucket was rolled up after the next rebuild", async () => {
    // New calls and a return after the mark: read from the raw tail.
    await writeLead("br-late", new Date(NOW.getTime() - 20 * 60_000), 0);
    expectSameAsRaw(await answers(NOW), await rawAnswers(NOW));

    // A post rolled up as unreadable hours ago is accepted later (a resumed run), and its lead turns test.
    const later = new Date(NOW.getTime() + 3 * HOUR);
    const [post] = await rowsOf<{ id: string }>(
      db(),
      sql`select c.id from buyer_calls c where c.kind = 'post' and c.state = 'unreadable'
        and c.created_at < ${new Date(NOW.getTime() - SETTLE_MS - 15 * 60_000).toISOString()}::timestamptz
        and c.created_at > ${new Date(NOW.getTime() - 20 * HOUR).toISOString()}::timestamptz
        order by c.created_at desc limit 1`,
    );
    expect(post).toBeDefined();
    await db().execute(sql`update buyer_calls set state = 'accepted', price_cents = 4321 where id = ${post!.id}`);
    await db().execute(
      sql`update leads set test_mode = true where id = (select lead_id from buyer_calls where id = ${post!.id})`,
    );
    await rebuildBuyerRollup(db(), later);
    expectSameAsRaw(await answers(later), await rawAnswers(later));
  });
});
