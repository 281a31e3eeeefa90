import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { createTestDatabase } from "../../../../tests/helpers/test-database.ts";
import {
  MAX_PERIOD_DAYS,
  PERIOD_MESSAGES,
  type Figures,
  type PeriodReport,
  type TodayQuery,
  type TodayReport,
} from "../../../domain/contracts/console-reports.ts";
import type { Database } from "../../platform/db/database.ts";
import { auctions, consentRecords, leads } from "../../platform/db/schema.ts";
import { appendLedger, type LedgerEvent } from "../../partners/ledger/ledger-store.ts";
import { addDays, periodDays, previousDays } from "./report-period.ts";
import { rawTodayReport, todayReport } from "./today-report.ts";
import { rebuildTodayRollup } from "./today-rollup.ts";

// Issue 32's reports: any range of days in the operator's zone, the period before it, and profit from the ledger.
// Leads on both sides of New York's midnights, a few sold with known money (sales, a return, payouts), and three
// weeks of varied leads; every sum is checked against its parts and a comparison against its own request.

const NOW = new Date("2026-06-15T12:07:00Z");
const TZ = "America/New_York"; // UTC-4 in June: a local day starts at 04:00Z.
const HOUR = 3_600_000;
const SOURCES = ["google", "facebook", null];

let database: Database;
const db = () => database.db;
const ask = (over: Partial<TodayQuery>): TodayQuery => ({ period: "today", tz: TZ, ...over });

