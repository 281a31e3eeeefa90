import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createLead, putStep, stepBodies } from "../../../../tests/helpers/lead-client.ts";
import type { TestApp } from "../../../../tests/helpers/test-app.ts";
import {
  NONE,
  type BuyerReasons,
  type Figures,
  type FunnelReport,
  type TodayReport,
} from "../../../domain/contracts/console-reports.ts";
import {
  accept,
  addBuyers,
  auctionApp,
  bid,
  decided,
  decline,
  heldElsewhere,
  lenderConfig,
  saveLead,
  sendLead,
  startFakeBuyer,
  type FakeBuyer,
} from "../../distribution/auction/auction.testing.ts";
import { auctions, buyerCalls, consentRecords, leads, stepEvents } from "../../platform/db/schema.ts";
import { NOT_ALLOWED } from "../access/console-access.ts";
import { deviceOf } from "./device.ts";
import { FUNNEL_STEPS, APPLY_MARKS } from "./funnel-steps.ts";
import { todayReport } from "./today-report.ts";

// The reports against the raw rows: leads sold and rejected through the real routes and auction, and a month
// of varied rows written straight to the tables. Every figure is counted again here, from the rows, by the
// contract's definitions.

const DAY = 86_400_000;
const PERIOD_DAYS = { today: 1, "7d": 7, "30d": 30 } as const;
const IPHONE = "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148 Safari/604.1";
const DESKTOP = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 Chrome/126.0 Safari/537.36";
const SOURCES = ["google", "facebook", null] as const;
const BRANDS = ["Loanpath", "Cashbridge", null] as const;
const REASONS = ["no buyer accepted", "duplicate", "no eligible buyer"];

let t: TestApp;
let analyst: ConsoleUser;
let compliance: ConsoleUser;
let buyer: FakeBuyer;

/** A lead written straight to the tables, `ageMs` old, with its steps, consent, auction and calls. */
async function writeLead(i: number, ageMs: number) {
  const db = t.database.db;
  const id = `rep-${i}-${randomBytes(4).toString("hex")}`;
  const created = new Date(Date.now() - ageMs);
  const at = (offsetMs: number) => new Date(created.getTime() + offsetMs);
  await db.insert(leads).values({
    id,
    accessTokenHash: "x",
    created_at: created,
    utm_source: SOURCES[i % 3],
    user_agent: i % 2 === 0 ? IPHONE : DESKTOP,
    test_mode: i % 17 === 16,
  });
  const brand = BRANDS[i % 3];
  if (brand) {
    await db.insert(consentRecords).values({
      leadId: id,
      consentKind: "tcpa",
      textVersion: "v",
      textHash: "f".repeat(64),
      placeholders: { brand, shortCode: "1" },
      button: "Next",
      pageUrl: "/",
      createdAt: created,
    });
  }
  const onApply = i % 5 === 4;
  const path = FUNNEL_STEPS[onApply ? "apply" : "main"].filter((s) => !s.submission);
  const reach = i % path.length;
  await db.insert(stepEvents).values({ leadId: id, step: null, slug: "create", changes: {}, createdAt: created });
  for (let k = 0; k <= reach; k++) {
    const s = path[k]!;
    const changes = Object.fromEntries(s.fields.map((f) => [f, "x"]));
    await db.insert(stepEvents).values({
      leadId: id,
      step: s.number,
      slug: s.number === null ? "update" : s.step.slug,
      changes,
      createdAt: at((k + 1) * (30_000 + i * 1_000)),
    });
  }
  const submitted = reach === path.length - 1 || i % 4 === 0;
  if (!submitted) return;
  const outcome = i % 3;
  const submittedAt = at(60 * 60_000 + (i % 7) * 3_600_000);
  await db.insert(auctions).values({
    leadId: id,
    status: outcome === 0 ? "accepted" : outcome === 1 ? "rejected" : "pending",
    reason: outcome === 1 ? REASONS[i % REASONS.length] : null,
    buyerId: outcome === 0 ? "b1" : null,
    priceCents: outcome === 0 ? 1_000 + i * 37 : null,
    redirectedAt: outcome === 0 && i % 2 === 0 ? submittedAt : null,
    attribution: {
      ...(i % 3 === 1 ? { utm_source: "bing" } : {}),
      ...(i % 4 === 0
        ? { aff_id: "A1", sub_source: "s1" }
        : i % 4 === 1
          ? { "tPar[affiliateId]": "A2", aff_sub1: "x9" }
          : {}),
    },
    deadlineAt: at(2 * 3_600_000),
    leaseUntil: outcome === 2 ? heldElsewhere() : null,
    createdAt: submittedAt,
  });
  if (i % 6 !== 1) {
    await db
      .insert(buyerCalls)
      .values([
        { leadId: id, buyerId: "b1", kind: "ping", state: "bid", priceCents: 1_000, createdAt: submittedAt },
        { leadId: id, buyerId: "b2", kind: "ping", state: i % 2 ? "bid" : "no_bid", createdAt: submittedAt },
        { leadId: id, buyerId: "b3", kind: "post", state: "rejected", createdAt: submittedAt },
        ...(outcome === 0
          ? [{ leadId: id, buyerId: "b1", kind: "post", state: "accepted", createdAt: submittedAt }]
          : []),
      ]);
  }
}

