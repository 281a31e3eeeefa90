import { sql } from "drizzle-orm";
import { receiptKeyOf } from "../../partners/receipts/receipt-key.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import type { BuyerSummary } from "../../../domain/contracts/console-buyers.ts";
import type { FunnelReport, TodayReport } from "../../../domain/contracts/console-reports.ts";
import type { LeadSearchRow } from "../../../domain/contracts/console-leads.ts";
import type { ConsoleStatement } from "../../../domain/contracts/console-statements.ts";
import { SEEDED_LEAD_ID_PATTERN } from "../../../domain/sample-data.ts";
import { ineligibility } from "../../distribution/auction/eligibility.ts";
import type { LeadDocument } from "../../distribution/auction/lead-document.ts";
import { LEAD_ID_PATTERN } from "../../intake/leads/lead-access.ts";
import { ledgerHead, verifyLedger } from "../../partners/ledger/ledger-store.ts";
import { publisherFigures } from "../../partners/publishers/publisher-figures.ts";
import { listPublishers } from "../../partners/publishers/publisher-store.ts";
import { monthOf } from "../../partners/ledger/ledger-chain.ts";
import { settlePass } from "../../partners/settle/settle-job.ts";
import { recordingSink } from "../../partners/settle/settle.testing.ts";
import { sendDueReminders } from "../../workflows/reminders/send-reminders.ts";
import { funnelCoveredTo } from "../reports/funnel-rollup.ts";
import { rowsOf } from "../reports/report-period.ts";
import { rollupCoveredTo } from "../reports/today-rollup.ts";
import { SeedRefused } from "./seed-money.ts";
import { SEED_BUYER_PREFIX, seedEmail, seedLeadId, seedPhone } from "./seed-shape.ts";
import { seedVolume } from "./seed-volume.ts";

// The seed at a tiny size: the rows it promises, the console reading them (Today, the funnel, search, statements),
// and what a server started on it must not do (call its buyers, mail its people, settle its sales again).

const OPTIONS = { leads: 300, days: 20, buyers: 6, sources: 3, brands: 2 };

let t: TestApp;
let owner: ConsoleUser;
let counts: Awaited<ReturnType<typeof seedVolume>>;

/** A test app seeded with `options`, and its owner. */
async function seeded(options: typeof OPTIONS) {
  // The seed writes rows dated in the past: no timed rebuild may roll up their buckets half written.
  const app = await createTestApp({ REPORT_ROLLUP_MINUTES: "0" });
  return { app, owner: await signInAs(app, "owner"), counts: await seedVolume(app.database.db, app.secrets, options) };
}

beforeAll(async () => {
  ({ app: t, owner, counts } = await seeded(OPTIONS));
});
afterAll(async () => {
  await t.app.close();
});

async function get<T>(url: string, app = t, user = owner): Promise<T> {
  const res = await app.app.inject({ method: "GET", url, headers: user.read });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
}

const count = async (query: ReturnType<typeof sql>, app = t) =>
  Number((await rowsOf<{ n: string | number }>(app.database.db, query))[0]?.n);

/** Every month from `first` to `last` (YYYY-MM). */
function monthsBetween(first: string, last: string): string[] {
  const months: string[] = [];
  for (let m = first; m <= last;) {
    months.push(m);
    const [y, mm] = m.split("-").map(Number) as [number, number];
    m = new Date(Date.UTC(y, mm, 1)).toISOString().slice(0, 7);
  }
  return months;
}

