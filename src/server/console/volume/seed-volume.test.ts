import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import type { FunnelReport, TodayReport } from "../../../domain/contracts/console-reports.ts";
import type { LeadSearchRow } from "../../../domain/contracts/console-leads.ts";
import { LEAD_ID_PATTERN } from "../../intake/leads/lead-access.ts";
import { rowsOf } from "../reports/report-period.ts";
import { seedEmail, seedLeadId, seedPhone } from "./seed-shape.ts";
import { seedVolume, type SeedCounts } from "./seed-volume.ts";

// The seed at a tiny size: the rows it promises, and the console reading them (Today, the funnel, search).

const OPTIONS = { leads: 200, days: 20, buyers: 6, sources: 3, brands: 2 };

let t: TestApp;
let owner: ConsoleUser;
let counts: SeedCounts;

beforeAll(async () => {
  // The seed writes rows dated in the past: no timed rebuild may roll up their buckets half written.
  t = await createTestApp({ REPORT_ROLLUP_MINUTES: "0" });
  owner = await signInAs(t, "owner");
  counts = await seedVolume(t.database.db, t.secrets.tokenSecret, OPTIONS);
});
afterAll(async () => {
  await t.app.close();
});

async function get<T>(url: string): Promise<T> {
  const res = await t.app.inject({ method: "GET", url, headers: owner.read });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as { data: T }).data;
}

const count = async (query: ReturnType<typeof sql>) =>
  Number((await rowsOf<{ n: string | number }>(t.database.db, query))[0]?.n);

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

  it("replaces an earlier seed rather than adding to it", async () => {
    const again = await seedVolume(t.database.db, t.secrets.tokenSecret, { ...OPTIONS, leads: 50 });
    expect(again.leads).toBe(50);
    expect(await count(sql`select count(*) as n from leads`)).toBe(50);
  });
});