/** Everything the reports read, straight from the tables. */
async function rawRows() {
  const db = t.database.db;
  return {
    leads: await db.select().from(leads),
    auctions: await db.select().from(auctions),
    calls: await db.select().from(buyerCalls),
    consents: await db.select().from(consentRecords),
    events: await db.select().from(stepEvents),
  };
}
type Raw = Awaited<ReturnType<typeof rawRows>>;

/** The figures counted from the rows, by the contract's definitions. */
function expectedFigures(raw: Raw, from: Date, to: Date, keep: (leadId: string) => boolean): Figures {
  const inPeriod = (d: Date) => d >= from && d < to;
  const live = new Set(raw.leads.filter((l) => !l.test_mode).map((l) => l.id));
  const started = raw.leads.filter((l) => live.has(l.id) && inPeriod(l.created_at) && keep(l.id));
  const done = raw.auctions.filter((a) => live.has(a.leadId) && !a.testMode && inPeriod(a.createdAt) && keep(a.leadId));
  const callsOf = (id: string) => raw.calls.filter((c) => c.leadId === id);
  const sold = done.filter((a) => a.status === "accepted");
  const bids = done.flatMap((a) => callsOf(a.leadId).filter((c) => c.kind === "ping" && c.state === "bid"));
  const postsAfterBid = done.flatMap((a) =>
    callsOf(a.leadId).filter(
      (c) => c.kind === "post" && bids.some((b) => b.leadId === c.leadId && b.buyerId === c.buyerId),
    ),
  );
  const revenue = sold.reduce((sum, a) => sum + (a.priceCents ?? 0), 0);
  const redirected = sold.filter((a) => a.redirectedAt !== null).length;
  const div = (a: number, b: number) => (b === 0 ? null : a / b);
  return {
    started: started.length,
    completed: done.length,
    sent: done.filter((a) => callsOf(a.leadId).length > 0).length,
    sold: sold.length,
    rejected: done.filter((a) => a.status === "rejected").length,
    redirected,
    bids: bids.length,
    posts_after_bid: postsAfterBid.length,
    // No ledger rows here: no returns and no payouts (profit.test.ts has them).
    sales_cents: revenue,
    returned_cents: 0,
    revenue_cents: revenue,
    payout_cents: 0,
    profit_cents: revenue,
    earnings_per_lead_cents: done.length === 0 ? null : Math.round(revenue / done.length),
    sell_through: div(sold.length, done.length),
    ping_to_post_rate: div(postsAfterBid.length, bids.length),
    redirect_rate: div(redirected, sold.length),
  };
}