describe("seedVolume", () => {
  it("writes the leads, buyers, history, one auction per submission and its calls", async () => {
    expect(counts.leads).toBe(OPTIONS.leads);
    expect(counts.buyers).toBe(OPTIONS.buyers);
    expect(counts.step_events).toBeGreaterThan(OPTIONS.leads);
    expect(counts.auctions).toBeGreaterThan(0);
    expect(counts.auctions).toBeLessThan(OPTIONS.leads);
    // Every submission not turned away pings every buyer; posts go only to buyers that bid.
    const pinged = await count(sql`select count(*) as n from auctions where reason is distinct from 'duplicate'
      and reason is distinct from 'suppressed'`);
    expect(await count(sql`select count(*) as n from buyer_calls where kind = 'ping'`)).toBe(pinged * OPTIONS.buyers);
    expect(
      await count(sql`select count(*) as n from buyer_calls p where kind = 'post' and not exists (
        select 1 from buyer_calls b where b.lead_id = p.lead_id and b.buyer_id = p.buyer_id and b.kind = 'ping' and b.state = 'bid')`),
    ).toBe(0);
    // A sale is the accepted post's buyer and price.
    expect(
      await count(sql`select count(*) as n from auctions a join buyer_calls c on c.lead_id = a.lead_id
        and c.kind = 'post' and c.state = 'accepted' and c.buyer_id = a.buyer_id and c.price_cents = a.price_cents
        where a.status = 'accepted'`),
    ).toBe(await count(sql`select count(*) as n from auctions where status = 'accepted'`));
    expect(await count(sql`select count(*) as n from leads where id !~ ${LEAD_ID_PATTERN.source}`)).toBe(0);
    expect(await count(sql`select count(*) as n from leads where email not like '%@example.com'`)).toBe(0);
    expect(await count(sql`select count(*) as n from leads where ssn_encrypted is not null`)).toBe(0);
    // Every call keeps its masked bodies, as the auction's do until BUYER_CALL_BODY_DAYS: no personal value in them.
    expect(await count(sql`select count(*) as n from buyer_calls where request is null`)).toBe(0);
    expect(
      await count(sql`select count(*) as n from buyer_calls c join leads l on l.id = c.lead_id
        where strpos(c.request::text, l.email) > 0 or strpos(c.request::text, l.last_name) > 0
          or strpos(c.request::text, coalesce(l.cell_phone, '-')) > 0`),
    ).toBe(0);
    expect(
      await count(sql`select count(*) as n from buyer_calls where kind = 'post'
        and (request->>'body')::jsonb->>'ssn' is distinct from '****'`),
    ).toBe(0);
  });

  it("writes every pinged buyer's outcome: the winner bought at the auction's price, every other bid left behind", async () => {
    const pinged = await count(sql`select count(distinct lead_id) as n from buyer_calls where kind = 'ping'`);
    expect(await count(sql`select count(*) as n from auction_buyer_outcomes`)).toBe(pinged * OPTIONS.buyers);
    // One buyer bought each sold lead, at the price its auction records.
    expect(
      await count(sql`select count(*) as n from auctions a join auction_buyer_outcomes o using (lead_id)
        where a.status = 'accepted' and o.outcome = 'post_accepted' and o.buyer_id = a.buyer_id
          and o.paid_cents = a.price_cents`),
    ).toBe(await count(sql`select count(*) as n from auctions where status = 'accepted'`));
    expect(
      await count(sql`select count(*) as n from auction_buyer_outcomes o join auctions a using (lead_id)
        where (o.outcome = 'post_accepted') <> (a.status = 'accepted' and o.buyer_id = a.buyer_id)`),
    ).toBe(0);
    // An unsold lead's bids were never outbid; a sold lead's unposted bids were.
    expect(
      await count(sql`select count(*) as n from auction_buyer_outcomes o join auctions a using (lead_id)
        where o.outcome = 'outbid' and a.status <> 'accepted'`),
    ).toBe(0);
  });

  it("keeps each accepting answer's id as the buyer's reference, by which lead search finds the lead", async () => {
    const rows = await rowsOf<{ lead_id: string; external_id: string; response: string }>(
      t.database.db,
      sql`select lead_id, external_id, response from buyer_calls where kind = 'post' and state = 'accepted' limit 1`,
    );
    const sale = rows[0]!;
    expect(JSON.parse(sale.response).id).toBe(sale.external_id);
    const found = await get<{ leads: LeadSearchRow[] }>(`/api/console/leads?buyer_ref=${sale.external_id}`);
    expect(found.leads.map((l) => l.id)).toEqual([sale.lead_id]);
  });

  it("is counted on Today and in the funnel", async () => {
    const today = await get<TodayReport>("/api/console/reports/today?period=30d");
    expect(today.totals.started).toBe(OPTIONS.leads);
    expect(today.totals.completed).toBe(counts.auctions);
    expect(today.totals.sold).toBe(await count(sql`select count(*) as n from auctions where status = 'accepted'`));
    expect(today.by_brand.map((b) => b.brand).sort()).toEqual(["Cashbridge", "Loanpath"]);
    expect(today.by_source.length).toBeGreaterThan(1);
    const main = await get<FunnelReport>("/api/console/reports/funnel?period=30d&path=main");
    const apply = await get<FunnelReport>("/api/console/reports/funnel?period=30d&path=apply");
    expect(main.leads + apply.leads).toBe(OPTIONS.leads);
    expect(main.steps[0]!.saved).toBeGreaterThan(main.steps[main.steps.length - 2]!.saved);
  });

  it("is found by e-mail and phone through the keyed hashes, and its timeline opens", async () => {
    const [byEmail] = (await get<{ leads: LeadSearchRow[] }>(`/api/console/leads?q=${seedEmail(7)}`)).leads;
    expect(byEmail?.id).toBe(seedLeadId(7));
    const withPhone = await rowsOf<{ id: string }>(
      t.database.db,
      sql`select id from leads where cell_phone is not null order by id limit 1`,
    );
    const n = Number(withPhone[0]!.id.slice(-6));
    const byPhone = await get<{ leads: LeadSearchRow[] }>(`/api/console/leads?q=${seedPhone(n)}`);
    expect(byPhone.leads.map((l) => l.id)).toEqual([seedLeadId(n)]);
    await get(`/api/console/leads/${seedLeadId(7)}`);
  });

  it("leaves its buyers paused: no live auction may call them, and the console still lists them", async () => {
    const seededBuyers = (await t.app.buyerRegistry.current()).filter((b) => b.id.startsWith(SEED_BUYER_PREFIX));
    expect(seededBuyers).toHaveLength(OPTIONS.buyers);
    const doc = { state: "NY", loan_amount: 500 } as LeadDocument;
    expect(seededBuyers.map((b) => ineligibility(b, doc, false, new Date()))).toEqual(
      seededBuyers.map(() => ({ outcome: "paused" })),
    );
    const listed = (await get<{ buyers: BuyerSummary[] }>("/api/console/buyers")).buyers.filter((b) =>
      b.id.startsWith(SEED_BUYER_PREFIX),
    );
    expect(listed.map((b) => b.enabled)).toEqual(seededBuyers.map(() => false));
  });

  it("writes a publisher per affiliate id and the sales' money through the ledger, whose chain verifies", async () => {
    expect(counts.publishers).toBe(OPTIONS.sources);
    const check = await verifyLedger(t.database.db);
    expect(check.broken).toBeNull();
    expect(check.rows).toBe(counts.ledger_rows);
    // One sold row per seeded sale, at its price; every payout goes to the publisher of the lead's aff_id.
    expect(await count(sql`select count(*) as n from ledger_entries where kind = 'sold'`)).toBe(
      await count(sql`select count(*) as n from auctions where status = 'accepted'`),
    );
    expect(
      await count(sql`select count(*) as n from ledger_entries l join auctions a using (lead_id)
        join publishers p on p.id = l.publisher_id
        where l.kind = 'payout_earned' and p.aff_id is distinct from a.attribution->>'aff_id'`),
    ).toBe(0);
    expect(await count(sql`select count(*) as n from ledger_entries where kind = 'payout_earned'`)).toBeGreaterThan(0);
    // Made before the first seeded lead, each is credited with its aff_id's leads, and its links had clicks.
    for (const p of await listPublishers(t.database.db)) {
      const all = { from: new Date(p.created_at), to: new Date(), tz: "UTC" };
      const figures = (await publisherFigures(t.database.db, p, all, "all")).get("all");
      const completed = await count(sql`select count(*) as n from auctions where attribution->>'aff_id' = ${p.aff_id}`);
      expect([p.id, figures?.completed]).toEqual([p.id, completed]);
      expect(figures?.clicks).toBeGreaterThan(completed);
    }
    // Some sales came back: each approved return has its returned row.
    expect(counts.returns).toBeGreaterThan(0);
    expect(
      await count(sql`select count(*) as n from lead_returns r join ledger_entries l
        on l.lead_id = r.lead_id and l.kind = 'returned' where r.state = 'approved'`),
    ).toBe(counts.returns);
  });

  it("has statements whose sales add up to Today's sales over the same leads", async () => {
    const today = await get<TodayReport>("/api/console/reports/today?period=30d");
    expect(today.totals.sales_cents).toBeGreaterThan(0);
    const [first] = await rowsOf<{ at: string }>(t.database.db, sql`select min(at) as at from ledger_entries`);
    const months = monthsBetween(monthOf(new Date(first!.at)), monthOf(new Date()));
    const statements: ConsoleStatement[] = [];
    for (const month of months) {
      const answer = await get<{ state: string; statements: ConsoleStatement[] }>(
        `/api/console/statements?month=${month}`,
      );
      // Every ended month is closed.
      expect(answer.state).toBe(month !== monthOf(new Date()) ? "closed" : "open");
      statements.push(...answer.statements);
    }
    const buyers = statements.flatMap((s) => (s.partner_kind === "buyer" ? [s.totals] : []));
    // Today's revenue nets the returns granted in its period (docs/decisions/0047-report-periods-and-profit.md).
    expect(buyers.reduce((sum, b) => sum + b.sold_cents, 0)).toBe(today.totals.sales_cents);
    expect(buyers.reduce((sum, b) => sum + b.leads_sold, 0)).toBe(today.totals.sold);
    expect(buyers.reduce((sum, b) => sum + b.returns, 0)).toBe(counts.returns);
    const publishers = statements.flatMap((s) => (s.partner_kind === "publisher" ? [s.partner_id] : []));
    expect(new Set(publishers).size).toBe(OPTIONS.sources);
  });

  it("queues no reminder to a seeded lead, though many were left in progress lately", async () => {
    const reminders = t.config.reminders;
    expect(
      await count(sql`select count(*) as n from leads where status = 'in_progress' and email is not null
        and updated_at < now() - ${reminders.delayHours} * interval '1 hour' and updated_at > now() - interval '6 days'
        and not exists (select 1 from auctions a where a.lead_id = leads.id)`),
    ).toBeGreaterThan(0);
    const report = await sendDueReminders({
      db: t.database.db,
      tokenSecret: t.secrets.tokenSecret,
      publicBaseUrl: t.config.publicBaseUrl,
      resumeTokenTtlHours: t.config.resumeTokenTtlHours,
      delayHours: reminders.delayHours,
    });
    expect(report).toEqual({ queued: 0, suppressed: 0, taken: 0 });
    expect(await count(sql`select count(*) as n from lead_reminders`)).toBe(0);
    expect(await count(sql`select count(*) as n from mail_outbox`)).toBe(0);
  });

  it("leaves the settle pass nothing to settle again, even reading back over every seeded auction", async () => {
    const head = await ledgerHead(t.database.db);
    // A server that last ran before the seed reads back from where it stopped.
    await t.database.db
      .execute(sql`insert into settle_cursor (name, mark) values ('auctions', now() - interval '60 days')
      on conflict (name) do update set mark = excluded.mark`);
    const recorded = recordingSink();
    const pass = await settlePass(t.database.db, {
      sink: recorded.sink,
      key: receiptKeyOf(t.secrets.tokenSecret),
      now: new Date(),
    });
    expect([pass.completed, pass.sold, pass.rejected, pass.final]).toEqual([0, 0, 0, 0]);
    expect(recorded.events).toEqual([]);
    expect(await ledgerHead(t.database.db)).toEqual(head);
  });

  it("builds the reports' rollups, so a server started on it reads them", async () => {
    expect(await rollupCoveredTo(t.database.db)).not.toBeNull();
    expect(await funnelCoveredTo(t.database.db)).not.toBeNull();
  });

  it("refuses to seed again over the money it wrote, and changes nothing", async () => {
    const before = await count(sql`select count(*) as n from leads`);
    await expect(seedVolume(t.database.db, t.secrets, { ...OPTIONS, leads: 50 })).rejects.toThrow(SeedRefused);
    expect(await count(sql`select count(*) as n from leads`)).toBe(before);
    expect(await count(sql`select count(*) as n from leads where id !~ ${SEEDED_LEAD_ID_PATTERN}`)).toBe(0);
  });
});