async function writeLead(id: string, created: Date, source: string | null, brand?: string, test = false) {
  await db()
    .insert(leads)
    .values({ id, accessTokenHash: "x", created_at: created, utm_source: source, test_mode: test });
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

async function writeAuction(
  id: string,
  at: Date,
  sale: { buyer: string; price: number; affId: string } | "rejected" | "pending",
) {
  await db()
    .insert(auctions)
    .values({
      leadId: id,
      status: typeof sale === "object" ? "accepted" : sale,
      reason: sale === "rejected" ? "no buyer accepted" : null,
      buyerId: typeof sale === "object" ? sale.buyer : null,
      priceCents: typeof sale === "object" ? sale.price : null,
      attribution: typeof sale === "object" ? { aff_id: sale.affId } : {},
      deadlineAt: new Date(at.getTime() + HOUR),
      createdAt: at,
    });
}

const ledger = (events: LedgerEvent[]) => db().transaction((tx) => appendLedger(tx, events));

beforeAll(async () => {
  database = await createTestDatabase();
  // Around 2026-06-10's local midnights (04:00Z): a second before and at each.
  await writeLead("edge-before", new Date("2026-06-10T03:59:59Z"), "edge");
  await writeLead("edge-first", new Date("2026-06-10T04:00:00Z"), "edge");
  await writeLead("edge-last", new Date("2026-06-11T03:59:59Z"), "edge");
  await writeLead("edge-after", new Date("2026-06-11T04:00:00Z"), "edge");

  // Money on 2026-06-10 (local): two sales, one returned in full with its payout reversed the same day.
  const sold = new Date("2026-06-10T15:00:00Z");
  await writeLead("money-1", sold, "money", "Loanpath");
  await writeAuction("money-1", sold, { buyer: "b1", price: 1_500, affId: "P1" });
  await writeLead("money-2", sold, "money", "Loanpath");
  await writeAuction("money-2", sold, { buyer: "b2", price: 2_500, affId: "P2" });
  // A test lead sold the same day counts nowhere, its money neither.
  await writeLead("money-test", sold, "money", "Loanpath", true);
  await writeAuction("money-test", sold, { buyer: "b1", price: 9_999, affId: "P1" });
  // And one on 2026-06-03, a week before.
  const earlier = new Date("2026-06-03T15:00:00Z");
  await writeLead("money-3", earlier, "money", "Loanpath");
  await writeAuction("money-3", earlier, { buyer: "b1", price: 1_000, affId: "P1" });
  const at = (iso: string) => new Date(iso);
  await ledger([
    { kind: "sold", leadId: "money-3", buyerId: "b1", amountCents: 1_000, at: at("2026-06-03T15:01:00Z") },
    { kind: "payout_earned", leadId: "money-3", publisherId: "pub1", amountCents: 300, at: at("2026-06-03T15:01:00Z") },
    { kind: "sold", leadId: "money-1", buyerId: "b1", amountCents: 1_500, at: at("2026-06-10T15:01:00Z") },
    { kind: "payout_earned", leadId: "money-1", publisherId: "pub1", amountCents: 400, at: at("2026-06-10T15:01:00Z") },
    { kind: "sold", leadId: "money-2", buyerId: "b2", amountCents: 2_500, at: at("2026-06-10T15:01:00Z") },
    { kind: "payout_earned", leadId: "money-2", publisherId: "pub2", amountCents: 700, at: at("2026-06-10T15:01:00Z") },
    { kind: "returned", leadId: "money-2", buyerId: "b2", amountCents: -2_500, at: at("2026-06-10T22:00:00Z") },
    { kind: "payout_earned", leadId: "money-test", publisherId: "pub1", amountCents: 999, at: sold },
    {
      kind: "payout_reversed",
      leadId: "money-2",
      publisherId: "pub2",
      amountCents: -700,
      at: at("2026-06-10T22:00:00Z"),
    },
  ]);

  // Three weeks of varied leads, submitted 1 to 9 hours after they started (so across midnights too).
  for (let i = 0; i < 90; i++) {
    const id = `mix-${i}`;
    const created = new Date(NOW.getTime() - (i % 21) * 24 * HOUR - (i % 13) * HOUR - i * 60_000);
    await writeLead(id, created, SOURCES[i % 3]!, i % 2 ? "Cashbridge" : undefined);
    if (i % 4 === 3) continue;
    const submitted = new Date(created.getTime() + (1 + (i % 9)) * HOUR);
    if (submitted > NOW) continue;
    const outcome = i % 3 === 0 ? { buyer: `b${i % 2}`, price: 900 + i, affId: `A${i % 4}` } : "rejected";
    await writeAuction(id, submitted, outcome);
    if (typeof outcome === "object" && i % 2 === 0) {
      const paid = new Date(submitted.getTime() + 60_000);
      await ledger([{ kind: "payout_earned", leadId: id, publisherId: "pubx", amountCents: 100 + i, at: paid }]);
      if (i % 12 === 0) {
        const back = new Date(submitted.getTime() + 30 * HOUR);
        if (back < NOW) {
          await ledger([
            { kind: "returned", leadId: id, buyerId: outcome.buyer, amountCents: -outcome.price, at: back },
            { kind: "payout_reversed", leadId: id, publisherId: "pubx", amountCents: -(100 + i), at: back },
          ]);
        }
      }
    }
  }
  // The rollup as a running server keeps it: settled buckets from it, the tail from the rows.
  await rebuildTodayRollup(db(), NOW, null);
}, 120_000);

afterAll(async () => {
  await database.close();
});

const MONEY_KEYS = ["sales_cents", "returned_cents", "revenue_cents", "payout_cents", "profit_cents"] as const;
const COUNT_KEYS = [
  "started",
  "completed",
  "sent",
  "sold",
  "rejected",
  "redirected",
  "bids",
  "posts_after_bid",
] as const;
const moneyOf = (f: Pick<Figures, (typeof MONEY_KEYS)[number]>) => Object.fromEntries(MONEY_KEYS.map((k) => [k, f[k]]));

/** The rows' sums of every count and money figure. */
function summed(rows: Pick<Figures, (typeof COUNT_KEYS)[number] | (typeof MONEY_KEYS)[number]>[]) {
  return Object.fromEntries(
    [...COUNT_KEYS, ...MONEY_KEYS].map((k) => [k, rows.reduce((total, row) => total + row[k], 0)]),
  );
}
const pick = (f: Figures) => Object.fromEntries([...COUNT_KEYS, ...MONEY_KEYS].map((k) => [k, f[k]]));

describe("a report's period", () => {
  it("names the presets' days from today's local date", () => {
    const today = "2026-03-01";
    const days = (period: TodayQuery["period"]) => {
      const { first, last } = periodDays({ period, tz: TZ }, today);
      return [first, last];
    };
    expect(days("today")).toEqual(["2026-03-01", "2026-03-01"]);
    expect(days("yesterday")).toEqual(["2026-02-28", "2026-02-28"]);
    expect(days("7d")).toEqual(["2026-02-23", "2026-03-01"]);
    expect(days("30d")).toEqual(["2026-01-31", "2026-03-01"]);
    expect(days("this_month")).toEqual(["2026-03-01", "2026-03-01"]);
    expect(days("last_month")).toEqual(["2026-02-01", "2026-02-28"]);
    expect(periodDays({ period: "today", tz: TZ, from: "2025-12-30", to: "2026-01-02" }, today)).toEqual({
      name: "custom",
      first: "2025-12-30",
      last: "2026-01-02",
    });
    expect(previousDays("2026-03-01", "2026-03-07")).toEqual({ first: "2026-02-22", last: "2026-02-28" });
    expect(addDays("2024-02-28", 1)).toBe("2024-02-29");
  });

  it("counts exactly the leads of a custom range, its edges at the zone's midnights", async () => {
    const edge = async (from: string, to: string) => {
      const report = await todayReport(db(), ask({ from, to, source: "edge" }), NOW);
      return { started: report.totals.started, bounds: report.bounds, period: report.period };
    };
    const one = await edge("2026-06-10", "2026-06-10");
    expect(one.started).toBe(2);
    expect(one.period).toBe("custom");
    expect(one.bounds).toEqual({
      from: "2026-06-10T04:00:00.000Z",
      to: "2026-06-11T04:00:00.000Z",
      tz: TZ,
      first_day: "2026-06-10",
      last_day: "2026-06-10",
    });
    expect((await edge("2026-06-09", "2026-06-10")).started).toBe(3);
    expect((await edge("2026-06-10", "2026-06-11")).started).toBe(3);
    expect((await edge("2026-06-09", "2026-06-11")).started).toBe(4);
    expect((await edge("2026-06-11", "2026-06-11")).started).toBe(1);
  });

  it("ends a range that includes today now, and one that ended at the midnight after its last day", async () => {
    const today = await todayReport(db(), ask({ from: "2026-06-14", to: "2026-06-15" }), NOW);
    expect(today.bounds.to).toBe(NOW.toISOString());
    const yesterday = await todayReport(db(), ask({ period: "yesterday" }), NOW);
    expect(yesterday.bounds).toMatchObject({ from: "2026-06-14T04:00:00.000Z", to: "2026-06-15T04:00:00.000Z" });
    const lastMonth = await todayReport(db(), ask({ period: "last_month" }), NOW);
    expect(lastMonth.series.map((d) => d.day)).toHaveLength(31);
    expect(lastMonth.bounds).toMatchObject({ first_day: "2026-05-01", last_day: "2026-05-31" });
  });
});

describe("profit", () => {
  it("is revenue (sales less returns) less payouts, per buyer, publisher, source, day and in total", async () => {
    const report = await todayReport(db(), ask({ from: "2026-06-10", to: "2026-06-10", source: "money" }), NOW);
    expect(moneyOf(report.totals)).toEqual({
      sales_cents: 4_000,
      returned_cents: 2_500,
      revenue_cents: 1_500,
      payout_cents: 400,
      profit_cents: 1_100,
    });
    expect(report.by_buyer).toEqual([
      {
        buyer_id: "b1",
        sold: 1,
        sales_cents: 1_500,
        returned_cents: 0,
        revenue_cents: 1_500,
        payout_cents: 400,
        profit_cents: 1_100,
      },
      {
        buyer_id: "b2",
        sold: 1,
        sales_cents: 2_500,
        returned_cents: 2_500,
        revenue_cents: 0,
        payout_cents: 0,
        profit_cents: 0,
      },
    ]);
    expect(report.by_publisher.map((p) => [p.aff_id, p.figures.revenue_cents, p.figures.profit_cents])).toEqual([
      ["P1", 1_500, 1_100],
      ["P2", 0, 0],
    ]);
    expect(report.series).toEqual([
      {
        day: "2026-06-10",
        started: 2,
        completed: 2,
        sold: 2,
        sales_cents: 4_000,
        returned_cents: 2_500,
        revenue_cents: 1_500,
        payout_cents: 400,
        profit_cents: 1_100,
      },
    ]);
    expect(report.by_source.map((r) => [r.aff_id, r.figures.profit_cents])).toEqual([
      ["P1", 1_100],
      ["P2", 0],
    ]);
  });

  it("counts a return and a payout on the day the ledger wrote them", async () => {
    const week = await todayReport(db(), ask({ from: "2026-06-03", to: "2026-06-10", source: "money" }), NOW);
    expect(moneyOf(week.totals)).toEqual({
      sales_cents: 5_000,
      returned_cents: 2_500,
      revenue_cents: 2_500,
      payout_cents: 700,
      profit_cents: 1_800,
    });
    expect(week.series.find((d) => d.day === "2026-06-03")).toMatchObject({ revenue_cents: 1_000, profit_cents: 700 });
  });
});

describe("sums and comparisons", () => {
  const RANGES: Partial<TodayQuery>[] = [
    { period: "7d" },
    { period: "today" },
    { from: "2026-05-28", to: "2026-06-12" },
    { from: "2026-06-08", to: "2026-06-08" },
    { period: "30d", aff_id: "A0" },
  ];

  /** Every table's totals row is the sum of its rows, and the table's sums agree with the period's totals. */
  function expectTotals(report: PeriodReport) {
    const { table_totals: totals } = report;
    expect(pick(totals.by_source)).toEqual(summed(report.by_source.map((r) => r.figures)));
    expect(pick(totals.by_publisher)).toEqual(summed(report.by_publisher.map((r) => r.figures)));
    expect(pick(totals.by_brand)).toEqual(summed(report.by_brand.map((r) => r.figures)));
    for (const table of [totals.by_source, totals.by_publisher, totals.by_brand]) {
      expect(table).toEqual(report.totals);
    }
    const sumOf = <K extends string>(rows: Record<K, number>[], keys: readonly K[]) =>
      Object.fromEntries(keys.map((k) => [k, rows.reduce((t, r) => t + r[k], 0)]));
    const seriesKeys = ["started", "completed", "sold", ...MONEY_KEYS] as const;
    expect(totals.series).toEqual(sumOf(report.series, seriesKeys));
    expect(totals.series).toEqual(Object.fromEntries(seriesKeys.map((k) => [k, report.totals[k]])));
    const buyerKeys = ["sold", ...MONEY_KEYS] as const;
    expect(totals.by_buyer).toEqual(sumOf(report.by_buyer, buyerKeys));
    // Every sale and every ledger row of a sold lead has a buyer: the buyers' table adds up to the period's money.
    expect(moneyOf(totals.by_buyer)).toEqual(moneyOf(report.totals));
    expect(totals.by_buyer.sold).toBe(report.totals.sold);
    if (report.by_hour === null) {
      expect(totals.by_hour).toBeNull();
      expect(report.series.length).toBeGreaterThan(1);
    } else {
      expect(report.by_hour.map((h) => h.hour)).toEqual(Array.from({ length: 24 }, (_, h) => h));
      expect(totals.by_hour).toEqual(sumOf(report.by_hour, seriesKeys));
      expect(totals.by_hour).toEqual(totals.series);
    }
  }

  it("gives totals rows that are their rows' sums, and an hourly series that adds up to the day", async () => {
    for (const range of RANGES) {
      const report = await todayReport(db(), ask({ ...range, compare: "previous" }), NOW);
      expect(report.totals.completed, JSON.stringify(range)).toBeGreaterThan(0);
      expectTotals(report);
      expectTotals(report.previous!);
    }
    const day = await todayReport(db(), ask({ from: "2026-06-10", to: "2026-06-10", source: "edge" }), NOW);
    expect(day.by_hour?.filter((h) => h.started > 0).map((h) => h.hour)).toEqual([0, 23]);
  });

  it("answers the period before with the figures a request for it gives, and its bounds", async () => {
    for (const range of RANGES) {
      const report = await todayReport(db(), ask({ ...range, compare: "previous" }), NOW);
      const days = report.series.length;
      const before = previousDays(report.bounds.first_day, report.bounds.last_day);
      expect(report.previous!.series).toHaveLength(days);
      expect(report.previous!.bounds).toMatchObject({
        first_day: before.first,
        last_day: before.last,
        to: report.bounds.from,
      });
      const {
        period: _,
        previous: __,
        ...alone
      } = await todayReport(db(), ask({ ...range, from: before.first, to: before.last }), NOW);
      expect(report.previous, JSON.stringify(range)).toEqual(alone);
      // The month before the seeded three weeks is empty; every other period before has leads.
      if (range.period !== "30d") expect(report.previous!.totals.started, JSON.stringify(range)).toBeGreaterThan(0);
    }
    expect((await todayReport(db(), ask({ period: "7d" }), NOW)).previous).toBeNull();
  });

  it("reads a past range from the rollup as the raw rows count it, leads submitted after its end included", async () => {
    for (const range of [...RANGES, { from: "2026-06-01", to: "2026-06-04" }, { period: "yesterday" as const }]) {
      const query = ask({ ...range, compare: "previous" });
      const rolled: TodayReport = await todayReport(db(), query, NOW);
      expect(rolled, JSON.stringify(range)).toEqual(await rawTodayReport(db(), query, NOW));
    }
  });
});

describe("the ledger's money in the rollup", () => {
  it("counts money written after the rollup's mark from the rows, and the same once the next rebuild rolls it up", async () => {
    const query = ask({ period: "today", compare: "previous" });
    // The rollup was built at NOW (its mark two hours before, rollup-buckets.ts SETTLE_MS); the next rebuild at `later`
    // takes its mark past the sale and its payout.
    const later = new Date(NOW.getTime() + 3 * HOUR);
    const before = await todayReport(db(), query, later);
    const sold = new Date(NOW.getTime() - 4 * 60_000);
    await writeLead("late-pay", new Date(sold.getTime() - 60_000), "late");
    await writeAuction("late-pay", sold, { buyer: "b1", price: 2_000, affId: "P1" });
    await ledger([{ kind: "payout_earned", leadId: "late-pay", publisherId: "pub1", amountCents: 250, at: NOW }]);
    const tail = await todayReport(db(), query, later);
    expect(tail.totals.payout_cents - before.totals.payout_cents).toBe(250);
    expect(tail.totals.sales_cents - before.totals.sales_cents).toBe(2_000);
    await rebuildTodayRollup(db(), later);
    const rolled = await todayReport(db(), query, later);
    expect(rolled).toEqual(tail);
    expect(rolled).toEqual(await rawTodayReport(db(), query, later));
  });
});

describe("a report's period over HTTP", () => {
  let t: TestApp;
  let analyst: ConsoleUser;
  beforeAll(async () => {
    t = await createTestApp({ REPORT_ROLLUP_MINUTES: "0" });
    analyst = await signInAs(t, "analyst");
  }, 60_000);
  afterAll(async () => {
    await t.app.close();
  });

  it("refuses a bad range with a 400 that says what is wrong, on every report", async () => {
    const today = new Date().toISOString().slice(0, 10);
    const cases: [string, Record<string, string>][] = [
      ["from=2026-06-10", { to: PERIOD_MESSAGES.both }],
      ["to=2026-06-10", { from: PERIOD_MESSAGES.both }],
      ["from=2026-06-10&to=2026-06-09", { to: PERIOD_MESSAGES.order }],
      [`from=2025-01-01&to=${addDays("2025-01-01", MAX_PERIOD_DAYS)}`, { to: PERIOD_MESSAGES.tooLong }],
      ["from=2026-02-30&to=2026-03-02", { from: PERIOD_MESSAGES.day }],
      ["from=10/06/2026&to=2026-06-10", { from: PERIOD_MESSAGES.day }],
    ];
    for (const path of ["today", "today/buyer-reasons", "funnel"]) {
      for (const [query, errors] of cases) {
        const res = await t.app.inject({ url: `/api/console/reports/${path}?${query}`, headers: analyst.read });
        expect(res.statusCode, `${path}?${query}`).toBe(400);
        expect(res.json().errors, `${path}?${query}`).toEqual(errors);
      }
      const future = addDays(today, 2);
      const res = await t.app.inject({
        url: `/api/console/reports/${path}?from=${today}&to=${future}&tz=Pacific/Kiritimati`,
        headers: analyst.read,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(PERIOD_MESSAGES.future);
    }
    // One reading of a range for every report: the same instants on each.
    const range = "from=2026-03-07&to=2026-03-09&tz=America/New_York";
    const bounds = [];
    for (const path of ["today", "today/buyer-reasons", "funnel"]) {
      const res = await t.app.inject({ url: `/api/console/reports/${path}?${range}`, headers: analyst.read });
      expect(res.statusCode, res.body).toBe(200);
      const { from, to } = res.json().data.bounds as { from: string; to: string };
      bounds.push({ from, to });
    }
    // 2026-03-08 is 23 hours long in New York: from EST's midnight (05:00Z) to EDT's (04:00Z).
    expect(bounds).toEqual(Array(3).fill({ from: "2026-03-07T05:00:00.000Z", to: "2026-03-10T04:00:00.000Z" }));
    const longest = `from=2025-01-01&to=${addDays("2025-01-01", MAX_PERIOD_DAYS - 1)}`;
    const ok = await t.app.inject({ url: `/api/console/reports/today?${longest}`, headers: analyst.read });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data.series).toHaveLength(MAX_PERIOD_DAYS);
  });
});