function sourceOf(raw: Raw, leadId: string): string {
  const a = raw.auctions.find((x) => x.leadId === leadId);
  return a?.attribution.utm_source ?? raw.leads.find((l) => l.id === leadId)?.utm_source ?? NONE;
}
function brandOf(raw: Raw, leadId: string): string {
  const first = raw.consents.filter((c) => c.leadId === leadId).sort((a, b) => a.id - b.id)[0];
  return first?.placeholders?.brand ?? NONE;
}

const get = async <T>(url: string, user = analyst) => {
  const res = await t.app.inject({ method: "GET", url, headers: user.read });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as T;
};

beforeAll(async () => {
  // Rows dated in the past are written below: no timed rebuild may roll up their buckets half written.
  t = await auctionApp({ REPORT_ROLLUP_MINUTES: "0" });
  analyst = await signInAs(t, "analyst");
  compliance = await signInAs(t, "compliance");
  // Through the real routes: a lead created and saved two steps, one sold and redirected, one rejected.
  const made = await createLead(t.app, { utm_source: "newsletter" }, { "user-agent": IPHONE });
  expect(made.res.statusCode).toBe(200);
  const bodies = stepBodies();
  for (const step of [2, 4]) expect((await putStep(t.app, made, step, bodies[step]!)).statusCode).toBe(200);
  buyer = await startFakeBuyer({ ping: () => bid(42), post: (body) => (body.includes("Declan") ? decline : accept()) });
  await addBuyers(t.database.db, lenderConfig("real-lender", buyer));
  const sold = await saveLead(t);
  expect((await sendLead(t.app, sold)).statusCode).toBe(200);
  expect((await decided(t.database.db, sold.id)).status).toBe("accepted");
  const redirect = await t.app.inject({
    method: "POST",
    url: "/api/personal_loan/lead/redirected/v2",
    headers: { cookie: sold.cookie },
    payload: { lead_id: sold.id },
  });
  expect(redirect.statusCode).toBe(200);
  const refused = await saveLead(t, { first_name: "Declan" });
  expect((await sendLead(t.app, refused)).statusCode).toBe(200);
  expect((await decided(t.database.db, refused.id)).status).toBe("rejected");
  // A month and more of leads written straight to the tables, a few each day.
  for (let i = 0; i < 70; i++) await writeLead(i, (i % 35) * DAY + (i % 9) * 600_000 + 5_000);
}, 120_000);

afterAll(async () => {
  await t.app.close();
  await buyer.close();
});

