import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { TodayQuery } from "../../../domain/contracts/console-reports.ts";
import type { Database } from "../../platform/db/database.ts";
import { auctions, buyerCalls, consentRecords, leads } from "../../platform/db/schema.ts";
import { rowsOf } from "./report-period.ts";
import { rawTodayReport, todayReport } from "./today-report.ts";
import { blocksOf, bucketFloor, SETTLE_MS } from "./rollup-buckets.ts";
import { rebuildTodayRollup, rollupCoveredTo, WIDEST_BLOCK } from "./today-rollup.ts";

// The Today report read from the rollup and the raw tail equals the report counted from the raw rows alone, for
// every figure, breakdown and day, in zones a whole, a half and three quarters of an hour off UTC; and a lead that
// changes after its bucket was rolled up is counted right after the next rebuild.

const HOUR = 3_600_000;
const NOW = new Date("2026-06-15T12:07:00Z");
const ZONES = ["America/New_York", "Asia/Kolkata", "Asia/Kathmandu"];
const FILTERS: Omit<TodayQuery, "period" | "tz">[] = [
  {},
  { source: "google" },
  { aff_id: "A1" },
  { brand: "Cashbridge" },
];
const SOURCES = ["google", "facebook", null];
const BRANDS = ["Loanpath", "Cashbridge", null];

let database: Database;
const db = () => database.db;

async function writeLead(id: string, created: Date, i: number) {
  await db()
    .insert(leads)
    .values({ id, accessTokenHash: "x", created_at: created, utm_source: SOURCES[i % 3], test_mode: i % 23 === 22 });
  const brand = BRANDS[i % 3];
  if (brand) {
    await db()
      .insert(consentRecords)
      .values({
        leadId: id,
        consentKind: "tcpa",
        textVersion: "v",
        textHash: "f".repeat(64),
        placeholders: { brand },
        button: "Next",
        pageUrl: "/",
        createdAt: created,
      });
  }
}

async function writeAuction(id: string, at: Date, i: number, status: "accepted" | "rejected" | "pending") {
  await db()
    .insert(auctions)
    .values({
      leadId: id,
      status,
      reason: status === "rejected" ? ["duplicate", "no buyer accepted"][i % 2] : null,
      buyerId: status === "accepted" ? "b1" : null,
      priceCents: status === "accepted" ? 1_000 + i * 37 : null,
      redirectedAt: status === "accepted" && i % 2 === 0 ? at : null,
      testMode: i % 19 === 18,
      attribution: {
        ...(i % 3 === 1 ? { utm_source: "bing" } : {}),
        ...(i % 4 === 0 ? { aff_id: "A1", sub_source: "s1" } : i % 4 === 1 ? { "tPar[affiliateId]": "A2" } : {}),
      },
      deadlineAt: new Date(at.getTime() + HOUR),
      createdAt: at,
    });
  if (i % 5 === 1) return;
  await db()
    .insert(buyerCalls)
    .values([
      { leadId: id, buyerId: "b1", kind: "ping", state: "bid", priceCents: 1_000, createdAt: at },
      { leadId: id, buyerId: "b2", kind: "ping", state: i % 2 ? "bid" : "no_bid", createdAt: at },
      { leadId: id, buyerId: "b2", kind: "post", state: "rejected", createdAt: at },
      ...(status === "accepted" ? [{ leadId: id, buyerId: "b1", kind: "post", state: "accepted", createdAt: at }] : []),
    ]);
}

// Each comparison reads every zone, period and filter twice: minutes on a busy machine, hence the tests' timeouts.

/** Every period (a single day with its hours), zone and filter: the report as served equals the report from the raw rows. */
async function expectSameAsRaw(now: Date) {
  for (const tz of ZONES) {
    for (const period of ["today", "yesterday", "7d", "30d"] as const) {
      // A past single day (its hours all from the rollup) unnarrowed and narrowed once: the other filters' reads
      // are the days' already.
      for (const filter of period === "yesterday" ? FILTERS.slice(0, 2) : FILTERS) {
        const query = { period, tz, ...filter };
        const label = JSON.stringify(query);
        const raw = await rawTodayReport(db(), query, now);
        if (Object.keys(filter).length === 0) expect(raw.totals.started, label).toBeGreaterThan(0);
        expect(await todayReport(db(), query, now), label).toEqual(raw);
      }
    }
  }
}

