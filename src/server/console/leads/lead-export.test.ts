import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { LEAD_CSV_COLUMNS } from "#domain/contracts/console-leads.ts";
import { auditLog, buyers, publishers } from "../../platform/db/schema.ts";
import { parseCsv } from "../../platform/csv/csv.testing.ts";
import { EXPORT_BATCH } from "./lead-routes.ts";
import { rebuildTodayRollup } from "../reports/today-rollup.ts";
import { countLeads } from "./lead-search.ts";

// Issue 32's leads search: the count, the reason, publisher and buyer reference columns, the buyer's reference id,
// the filters' pick lists, and the CSV export of every matching row, over more leads than one export batch.

const DAY = "2020-07-01";
const LEADS = EXPORT_BATCH + 60;
const WEIRD_REASON = 'no, "thanks"\nfor now';
const FORMULA_REASON = '=HYPERLINK("http://evil.example","x")';
const PERSON = { email: "pat.quill@example.com", first_name: "Patricia" };

/** Lead i of the day: id, and when it came (one second apart, the newest last). */
const idOf = (i: number) => `ld_export${String(i).padStart(16, "0")}`;

type Row = Record<(typeof LEAD_CSV_COLUMNS)[number], unknown>;

describe("the leads search's count, columns and CSV export", () => {
  let t: TestApp;
  let owner: ConsoleUser;
  let manager: ConsoleUser;
  let compliance: ConsoleUser;
  let analyst: ConsoleUser;

  beforeAll(async () => {
    t = await createTestApp();
    owner = await signInAs(t, "owner");
    manager = await signInAs(t, "manager");
    compliance = await signInAs(t, "compliance");
    analyst = await signInAs(t, "analyst");
    const db = t.database.db;
    // The publisher of aff "early" existed before the submissions, the one of "late" came after them: only the
    // first is credited (docs/product/partners.md#publishers).
    await db.insert(publishers).values([
      {
        id: "pub-early",
        name: "Early Media",
        affId: "early",
        payoutKind: "per_sold",
        payoutAmount: 100,
        holdDays: 0,
        postbackSecretEncrypted: "x",
        createdAt: new Date("2020-01-01T00:00:00Z"),
      },
      {
        id: "pub-late",
        name: "Late Media",
        affId: "late",
        payoutKind: "per_sold",
        payoutAmount: 100,
        holdDays: 0,
        postbackSecretEncrypted: "x",
        createdAt: new Date("2024-01-01T00:00:00Z"),
      },
    ]);
    await db.insert(buyers).values([{ id: "buyer-a", config: { name: "Alpha Lending" } }]);
    // i % 3 == 0: sold to buyer-a (aff early); i % 5 == 0 (not sold): rejected (aff late), with awkward reasons;
    // the rest still answering. Sources: "google" on even i, "bing" on odd.
    await db.execute(sql`
      insert into leads (id, access_token_hash, created_at, state, loan_amount, utm_source)
      select 'ld_export' || lpad(i::text, 16, '0'), 'h', ${`${DAY}T00:00:00Z`}::timestamptz + i * interval '1 second',
        'NY', 500 + i, case when i % 2 = 0 then 'google' else 'bing' end
      from generate_series(0, ${LEADS - 1}) i`);
    await db.execute(sql`
      insert into auctions (lead_id, status, reason, buyer_id, price_cents, attribution, deadline_at, created_at)
      select 'ld_export' || lpad(i::text, 16, '0'),
        case when i % 3 = 0 then 'accepted' else 'rejected' end,
        case when i % 3 = 0 then null when i % 10 = 0 then ${WEIRD_REASON} else ${FORMULA_REASON} end,
        case when i % 3 = 0 then 'buyer-a' end,
        case when i % 3 = 0 then 1000 + i end,
        case when i % 3 = 0 then '{"aff_id":"early"}'::jsonb else '{"aff_id":"late"}'::jsonb end,
        now(), ${`${DAY}T00:00:00Z`}::timestamptz + i * interval '1 second' + interval '5 minutes'
      from generate_series(0, ${LEADS - 1}) i where i % 3 = 0 or i % 5 = 0`);
    // The buyer's own ids: a ping's for lead 9 (sold), and the accepted post's, which the row shows.
    await db.execute(sql`
      insert into buyer_calls (lead_id, buyer_id, kind, state, external_id) values
        (${idOf(9)}, 'buyer-a', 'ping', 'bid', 'BR-PING-9'),
        (${idOf(9)}, 'buyer-a', 'post', 'accepted', 'BR-777')`);
    await db.execute(
      sql`update leads set email = ${PERSON.email}, first_name = ${PERSON.first_name} where id = ${idOf(9)}`,
    );
  });
  afterAll(() => t.app.close());

  const get = (path: string, query: Record<string, string>, user = manager) =>
    t.app.inject({ method: "GET", url: `${path}?${new URLSearchParams(query).toString()}`, headers: user.read });

  /** Every row the search pages through. */
  async function allPages(query: Record<string, string>, user = manager) {
    const rows: Row[] = [];
    let cursor: string | null = null;
    let total: number | null = null;
    do {
      const res = await get("/api/console/leads", { ...query, limit: "200", ...(cursor ? { cursor } : {}) }, user);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      if (!cursor) total = data.total;
      else expect(data.total).toBeNull();
      rows.push(...data.leads);
      cursor = data.next_cursor;
    } while (cursor);
    return { rows, total };
  }

  const expected = (keep: (i: number) => boolean) =>
    Array.from({ length: LEADS }, (_, i) => i)
      .filter(keep)
      .reverse()
      .map(idOf);

  it("counts exactly the rows the filters give, and the filters combine", async () => {
    const cases: [Record<string, string>, (i: number) => boolean][] = [
      [{ from: DAY, to: DAY }, () => true],
      [{ from: DAY, to: DAY, buyer: "buyer-a" }, (i) => i % 3 === 0],
      [{ from: DAY, to: DAY, buyer: "buyer-a", source: "google" }, (i) => i % 3 === 0 && i % 2 === 0],
      [{ from: DAY, to: DAY, status: "rejected", source: "bing" }, (i) => i % 3 !== 0 && i % 5 === 0 && i % 2 === 1],
      [{ from: DAY, to: DAY, status: "in_progress", aff_id: "late" }, () => false],
      [{ from: DAY, to: DAY, reason: WEIRD_REASON }, (i) => i % 3 !== 0 && i % 10 === 0],
    ];
    for (const [query, keep] of cases) {
      const { rows, total } = await allPages(query);
      expect(rows.map((r) => r.id)).toEqual(expected(keep));
      expect(total).toBe(rows.length);
    }
  });

  it("stops counting at the cap and says so", async () => {
    const filters = { from: DAY, to: DAY };
    expect(await countLeads(t.database.db, t.secrets.tokenSecret, filters, 1000)).toEqual({
      total: 1000,
      capped: true,
    });
    expect(await countLeads(t.database.db, t.secrets.tokenSecret, filters, LEADS)).toEqual({
      total: LEADS,
      capped: false,
    });
  });

  it("shows the reject reason, the publisher credited by the aff_id then, and the buyer's reference id", async () => {
    const byId = new Map((await allPages({ from: DAY, to: DAY })).rows.map((r) => [r.id, r]));
    expect(byId.get(idOf(9))).toMatchObject({
      status: "sold",
      buyer: "buyer-a",
      buyer_ref: "BR-777",
      publisher_id: "pub-early",
      publisher_name: "Early Media",
      reason: null,
    });
    // Its aff_id's publisher was made after the submission: credited to nobody.
    expect(byId.get(idOf(10))).toMatchObject({
      status: "rejected",
      reason: WEIRD_REASON,
      publisher_id: null,
      buyer_ref: null,
    });
    expect(byId.get(idOf(1))).toMatchObject({ status: "in_progress", reason: null, publisher_id: null });
  });

  it("finds a lead by the buyer's own reference id, a ping's or the sold post's, with the other filters", async () => {
    expect((await allPages({ buyer_ref: "BR-777" })).rows.map((r) => r.id)).toEqual([idOf(9)]);
    expect((await allPages({ buyer_ref: "BR-PING-9" })).rows.map((r) => r.id)).toEqual([idOf(9)]);
    expect((await allPages({ buyer_ref: "BR-777", source: "google" })).rows).toEqual([]);
    expect((await allPages({ buyer_ref: "BR-unknown" })).total).toBe(0);
  });

  it("lists the buyers and the sources the filters can take", async () => {
    const res = await get("/api/console/leads/filters", {});
    expect(res.statusCode).toBe(200);
    expect(res.json().data.buyers).toContainEqual({ id: "buyer-a", name: "Alpha Lending" });
    expect(res.json().data.sources).toEqual(expect.arrayContaining(["bing", "google"]));
    expect((await get("/api/console/leads/filters", {}, analyst)).statusCode).toBe(403);
    // Once the day is rolled up (its mark long past it), the sources come from the rollup's blocks alone.
    await rebuildTodayRollup(t.database.db, new Date(), null);
    const rolled = await get("/api/console/leads/filters", {});
    expect(rolled.json().data.sources).toEqual(res.json().data.sources);
  });

  it("exports every matching row as CSV over more than one batch, escaped and with formulas defused", async () => {
    const query = { from: DAY, to: DAY };
    const res = await get("/api/console/leads/export", query);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(res.headers["content-disposition"]).toMatch(/^attachment; filename="leads-\d{4}-\d{2}-\d{2}\.csv"$/);
    const [header, ...lines] = parseCsv(res.body);
    expect(header).toEqual([...LEAD_CSV_COLUMNS]);
    expect(lines.length).toBeGreaterThan(EXPORT_BATCH);
    const column = (name: (typeof LEAD_CSV_COLUMNS)[number]) => LEAD_CSV_COLUMNS.indexOf(name);
    // The same rows, in the same order and with the same values, as the search's pages.
    const { rows } = await allPages(query);
    const asText = (v: unknown) => (v === null ? "" : String(v));
    const shown = (v: unknown) => (String(v).startsWith("=") ? `'${String(v)}` : asText(v));
    expect(lines).toEqual(rows.map((r) => LEAD_CSV_COLUMNS.map((c) => shown(r[c]))));
    const reasonOf = (i: number) => lines.find((l) => l[column("id")] === idOf(i))![column("reason")];
    expect(reasonOf(10)).toBe(WEIRD_REASON);
    expect(reasonOf(5)).toBe(`'${FORMULA_REASON}`);

    const sold = parseCsv(
      (await get("/api/console/leads/export", { ...query, buyer: "buyer-a", source: "google" })).body,
    );
    expect(sold.slice(1).map((l) => l[column("id")])).toEqual(expected((i) => i % 3 === 0 && i % 2 === 0));
  });

  it("gives a manager's and compliance's exports no personal data, refuses an analyst, and audits each export", async () => {
    for (const user of [manager, compliance, owner]) {
      const res = await get("/api/console/leads/export", { q: idOf(9) }, user);
      expect(res.statusCode).toBe(200);
      const [, ...lines] = parseCsv(res.body);
      expect(lines.map((l) => l[0])).toEqual([idOf(9)]);
      for (const plain of Object.values(PERSON)) expect(res.body).not.toContain(plain);
    }
    expect((await get("/api/console/leads/export", {}, analyst)).statusCode).toBe(403);
    // A search by e-mail is audited as one, without the address.
    expect((await get("/api/console/leads/export", { q: PERSON.email })).statusCode).toBe(200);
    const bad = await get("/api/console/leads/export", { q: "Patricia" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors)).toEqual(["q"]);

    const audits = await t.database.db.select().from(auditLog).where(eq(auditLog.action, "leads.export"));
    const mine = audits.filter((a) => a.operatorId === manager.id && a.details.q_given === true);
    expect(mine).toHaveLength(2);
    expect(mine.map((a) => a.details.filters)).toEqual([{}, {}]);
    expect(audits.map((a) => a.operatorId)).toEqual(expect.arrayContaining([compliance.id, owner.id]));
    expect(JSON.stringify(audits)).not.toContain(PERSON.email);
  });
});