describe("the Today report", () => {
  it("agrees with the raw rows for every figure, period and filter", async () => {
    const raw = await rawRows();
    for (const period of ["today", "7d", "30d"] as const) {
      const report = await get<TodayReport>(`/api/console/reports/today?period=${period}&tz=America/New_York`);
      const from = new Date(report.bounds.from);
      const to = new Date(report.bounds.to);
      expect(to.getTime() - from.getTime()).toBeLessThanOrEqual(PERIOD_DAYS[period] * DAY + 3_600_000);
      expect(report.totals, period).toEqual(expectedFigures(raw, from, to, () => true));
      expect(report.totals.completed, period).toBeGreaterThan(0);

      for (const row of report.by_brand) {
        expect(row.figures, `${period} ${row.brand}`).toEqual(
          expectedFigures(raw, from, to, (id) => brandOf(raw, id) === row.brand),
        );
      }
      expect(report.by_brand.map((b) => b.brand).sort()).toEqual(
        [...new Set(raw.leads.filter((l) => !l.test_mode).map((l) => brandOf(raw, l.id)))]
          .filter((b) => report.by_brand.some((r) => r.brand === b))
          .sort(),
      );
      const sum = (key: "started" | "completed" | "revenue_cents") =>
        report.by_source.reduce((total, row) => total + row.figures[key], 0);
      expect([sum("started"), sum("completed"), sum("revenue_cents")]).toEqual([
        report.totals.started,
        report.totals.completed,
        report.totals.revenue_cents,
      ]);
      const series = (key: "started" | "completed" | "sold" | "revenue_cents") =>
        report.series.reduce((total, day) => total + day[key], 0);
      expect(report.series).toHaveLength(PERIOD_DAYS[period]);
      expect([series("started"), series("completed"), series("sold"), series("revenue_cents")]).toEqual([
        report.totals.started,
        report.totals.completed,
        report.totals.sold,
        report.totals.revenue_cents,
      ]);
      const reasons = report.rejected_by_reason.reduce((total, r) => total + r.count, 0);
      expect(reasons).toBe(report.totals.rejected);
    }
  });

  it("narrows by source, affiliate and brand, and names each figure's leads", async () => {
    const raw = await rawRows();
    const report = await get<TodayReport>("/api/console/reports/today?period=30d&source=bing&brand=Cashbridge");
    const from = new Date(report.bounds.from);
    const to = new Date(report.bounds.to);
    expect(report.totals).toEqual(
      expectedFigures(raw, from, to, (id) => sourceOf(raw, id) === "bing" && brandOf(raw, id) === "Cashbridge"),
    );
    expect(report.totals.completed).toBeGreaterThan(0);
    expect(report.queries.sold).toEqual({
      stage: "sold",
      from: report.bounds.from,
      to: report.bounds.to,
      source: "bing",
      brand: "Cashbridge",
    });
    expect(report.queries.sell_through?.stage).toBe("sold");
    expect(report.rejected_by_reason.every((r) => r.query.reason === r.reason && r.query.stage === "rejected")).toBe(
      true,
    );
    const affiliate = await get<TodayReport>("/api/console/reports/today?period=30d&aff_id=A2");
    const a2 = affiliate.by_source.filter((r) => r.aff_id === "A2");
    expect(a2.length).toBe(affiliate.by_source.length);
    expect(a2.every((r) => r.sub_id === "x9")).toBe(true);
  });

  it("counts the real sale, its redirect and the real rejection", async () => {
    const report = await get<TodayReport>("/api/console/reports/today?period=today&source=google&aff_id=aff-7");
    // saveLead's leads carry the submission's attribution (utm_source google, aff_id aff-7) and no brand.
    expect(report.totals).toMatchObject({
      completed: 2,
      sent: 2,
      sold: 1,
      rejected: 1,
      redirected: 1,
      revenue_cents: 4200,
    });
    expect(report.rejected_by_reason).toEqual([expect.objectContaining({ reason: "no buyer accepted", count: 1 })]);
    expect(report.by_brand.map((b) => b.brand)).toEqual([NONE]);
  });

  it("counts the buyers' own reasons on the rejected applications, not only the auction's", async () => {
    // The real rejection: the auction's reason is "no buyer accepted"; the buyer's own, on its post, "no interest".
    const real = await get<BuyerReasons>(
      "/api/console/reports/today/buyer-reasons?period=today&source=google&aff_id=aff-7",
    );
    expect(real.reasons).toEqual([{ stage: "post", reason: "no interest", answers: 1, leads: 1 }]);

    const db = t.database.db;
    const id = `why-${randomBytes(4).toString("hex")}`;
    const at = new Date();
    await db.insert(leads).values({ id, accessTokenHash: "x", created_at: at, utm_source: "reasons-test" });
    await db.insert(auctions).values({
      leadId: id,
      status: "rejected",
      reason: "no buyer accepted",
      deadlineAt: at,
      createdAt: at,
    });
    const call = (buyerId: string, kind: string, state: string, reason: string | null) => ({
      leadId: id,
      buyerId,
      kind,
      state,
      reason,
      createdAt: at,
    });
    await db.insert(buyerCalls).values([
      call("b1", "ping", "no_bid", "credit score"),
      call("b2", "ping", "no_bid", "credit score"),
      call("b3", "ping", "error", "timeout"),
      call("b4", "ping", "bid", null),
      call("b4", "post", "rejected", null),
      call("shadowy", "ping", "no_bid", "shadow: declined"),
      call("b5", "post", "rejected", "not resent: do not sell"),
      // A buyer's words quoting the person (rows written before reasons were masked): no contact detail is shown.
      call("b6", "post", "rejected", "Duplicate: jane.doe@example.com already applied"),
      call("b7", "post", "rejected", "Duplicate: sam@example.org already applied"),
      call("b8", "ping", "no_bid", "phone (512) 555-0142 is on our list"),
    ]);
    const mine = await get<BuyerReasons>("/api/console/reports/today/buyer-reasons?period=today&source=reasons-test");
    expect(mine.reasons).toEqual([
      { stage: "ping", reason: "credit score", answers: 2, leads: 1 },
      { stage: "post", reason: "Duplicate: [e-mail] already applied", answers: 2, leads: 1 },
      { stage: "ping", reason: "phone ([number] is on our list", answers: 1, leads: 1 },
      { stage: "ping", reason: "timeout", answers: 1, leads: 1 },
      { stage: "post", reason: NONE, answers: 1, leads: 1 },
    ]);
    const today = await get<TodayReport>("/api/console/reports/today?period=today&source=reasons-test");
    expect(today.rejected_by_reason.map((r) => [r.reason, r.count])).toEqual([["no buyer accepted", 1]]);
    // The same period as Today's (its end is the moment of each request).
    expect([mine.bounds.from, mine.bounds.tz]).toEqual([today.bounds.from, today.bounds.tz]);
    await db.delete(leads).where(eq(leads.id, id));
  });

  it("buckets days in the operator's time zone", async () => {
    const db = t.database.db;
    const id = `tz-${randomBytes(4).toString("hex")}`;
    // 03:30 UTC on 10 March 2026 is the evening of 9 March in New York and the 10th in London.
    await db
      .insert(leads)
      .values({ id, accessTokenHash: "x", created_at: new Date("2026-03-10T03:30:00Z"), utm_source: "tz-test" });
    const now = new Date("2026-03-10T12:00:00Z");
    const day = async (tz: string) => {
      const r = await todayReport(db, { period: "7d", tz, source: "tz-test" }, now);
      return r.series.filter((d) => d.started > 0).map((d) => d.day);
    };
    expect(await day("America/New_York")).toEqual(["2026-03-09"]);
    expect(await day("Europe/London")).toEqual(["2026-03-10"]);
    const today = await todayReport(db, { period: "today", tz: "America/New_York", source: "tz-test" }, now);
    expect(today.bounds.from).toBe("2026-03-10T04:00:00.000Z"); // midnight in New York, daylight time since the 8th
    expect(today.totals.started).toBe(0);
  });
});