const rolledUp = async () =>
  Number((await rowsOf<{ n: string }>(db(), sql`select coalesce(sum(n), 0) as n from today_rollup`))[0]?.n);

beforeAll(async () => {
  database = await createTestDatabase();
  // 240 leads, half in the last two days and half over 35, the newest minutes old; most submitted minutes to days after they started, some
  // only after the last rebuild's mark.
  for (let i = 0; i < 240; i++) {
    const minutes = i % 2 === 0 ? 2 * 24 * 60 : 35 * 24 * 60;
    const created = new Date(
      NOW.getTime() - Math.floor((((i * 919) % 1000) / 1000) * minutes) * 60_000 - (i % 7) * 13_000,
    );
    const id = `roll-${i}`;
    await writeLead(id, created, i);
    if (i % 5 === 0) continue;
    const delay = i % 11 === 0 ? 50 * HOUR : (i % 9) * 20 * 60_000;
    const at = new Date(Math.min(created.getTime() + delay, NOW.getTime() - 1_000));
    await writeAuction(id, at, i, (["accepted", "rejected", "pending"] as const)[i % 3]!);
  }
  // Rolled up before they change (the last test): a lead not yet submitted, and one whose auction is pending.
  await writeLead("late-start", new Date(NOW.getTime() - 72 * HOUR), 0);
  const earlier = new Date(NOW.getTime() - 3 * HOUR);
  await writeLead("late-decision", earlier, 4);
  await writeAuction("late-decision", new Date(earlier.getTime() + 60_000), 4, "pending");
});
afterAll(async () => {
  await database.close();
});

describe("the Today rollup", () => {
  it("tiles a day with aligned blocks, end to end", () => {
    const quarter = 15 * 60_000;
    const from = Date.parse("2026-06-14T18:15:00Z"); // midnight in Kathmandu (+5:45)
    const blocks = blocksOf(from, from + 96 * quarter, WIDEST_BLOCK);
    let at = from;
    for (const b of blocks) {
      expect(b.bucket).toBe(at);
      expect((b.bucket / quarter) % b.span).toBe(0);
      at += b.span * quarter;
    }
    expect(at).toBe(from + 96 * quarter);
    expect(blocks.length).toBeLessThan(14);
  });

  it("reads the raw rows alone before its first rebuild", async () => {
    expect(await rollupCoveredTo(db())).toBeNull();
    const query = { period: "30d", tz: "Asia/Kolkata" } as const;
    expect(await todayReport(db(), query, NOW)).toEqual(await rawTodayReport(db(), query, NOW));
  });

  it("rolls up the settled buckets and, with the raw tail, agrees with the raw rows", async () => {
    const first = await rebuildTodayRollup(db(), NOW);
    expect(first.buckets).toBeGreaterThan(100);
    expect((await rollupCoveredTo(db()))?.toISOString()).toBe(
      new Date(bucketFloor(NOW.getTime() - SETTLE_MS)).toISOString(),
    );
    const total = await rolledUp();
    expect(total).toBeGreaterThan(200);
    await expectSameAsRaw(NOW);
    // Rebuilding again changes nothing.
    await rebuildTodayRollup(db(), NOW);
    expect(await rolledUp()).toBe(total);
  }, 120_000);

  it("counts a lead submitted or decided after its bucket was rolled up, right after the next rebuild", async () => {
    // The lead from three days ago submits now, under an affiliate: its start moves to the auction's source.
    expect(await rollupCoveredTo(db())).not.toBeNull();
    await writeAuction("late-start", new Date(NOW.getTime() - 10 * 60_000), 4, "accepted");
    await expectSameAsRaw(NOW);

    // The pending auction, rolled up as pending, is decided and redirected hours later.
    const later = new Date(NOW.getTime() + 3 * HOUR);
    await db()
      .update(auctions)
      .set({ status: "accepted", buyerId: "b1", priceCents: 4_321, redirectedAt: later })
      .where(sql`${auctions.leadId} = 'late-decision'`);
    await rebuildTodayRollup(db(), later);
    await expectSameAsRaw(later);
    const today = await todayReport(db(), { period: "today", tz: "UTC", aff_id: "A1" }, later);
    expect(today.totals.revenue_cents).toBeGreaterThanOrEqual(4_321);
  }, 120_000);
});
