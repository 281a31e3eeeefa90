import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createLead } from "../../../../tests/helpers/lead-client.ts";
import type { TestApp } from "../../../../tests/helpers/test-app.ts";
import { LEAD_QUERY_MESSAGE, REVEAL_REASON_MESSAGE } from "#domain/contracts/console-leads.ts";
import { NONE } from "#domain/contracts/console-reports.ts";
import { auctions, auditLog, leadQuality, leadSearchHashes, leads, sensitiveReads } from "../../platform/db/schema.ts";
import {
  ABA,
  ACCOUNT,
  accept,
  addBuyers,
  auctionApp,
  bid,
  decided,
  heldElsewhere,
  lenderConfig,
  saveLead,
  sendLead,
  startFakeBuyer,
  type FakeBuyer,
} from "../../distribution/auction/auction.testing.ts";

type Row = { id: string; status: string; buyer: string | null; source: string | null };

describe("the console's leads", () => {
  let t: TestApp;
  let manager: ConsoleUser;
  let analyst: ConsoleUser;
  let compliance: ConsoleUser;
  const buyers: FakeBuyer[] = [];
  beforeAll(async () => {
    t = await auctionApp();
    manager = await signInAs(t, "manager");
    analyst = await signInAs(t, "analyst");
    compliance = await signInAs(t, "compliance");
  });
  afterAll(async () => {
    await t.app.close();
    await Promise.all(buyers.map((b) => b.close()));
  });

  const search = async (query: Record<string, string>, user = manager) => {
    const res = await t.app.inject({
      method: "GET",
      url: `/api/console/leads?${new URLSearchParams(query).toString()}`,
      headers: user.read,
    });
    return { res, rows: (res.json().data?.leads ?? []) as Row[], next: res.json().data?.next_cursor as string | null };
  };
  const idsOf = async (query: Record<string, string>) => (await search(query)).rows.map((r) => r.id);
  const timeline = (id: string, user = manager) =>
    t.app.inject({ method: "GET", url: `/api/console/leads/${id}`, headers: user.read });
  const reveal = (id: string, payload: Record<string, unknown>, user = compliance) =>
    t.app.inject({ method: "POST", url: `/api/console/leads/${id}/reveal`, headers: user.write, payload });

  it("finds a lead by id, e-mail or phone only through its keyed hashes, and by its e-mail of now only", async () => {
    const created = await createLead(t.app, { email: "Marisol.Vega@Example.com" });
    expect(created.res.statusCode).toBe(200);
    const lead = { id: created.id, cookie: created.cookie };
    const phone = await t.app.inject({
      method: "PUT",
      url: "/api/personal_loan/lead/v2",
      headers: { cookie: lead.cookie },
      payload: { lead_id: lead.id, cell_phone: "2125557311" },
    });
    expect(phone.statusCode).toBe(200);

    expect(await idsOf({ q: lead.id })).toEqual([lead.id]);
    expect(await idsOf({ q: "  marisol.vega@example.COM " })).toEqual([lead.id]);
    expect(await idsOf({ q: "+1 (212) 555-7311" })).toEqual([lead.id]);

    // The e-mail changes: the new one finds the lead, the old one no more.
    const changed = await t.app.inject({
      method: "PUT",
      url: "/api/personal_loan/lead/v2",
      headers: { cookie: lead.cookie },
      payload: { lead_id: lead.id, email: "marisol.new@example.com" },
    });
    expect(changed.statusCode).toBe(200);
    expect(await idsOf({ q: "marisol.new@example.com" })).toEqual([lead.id]);
    expect(await idsOf({ q: "marisol.vega@example.com" })).toEqual([]);

    // Without its hashes the lead is not found by e-mail or phone, though both sit in its row in plain text:
    // the search never reads them.
    await t.database.db.delete(leadSearchHashes).where(eq(leadSearchHashes.leadId, lead.id));
    expect(await idsOf({ q: "marisol.new@example.com" })).toEqual([]);
    expect(await idsOf({ q: "2125557311" })).toEqual([]);

    const bad = await search({ q: "Marisol" });
    expect(bad.res.statusCode).toBe(400);
    expect(bad.res.json().errors).toEqual({ q: LEAD_QUERY_MESSAGE });
  });

  it("filters by creation date, status, buyer and source, newest first, a page at a time", async () => {
    const day = "2021-03-04";
    const made: string[] = [];
    for (let i = 0; i < 5; i++) {
      const lead = await saveLead(t);
      made.push(lead.id);
      // All in one second of a day no other test uses, so the page keys tie on nothing but the time's fraction.
      await t.database.db
        .update(leads)
        .set({ created_at: sql`${`${day}T10:00:00Z`}::timestamptz + ${`${i * 1001} microseconds`}::interval` })
        .where(eq(leads.id, lead.id));
    }
    const auction = (leadId: string, status: string, buyerId: string | null, attribution: Record<string, string>) =>
      t.database.db.insert(auctions).values({
        leadId,
        status,
        buyerId,
        priceCents: buyerId ? 4200 : null,
        attribution,
        deadlineAt: new Date(),
        leaseUntil: status === "pending" ? heldElsewhere() : null,
      });
    await auction(made[0]!, "accepted", "lender-q", { utm_source: "google" });
    // A submission without a utm_source keeps the one the lead was created with.
    await t.database.db.update(leads).set({ utm_source: "bing" }).where(eq(leads.id, made[1]!));
    await auction(made[1]!, "rejected", null, { aff_id: "aff-9" });
    await auction(made[2]!, "pending", null, { utm_source: "google" });

    const newestFirst = [...made].reverse();
    expect(await idsOf({ from: day, to: day })).toEqual(newestFirst);
    expect(await idsOf({ from: "2021-03-05" })).not.toContain(made[0]);
    expect(await idsOf({ to: "2021-03-03" })).not.toContain(made[0]);
    expect(await idsOf({ from: day, to: day, status: "in_progress" })).toEqual([made[4], made[3]]);
    expect(await idsOf({ from: day, to: day, status: "completed" })).toEqual([made[2], made[1], made[0]]);
    expect(await idsOf({ from: day, to: day, status: "sold" })).toEqual([made[0]]);
    expect(await idsOf({ from: day, to: day, status: "rejected" })).toEqual([made[1]]);
    expect(await idsOf({ from: day, to: day, buyer: "lender-q" })).toEqual([made[0]]);
    expect(await idsOf({ from: day, to: day, source: "google" })).toEqual([made[2], made[0]]);
    expect(await idsOf({ from: day, to: day, aff_id: "aff-9" })).toEqual([made[1]]);
    // The source with a status or a buyer reads the auction's source column: the same answers as the definition.
    expect(await idsOf({ status: "sold", source: "google" })).toEqual([made[0]]);
    expect(await idsOf({ from: day, status: "completed", source: "google" })).toEqual([made[2], made[0]]);
    expect(await idsOf({ from: day, status: "rejected", source: "bing" })).toEqual([made[1]]);
    expect(await idsOf({ from: day, source: "bing" })).toEqual([made[1]]);
    expect(await idsOf({ from: day, to: day, status: "completed", source: NONE })).toEqual([]);
    expect(await idsOf({ from: day, to: day, source: NONE })).toEqual([made[4], made[3]]);
    expect(await idsOf({ from: day, buyer: "lender-q", source: "google" })).toEqual([made[0]]);
    expect(await idsOf({ from: day, buyer: "lender-q" })).toEqual([made[0]]);
    expect(await idsOf({ from: "2021-03-05", buyer: "lender-q" })).toEqual([]);
    // A changed attribution (as an erasure rewrites it) changes the column with it.
    await t.database.db
      .update(auctions)
      .set({ attribution: { utm_source: "bing" } })
      .where(eq(auctions.leadId, made[2]!));
    expect(await idsOf({ from: day, status: "completed", source: "bing" })).toEqual([made[2], made[1]]);
    expect(await idsOf({ from: day, status: "completed", source: "google" })).toEqual([made[0]]);

    const sold = (await search({ q: made[0]! })).rows[0];
    expect(sold).toEqual({
      id: made[0],
      created_at: "2021-03-04T10:00:00.000Z",
      status: "sold",
      amount: 1000,
      state: "NY",
      buyer: "lender-q",
      price_cents: 4200,
      source: "google",
      reason: null,
      publisher_id: null,
      publisher_name: null,
      buyer_ref: null,
    });

    const pages: string[][] = [];
    let cursor: string | null = null;
    do {
      const page: Awaited<ReturnType<typeof search>> = await search({
        from: day,
        to: day,
        limit: "2",
        ...(cursor ? { cursor } : {}),
      });
      expect(page.res.statusCode).toBe(200);
      pages.push(page.rows.map((r) => r.id));
      cursor = page.next;
    } while (cursor);
    expect(pages).toEqual([newestFirst.slice(0, 2), newestFirst.slice(2, 4), newestFirst.slice(4)]);

    const forged = await search({ cursor: "not-a-cursor" });
    expect(forged.res.statusCode).toBe(400);
    expect(Object.keys(forged.res.json().errors)).toEqual(["cursor"]);
  });

  it("gives a manager the masked timeline and no reveal; an analyst neither", async () => {
    const lead = await saveLead(t, {
      email: "theo.marsh@example.com",
      first_name: "Theodora",
      cell_phone: "6465550142",
    });
    const res = await timeline(lead.id);
    expect(res.statusCode).toBe(200);
    const { lead: shown, events } = res.json().data;
    expect(shown.fields).toMatchObject({
      email: "t•••@example.com",
      first_name: "T•••",
      cell_phone: "•••-•••-0142",
      ssn: expect.stringMatching(/^\*\*\*-\*\*-\d{4}$/),
      loan_amount: 1000,
      state: "NY",
    });
    expect(events.map((e: { kind: string }) => e.kind)).toEqual(["step", "consent"]);
    expect(events[0].fields).toContain("email");
    expect(events[0].values.email).toBe("t•••@example.com");
    expect(events[1].certificate_url).toMatch(/\/consent\/certificate\/[^/]+$/);
    for (const plain of ["theo.marsh@example.com", "Theodora", "6465550142"]) expect(res.body).not.toContain(plain);

    const refused = await reveal(lead.id, { reason: "Checking a complaint from the person" }, manager);
    expect(refused.statusCode).toBe(403);
    expect((await reveal(lead.id, { reason: "Checking a complaint from the person" }, analyst)).statusCode).toBe(403);
    expect((await timeline(lead.id, analyst)).statusCode).toBe(403);
    expect((await search({ q: lead.id }, analyst)).res.statusCode).toBe(403);
  });

  it("shows the gate's record as an event at its time: each answer, the refusal and the gate's time", async () => {
    const lead = await saveLead(t);
    const checkedAt = new Date("2026-12-08T09:30:00.250Z");
    await t.database.db.insert(leadQuality).values({
      leadId: lead.id,
      // Written out of order, and without the checks that did not run: the timeline names them in CHECK_NAMES order.
      checks: {
        litigator: {
          answer: "listed",
          source: "litigator_scrub",
          at: "2026-12-08T09:30:00.200Z",
          detail: "known plaintiff, 9175550123",
        },
        phone_number: { answer: "valid", source: "offline", at: "2026-12-08T09:30:00.010Z" },
        email_mx: { answer: "unknown", source: "dns", at: "2026-12-08T09:30:00.240Z", detail: "timeout" },
      },
      refusedReason: "litigator",
      ms: 238,
      checkedAt,
    });

    const res = await timeline(lead.id);
    expect(res.statusCode).toBe(200);
    const quality = (res.json().data.events as { kind: string }[]).filter((e) => e.kind === "quality");
    expect(quality).toEqual([
      {
        kind: "quality",
        at: checkedAt.toISOString(),
        checks: [
          { check: "phone_number", answer: "valid", source: "offline", at: "2026-12-08T09:30:00.010Z", detail: null },
          { check: "email_mx", answer: "unknown", source: "dns", at: "2026-12-08T09:30:00.240Z", detail: "timeout" },
          {
            check: "litigator",
            answer: "listed",
            source: "litigator_scrub",
            at: "2026-12-08T09:30:00.200Z",
            // A service's own words may quote a number: taken out, as a buyer's reason is.
            detail: "known plaintiff, [number]",
          },
        ],
        refused_reason: "litigator",
        ms: 238,
      },
    ]);
    expect(res.body).not.toContain("9175550123");

    // A lead the gate never saw (never sent, or sent before the gate) has no such event.
    const unseen = await saveLead(t);
    const plain = (await timeline(unseen.id)).json().data.events as { kind: string }[];
    expect(plain.map((e) => e.kind)).toEqual(["step", "consent"]);
  });

  it("reveals to compliance with a reason only, and the audit log and sensitive reads keep who, what and why", async () => {
    const lead = await saveLead(t, { email: "ines.albar@example.com", ssn: "612345678" });
    const noReason = await reveal(lead.id, {});
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().errors).toEqual({ reason: REVEAL_REASON_MESSAGE });
    expect((await reveal(lead.id, { reason: "because" })).json().errors).toEqual({ reason: REVEAL_REASON_MESSAGE });
    expect((await reveal(lead.id, { reason: "Person asked by phone", fields: ["state"] })).statusCode).toBe(400);

    const reason = "Person asked by phone what we hold (ticket 4411)";
    const res = await reveal(lead.id, { reason, fields: ["email", "ssn", "bank_account_number"] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.fields).toEqual({
      email: "ines.albar@example.com",
      ssn: "612345678",
      bank_account_number: ACCOUNT,
    });
    const everything = await reveal(lead.id, { reason });
    expect(everything.json().data.fields).toMatchObject({ bank_aba: ABA, email: "ines.albar@example.com" });

    const audits = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "lead.reveal"), eq(auditLog.target, lead.id)));
    expect(audits).toHaveLength(2);
    expect(audits[0]).toMatchObject({
      operatorId: compliance.id,
      operatorEmail: compliance.email,
      reason,
      details: { fields: ["email", "ssn", "bank_account_number"] },
    });
    const reads = await t.database.db.select().from(sensitiveReads).where(eq(sensitiveReads.leadId, lead.id));
    expect(reads.map((r) => [r.purpose, r.recipient, r.fields])).toContainEqual([
      "console reveal",
      compliance.email,
      ["bank_account_number", "ssn"],
    ]);
    expect(JSON.stringify(audits) + JSON.stringify(reads)).not.toContain("612345678");
  });

  it("shows every ping and post of a real auction, the decision and the redirect, with no plain personal data", async () => {
    const lender = await startFakeBuyer({ ping: () => bid(61), post: () => accept("https://lender.example/offer") });
    buyers.push(lender);
    await addBuyers(t.database.db, lenderConfig("lender-tl", lender));
    const person = { email: "quentin.ashby@example.com", cell_phone: "9175550199", ssn: "623456789" };
    const lead = await saveLead(t, person);
    expect((await sendLead(t.app, lead)).statusCode).toBe(200);
    expect((await decided(t.database.db, lead.id)).status).toBe("accepted");
    const redirected = await t.app.inject({
      method: "POST",
      url: "/api/personal_loan/lead/redirected/v2",
      headers: { cookie: lead.cookie },
      payload: { lead_id: lead.id },
    });
    expect(redirected.statusCode).toBe(200);

    const res = await timeline(lead.id);
    expect(res.statusCode).toBe(200);
    const events = res.json().data.events as { kind: string; buyer?: string; state?: string; at: string }[];
    const kinds = events.map((e) => e.kind);
    expect(kinds.slice(0, 3)).toEqual(["step", "consent", "submission"]);
    expect(events.filter((e) => e.buyer === "lender-tl" && e.kind !== "decision" && e.kind !== "redirect")).toEqual([
      expect.objectContaining({ kind: "ping", state: "bid", price_cents: 6100, http_status: 200 }),
      expect.objectContaining({ kind: "post", state: "accepted", http_status: 200 }),
    ]);
    expect(kinds.indexOf("decision")).toBeGreaterThan(kinds.indexOf("post"));
    expect(kinds.at(-1)).toBe("redirect");
    // The gate checked it once, after it was sent and before any buyer heard of it.
    expect(kinds.filter((k) => k === "quality")).toHaveLength(1);
    expect(kinds.indexOf("quality")).toBeGreaterThan(kinds.indexOf("submission"));
    expect(kinds.indexOf("quality")).toBeLessThan(kinds.indexOf("ping"));
    expect(events.find((e) => e.kind === "quality")).toMatchObject({
      refused_reason: null,
      checks: expect.arrayContaining([expect.objectContaining({ check: "phone_number", source: "offline" })]),
    });
    expect(events.map((e) => e.at)).toEqual(events.map((e) => e.at).sort());
    expect(res.json().data.lead.status).toBe("sold");
    // The post did carry them in clear: the timeline shows what was stored, masked.
    expect(lender.bodies.find((b) => b.path === "/post")?.body).toContain(person.ssn);
    for (const plain of [person.email, person.cell_phone, person.ssn, ACCOUNT, ABA]) {
      expect(res.body).not.toContain(plain);
    }
    expect(await idsOf({ q: person.email, status: "sold", buyer: "lender-tl" })).toEqual([lead.id]);
  });

  it("opens with every buyer's outcome, the highest bidder at its cap included, and bodies as the buyer saw them", async () => {
    const capped = await startFakeBuyer({ ping: () => bid(63.45), post: () => accept() });
    const runner = await startFakeBuyer({ ping: () => bid(62), post: () => accept("https://runner.example/o") });
    buyers.push(capped, runner);
    await addBuyers(
      t.database.db,
      lenderConfig("capped-top", capped, { caps: { daily: 0 } }),
      lenderConfig("runner-up", runner),
      lenderConfig("ca-only", runner, { licensedStates: ["CA"] }),
    );
    const lead = await saveLead(t, { email: "ola.brandt@example.com" });
    expect((await sendLead(t.app, lead)).statusCode).toBe(200);
    expect(await decided(t.database.db, lead.id)).toMatchObject({ status: "accepted", buyerId: "runner-up" });

    const res = await timeline(lead.id);
    expect(res.statusCode).toBe(200);
    const { outcomes, events } = res.json().data as {
      outcomes: { buyer: string; outcome: string; detail: string | null; offered_cents: number | null }[];
      events: { kind: string; buyer?: string; request?: unknown }[];
    };
    const of = (buyer: string) => outcomes.find((o) => o.buyer === buyer);
    expect(of("runner-up")).toMatchObject({ outcome: "post_accepted", paid_cents: 6200, offered_cents: 6200 });
    expect(of("capped-top")).toMatchObject({ outcome: "cap_full", detail: "daily", offered_cents: 6345 });
    expect(of("ca-only")).toMatchObject({ outcome: "not_licensed", detail: "NY", offered_cents: null });
    // The one that paid first, then by the price offered.
    expect(outcomes.slice(0, 2).map((o) => o.buyer)).toEqual(["runner-up", "capped-top"]);
    expect(capped.bodies.filter((b) => b.path === "/post")).toHaveLength(0);
    // A request is the body as sent: a JSON text of its own, not one wrapped in another.
    const post = events.find((e) => e.kind === "post" && e.buyer === "runner-up");
    expect(JSON.parse(post!.request as string)).toMatchObject({ first_name: "[masked]", email: "[masked]" });
    expect(res.body).not.toContain("ola.brandt@example.com");
  });
});
