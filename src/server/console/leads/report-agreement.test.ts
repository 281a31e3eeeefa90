import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import type { TestApp } from "../../../../tests/helpers/test-app.ts";
import { leadsQueryOf, type TodayReport } from "#domain/contracts/console-reports.ts";
import { auctionApp, heldElsewhere } from "../../distribution/auction/auction.testing.ts";
import { auctions, buyerCalls, consentRecords, leads } from "../../platform/db/schema.ts";

// A Today figure links to /console/leads?<its query>; the leads search answering that query must find exactly
// the figure's leads (issue 19). Leads of every stage, some test leads, some before the period.

const DAY = 86_400_000;
const STAGES = ["started", "completed", "sent", "sold", "rejected", "redirected"] as const;

let t: TestApp;
let owner: ConsoleUser;

async function writeLead(i: number) {
  const db = t.database.db;
  const id = `agr-${i}-${randomBytes(4).toString("hex")}`;
  // Some created before the 7 days and submitted within them, so started and completed differ.
  const created = new Date(Date.now() - (i % 4 === 3 ? 8 * DAY : (i % 6) * DAY) - 60_000);
  await db.insert(leads).values({
    id,
    accessTokenHash: "x",
    created_at: created,
    utm_source: ["google", "bing", null][i % 3],
    test_mode: i % 11 === 10,
  });
  if (i % 2 === 0) {
    await db.insert(consentRecords).values({
      leadId: id,
      consentKind: "tcpa",
      textVersion: "v",
      textHash: "f".repeat(64),
      placeholders: { brand: i % 4 === 0 ? "Loanpath" : "Cashbridge", shortCode: "1" },
      button: "Next",
      pageUrl: "/",
      createdAt: created,
    });
  }
  if (i % 5 === 4) return;
  const outcome = i % 3;
  const submittedAt = new Date(Math.min(created.getTime() + (i % 4 === 3 ? 7 * DAY : 3_600_000), Date.now() - 1_000));
  await db.insert(auctions).values({
    leadId: id,
    status: outcome === 0 ? "accepted" : outcome === 1 ? "rejected" : "pending",
    reason: outcome === 1 ? ["duplicate", "no buyer accepted"][i % 2] : null,
    buyerId: outcome === 0 ? "b1" : null,
    priceCents: outcome === 0 ? 1_500 : null,
    redirectedAt: outcome === 0 && i % 2 === 0 ? submittedAt : null,
    attribution: i % 3 === 1 ? { utm_source: "newsletter", aff_id: "A1", sub_source: "s1" } : {},
    testMode: i % 13 === 12,
    deadlineAt: submittedAt,
    leaseUntil: outcome === 2 ? heldElsewhere() : null,
    createdAt: submittedAt,
  });
  if (i % 7 !== 1) {
    await db
      .insert(buyerCalls)
      .values({ leadId: id, buyerId: "b1", kind: "ping", state: "bid", priceCents: 1_000, createdAt: submittedAt });
  }
}

const get = async (url: string) => {
  const res = await t.app.inject({ method: "GET", url, headers: owner.read });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as unknown;
};

/** Every lead the search finds for a query, all pages. */
async function searchCount(query: Record<string, string>): Promise<number> {
  let total = 0;
  let cursor: string | null = null;
  do {
    const page = (await get(
      `/api/console/leads?${new URLSearchParams({ ...query, limit: "200", ...(cursor ? { cursor } : {}) }).toString()}`,
    )) as { leads: unknown[]; next_cursor: string | null };
    total += page.leads.length;
    cursor = page.next_cursor;
  } while (cursor);
  return total;
}

beforeAll(async () => {
  // Rows dated in the past are written below: no timed rebuild may roll up their buckets half written.
  t = await auctionApp({ REPORT_ROLLUP_MINUTES: "0" });
  owner = await signInAs(t, "owner");
  for (let i = 0; i < 40; i++) await writeLead(i);
}, 120_000);

afterAll(async () => {
  await t.app.close();
});

describe("a Today figure's link and the leads search", () => {
  it("finds exactly the figure's leads, for every stage, narrowed or not", async () => {
    const report = (await get("/api/console/reports/today?period=7d")) as TodayReport;
    for (const stage of STAGES) {
      expect(report.totals[stage], stage).toBeGreaterThan(0);
      expect(await searchCount(report.queries[stage]!), stage).toBe(report.totals[stage]);
    }
    expect(report.totals.started).not.toBe(report.totals.completed);

    const bySource = (await get("/api/console/reports/today?period=7d&source=newsletter")) as TodayReport;
    expect(bySource.totals.completed).toBeGreaterThan(0);
    for (const stage of STAGES) {
      expect(bySource.queries[stage]!.source).toBe("newsletter");
      expect(await searchCount(bySource.queries[stage]!), `newsletter ${stage}`).toBe(bySource.totals[stage]);
    }

    // A breakdown row's link (as the Today screen builds it) narrows by affiliate, sub id and brand as well.
    const span = { from: report.bounds.from, to: report.bounds.to };
    const branded = (await get("/api/console/reports/today?period=7d&brand=Cashbridge")) as TodayReport;
    const row = branded.by_source.find((r) => r.aff_id === "A1" && r.sub_id === "s1");
    expect(row?.figures.completed).toBeGreaterThan(0);
    for (const stage of STAGES) {
      const query = leadsQueryOf(span, stage, { source: row?.source, aff_id: "A1", sub_id: "s1", brand: "Cashbridge" });
      expect(await searchCount(query), `A1 s1 Cashbridge ${stage}`).toBe(row?.figures[stage]);
    }

    expect(report.rejected_by_reason.length).toBeGreaterThan(1);
    for (const row of report.rejected_by_reason) expect(await searchCount(row.query), row.reason).toBe(row.count);
  });
});