describe("seedVolume over past months", () => {
  it("closes every ended month, each buyer's statement summing its sales decided in that month", async () => {
    const days = { ...OPTIONS, leads: 150, days: 45 };
    const s = await seeded(days);
    try {
      const month = monthOf(new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1)));
      const answer = await get<{ state: string; closed_at: string | null; statements: ConsoleStatement[] }>(
        `/api/console/statements?month=${month}`,
        s.app,
        s.owner,
      );
      expect(answer.state).toBe("closed");
      expect(s.counts.statements_closed).toBeGreaterThan(0);
      const sales = await rowsOf<{ buyer_id: string; n: string | number; cents: string | number }>(
        s.app.database.db,
        sql`select buyer_id, count(*) as n, sum(price_cents) as cents from auctions
          where status = 'accepted' and to_char(decided_at at time zone 'UTC', 'YYYY-MM') = ${month}
          group by buyer_id order by buyer_id`,
      );
      expect(sales.length).toBeGreaterThan(0);
      expect(
        answer.statements.flatMap((st) =>
          st.partner_kind === "buyer" ? [[st.partner_id, st.totals.leads_sold, st.totals.sold_cents]] : [],
        ),
      ).toEqual(sales.map((r) => [r.buyer_id, Number(r.n), Number(r.cents)]));
    } finally {
      await s.app.app.close();
    }
  });
});
