import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import type { FunnelQuery } from "../../../domain/contracts/console-reports.ts";
import type { Database } from "../../platform/db/database.ts";
import { auctions, leads, stepEvents } from "../../platform/db/schema.ts";
import { funnelReport, rawFunnelReport } from "./funnel-report.ts";
import { funnelCoveredTo, rebuildFunnelRollup } from "./funnel-rollup.ts";
import { APPLY_MARKS, FUNNEL_STEPS } from "./funnel-steps.ts";
import { bucketFloor, SETTLE_MS } from "./rollup-buckets.ts";

// The funnel read from the rollup and the raw rows equals the funnel counted from the raw rows alone, for every
// path, device, source and period, in zones a whole, a half and three quarters of an hour off UTC; and a lead that
// saves again after its bucket was rolled up is counted right, before the next rebuild and after it.

const HOUR = 3_600_000;
const NOW = new Date("2026-06-15T12:07:00Z");
const ZONES = ["America/New_York", "Asia/Kolkata", "Asia/Kathmandu"];
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";
const SOURCES = ["google", "facebook", null];
const FILTERS: Omit<FunnelQuery, "period" | "tz">[] = (["main", "apply"] as const).flatMap((path) => [
  { path },
  { path, device: "phone" },
  { path, source: "google" },
]);

let database: Database;
const db = () => database.db;

/** A lead `created` then, saving `saves` steps of its path `paceMs` apart (submitting when it saves them all). */
async function writeLead(id: string, created: Date, i: number, saves: number, paceMs: number) {
  await db()
    .insert(leads)
    .values({
      id,
      accessTokenHash: "x",
      created_at: created,
      utm_source: SOURCES[i % 3],
      user_agent: i % 2 === 0 ? IPHONE : DESKTOP,
      test_mode: i % 23 === 22,
    });
  await db().insert(stepEvents).values({ leadId: id, step: null, slug: "create", changes: {}, createdAt: created });
  await saveSteps(id, created, i, 0, saves, paceMs);
}

async function saveSteps(id: string, created: Date, i: number, from: number, to: number, paceMs: number) {
  const path = FUNNEL_STEPS[i % 5 === 4 ? "apply" : "main"];
  for (let k = from; k < Math.min(to, path.length); k++) {
    const s = path[k]!;
    const at = new Date(created.getTime() + (k + 1) * paceMs + (i % 3) * 700);
    if (s.submission) {
      await db()
        .insert(auctions)
        .values({
          leadId: id,
          status: "accepted",
          attribution: i % 3 === 1 ? { utm_source: "bing" } : {},
          deadlineAt: at,
          createdAt: at,
        });
      continue;
    }
    const changes = Object.fromEntries(s.fields.map((f) => [f, "x"]));
    const slug = s.number === null ? "update" : s.step.slug;
    await db().insert(stepEvents).values({ leadId: id, step: s.number, slug, changes, createdAt: at });
  }
}

async function expectSameAsRaw(now: Date) {
  for (const tz of ZONES) {
    for (const period of ["today", "7d", "30d"] as const) {
      for (const filter of FILTERS) {
        const query = { period, tz, ...filter };
        const label = JSON.stringify(query);
        const raw = await rawFunnelReport(db(), query, now);
        if (filter.device === undefined && filter.source === undefined) expect(raw.leads, label).toBeGreaterThan(0);
        expect(await funnelReport(db(), query, now), label).toEqual(raw);
      }
    }
  }
}

beforeAll(async () => {
  database = await createTestDatabase();
  const main = FUNNEL_STEPS.main.length;
  for (let i = 0; i < 160; i++) {
    const minutes = i % 2 === 0 ? 2 * 24 * 60 : 35 * 24 * 60;
    const created = new Date(NOW.getTime() - Math.floor((((i * 919) % 1000) / 1000) * minutes) * 60_000);
    const saves = i % 4 === 0 ? main : (i * 7) % main;
    // Some leads pace their saves over hours, so their history crosses the rollup's mark.
    await writeLead(`fun-${i}`, created, i, saves, i % 6 === 0 ? 40 * 60_000 : 20_000 + i * 300);
  }
  await writeLead("late-saver", new Date(NOW.getTime() - 72 * HOUR), 3, 2, 30_000);
});
afterAll(async () => {
  await database.close();
});

// Each comparison asks both reports for every zone, period and filter: about a hundred reports, which on a loaded
// machine take longer than the server suite's default 30 s.
describe("the funnel rollup", { timeout: 120_000 }, () => {
  it("has an apply path to count", () => {
    expect(APPLY_MARKS.length).toBeGreaterThan(0);
  });

  it("rolls up the settled buckets and, with the raw rows, agrees with the raw rows alone", async () => {
    expect(await funnelCoveredTo(db())).toBeNull();
    const first = await rebuildFunnelRollup(db(), NOW);
    expect(first.buckets).toBeGreaterThan(50);
    expect((await funnelCoveredTo(db()))?.toISOString()).toBe(
      new Date(bucketFloor(NOW.getTime() - SETTLE_MS)).toISOString(),
    );
    await expectSameAsRaw(NOW);
  });

  it("counts a lead that saves again after its bucket was rolled up, before and after the next rebuild", async () => {
    // Three days later the lead saves the rest of its path (and submits).
    const created = new Date(NOW.getTime() - 72 * HOUR);
    await saveSteps("late-saver", new Date(created.getTime() + 72 * HOUR - 30 * 60_000), 3, 2, 99, 1_000);
    await expectSameAsRaw(NOW);
    const later = new Date(NOW.getTime() + 3 * HOUR);
    await rebuildFunnelRollup(db(), later);
    await expectSameAsRaw(later);
    const report = await funnelReport(db(), { period: "7d", tz: "UTC", path: "main" }, later);
    expect(report.steps.at(-1)!.saved).toBeGreaterThan(0);
  });
});