describe("the funnel report", () => {
  it("agrees with the step history on both paths, by device and source", async () => {
    const raw = await rawRows();
    const markOf = (leadId: string) =>
      raw.events.some(
        (e) =>
          e.leadId === leadId &&
          APPLY_MARKS.some((m) => m.number === e.step && m.fields.some((f) => f in (e.changes as object))),
      );
    for (const [path, device, source] of [
      ["main", undefined, undefined],
      ["apply", undefined, undefined],
      ["main", "phone", undefined],
      ["main", "desktop", "google"],
    ] as const) {
      const url = `/api/console/reports/funnel?period=30d&path=${path}${device ? `&device=${device}` : ""}${source ? `&source=${source}` : ""}`;
      const report = await get<FunnelReport>(url);
      const from = new Date(report.bounds.from);
      const to = new Date(report.bounds.to);
      const cohort = raw.leads.filter(
        (l) =>
          !l.test_mode &&
          l.created_at >= from &&
          l.created_at < to &&
          markOf(l.id) === (path === "apply") &&
          (!device || deviceOf(l.user_agent) === device) &&
          (!source || sourceOf(raw, l.id) === source),
      );
      expect(report.leads, url).toBe(cohort.length);
      expect(report.leads, url).toBeGreaterThan(0);
      const steps = FUNNEL_STEPS[path];
      const savedAt = (leadId: string, idx: number): Date | undefined => {
        const s = steps[idx]!;
        if (s.submission) return raw.auctions.find((a) => a.leadId === leadId)?.createdAt;
        const times = raw.events
          .filter(
            (e) =>
              e.leadId === leadId &&
              (s.number !== null
                ? e.step === s.number
                : e.step === null && e.slug === "update" && s.fields.some((f) => f in (e.changes as object))),
          )
          .map((e) => e.createdAt.getTime());
        return times.length ? new Date(Math.min(...times)) : undefined;
      };
      const furthest = new Map(
        cohort.map((l) => [l.id, Math.max(-1, ...steps.map((_, idx) => (savedAt(l.id, idx) ? idx : -1)))]),
      );
      steps.forEach((s, idx) => {
        const row = report.steps[idx]!;
        expect(row.slug).toBe(s.step.slug);
        const saved = cohort.filter((l) => savedAt(l.id, idx));
        expect(row.saved, `${url} ${s.step.slug} saved`).toBe(saved.length);
        const reached = idx === 0 ? cohort.length : cohort.filter((l) => furthest.get(l.id)! >= idx - 1).length;
        expect(row.reached, `${url} ${s.step.slug} reached`).toBe(reached);
        expect(row.left, `${url} ${s.step.slug} left`).toBe(
          cohort.filter((l) => furthest.get(l.id) === idx - 1).length,
        );
        // Median seconds from the previous save of the path (or the lead's creation).
        const seconds = saved
          .map((l) => {
            const before = steps
              .slice(0, idx)
              .map((_, k) => savedAt(l.id, k))
              .filter((d) => d !== undefined)
              .at(-1);
            return (savedAt(l.id, idx)!.getTime() - (before ?? l.created_at).getTime()) / 1000;
          })
          .filter((x) => x >= 0)
          .sort((a, b) => a - b);
        const mid = seconds.length / 2;
        const median =
          seconds.length === 0
            ? null
            : seconds.length % 2
              ? seconds[Math.floor(mid)]!
              : (seconds[mid - 1]! + seconds[mid]!) / 2;
        if (median === null) expect(row.median_seconds).toBeNull();
        else {
          // Read from a histogram: within 2^(1/16) of 1 + the exact median, then rounded to a tenth of a second.
          const error = Math.abs((row.median_seconds ?? Number.NaN) - median);
          expect(error, `${url} ${s.step.slug} median`).toBeLessThanOrEqual((1 + median) * (2 ** (1 / 16) - 1) + 0.05);
        }
      });
      expect(report.steps.reduce((sum, s) => sum + s.left, 0) + report.steps.at(-1)!.saved).toBe(report.leads);
    }
  });

  it("counts the lead created through the real routes at its first steps", async () => {
    const report = await get<FunnelReport>("/api/console/reports/funnel?period=today&source=newsletter&device=phone");
    expect(report.leads).toBe(1);
    const bySlug = Object.fromEntries(report.steps.map((s) => [s.slug, s]));
    expect(bySlug.cellphone).toMatchObject({ saved: 1 });
    expect(bySlug.lgname).toMatchObject({ reached: 1, saved: 0, left: 0 });
  });
});

describe("report access and queries", () => {
  it("answers an analyst and refuses compliance and a visitor without a session", async () => {
    for (const url of ["/api/console/reports/today", "/api/console/reports/funnel"]) {
      expect((await t.app.inject({ method: "GET", url, headers: analyst.read })).statusCode).toBe(200);
      const refused = await t.app.inject({ method: "GET", url, headers: compliance.read });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().message).toBe(NOT_ALLOWED);
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
    }
  });

  it("refuses a bad query with 400", async () => {
    for (const url of [
      "/api/console/reports/today?period=year",
      "/api/console/reports/today?tz=Mars/Olympus",
      "/api/console/reports/today?tz=%2B01:00",
      "/api/console/reports/today?tz=UTC';drop",
      "/api/console/reports/funnel?path=other",
      "/api/console/reports/funnel?device=tablet",
      `/api/console/reports/today?source=${"x".repeat(101)}`,
    ]) {
      const res = await t.app.inject({ method: "GET", url, headers: analyst.read });
      expect(res.statusCode, url).toBe(400);
    }
  });
});
