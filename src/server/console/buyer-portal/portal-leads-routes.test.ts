import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import {
  ABA,
  ACCOUNT,
  addBuyers,
  heldElsewhere,
  lenderConfig,
  saveLead,
} from "../../distribution/auction/auction.testing.ts";
import { auctions, auditLog, buyerCalls, leadReturns, leads, sensitiveReads } from "../../platform/db/schema.ts";
import { NOT_YOURS } from "../../partners/returns/return-store.ts";
import { eraseLeads } from "../../workflows/privacy/erase-leads.ts";
import { NOT_ALLOWED } from "../access/console-access.ts";
import { LEAD_ERASED } from "./portal-leads-view.ts";

// The buyer portal's leads (docs/product/buyer-money.md#the-buyer-portal): a buyer user sees the leads sold to its
// buyer and no other, and a lead's personal data as its post carried it, each view audited and logged as a sensitive
// read before it is answered.

const DAY = 86_400_000;
const SSN = "712345678";

describe("the buyer portal's leads", () => {
  let t: TestApp;
  let acmeUser: ConsoleUser;
  let bulkUser: ConsoleUser;
  const at = (daysAgo: number, hour = 12) => {
    const d = new Date(Date.now() - daysAgo * DAY);
    d.setUTCHours(hour, 0, 0, 0);
    return d;
  };

  /** A lead with every answer, sold to `buyerId`: by a decided auction and its accepted post, or by the post alone. */
  async function sell(
    buyerId: string,
    soldAt: Date,
    o: { state?: string; priceCents?: number; postOnly?: boolean } = {},
  ) {
    const lead = await saveLead(t, { state: o.state ?? "NY", loan_amount: 1500, ssn: SSN });
    const priceCents = o.priceCents ?? 4000;
    const db = t.database.db;
    await db.insert(auctions).values({
      leadId: lead.id,
      // A post accepted whose auction a run never decided (it died between): pending, leased elsewhere.
      ...(o.postOnly
        ? { status: "pending", leaseOwner: "elsewhere", leaseUntil: heldElsewhere() }
        : { status: "accepted", buyerId, priceCents, decidedAt: soldAt }),
      attribution: { utm_source: "google" },
      deadlineAt: soldAt,
      createdAt: soldAt,
    });
    await db.insert(buyerCalls).values({
      leadId: lead.id,
      buyerId,
      kind: "post",
      state: "accepted",
      priceCents,
      createdAt: soldAt,
      finishedAt: soldAt,
    });
    return lead.id;
  }

  let ny: string;
  let ohio: string;
  let pendingSale: string;
  let betas: string;
  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_BASE_URL: "https://loanpath.example" });
    // acme: a licensed lender (NY, CA, TX, FL) whose post carries the lead id, name, e-mail, SSN, bank and consent.
    await addBuyers(
      t.database.db,
      lenderConfig("acme", { url: "https://acme.example" }),
      lenderConfig("beta", { url: "https://beta.example" }),
      lenderConfig("bulk", { url: "https://bulk.example" }),
    );
    ny = await sell("acme", at(3), { priceCents: 5200 });
    ohio = await sell("acme", at(2), { state: "OH", priceCents: 3100 });
    pendingSale = await sell("acme", at(1), { postOnly: true, priceCents: 2700 });
    betas = await sell("beta", at(1, 13));
    acmeUser = await signInAs(t, "buyer", undefined, "acme");
    bulkUser = await signInAs(t, "buyer", undefined, "bulk");
  });
  afterAll(() => t.app.close());

  const get = (user: ConsoleUser, url: string) => t.app.inject({ method: "GET", url, headers: user.read });
  const audited = async (leadId: string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "portal.lead_view"), eq(auditLog.target, leadId)));
  const readsOf = async (leadId: string) =>
    t.database.db
      .select()
      .from(sensitiveReads)
      .where(and(eq(sensitiveReads.leadId, leadId), eq(sensitiveReads.purpose, "buyer portal view")));

  it("lists the leads sold to the buyer only, newest first, naming no one", async () => {
    await t.database.db.insert(leadReturns).values({
      id: "ret_portal_list",
      leadId: ohio,
      buyerId: "acme",
      reason: "disconnected",
      source: "api",
      requestedAt: new Date(),
    });
    const res = await get(acmeUser, "/api/console/portal/leads");
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data).toMatchObject({ page: 1, page_size: 50, total: 3 });
    expect(data.leads).toEqual([
      {
        lead_id: pendingSale,
        sold_at: at(1).toISOString(),
        price_cents: 2700,
        state: "NY",
        loan_amount: 1500,
        test: false,
        return_state: null,
      },
      {
        lead_id: ohio,
        sold_at: at(2).toISOString(),
        price_cents: 3100,
        state: "OH",
        loan_amount: 1500,
        test: false,
        return_state: "pending",
      },
      {
        lead_id: ny,
        sold_at: at(3).toISOString(),
        price_cents: 5200,
        state: "NY",
        loan_amount: 1500,
        test: false,
        return_state: null,
      },
    ]);
    expect(res.body).not.toContain(betas);
    for (const personal of ["Anabel", "Quintero", "example.com", SSN, ACCOUNT])
      expect(res.body).not.toContain(personal);
    // The period's bounds are days (UTC), both included.
    const day = at(2).toISOString().slice(0, 10);
    const one = (await get(acmeUser, `/api/console/portal/leads?from=${day}&to=${day}`)).json().data;
    expect(one.leads.map((l: { lead_id: string }) => l.lead_id)).toEqual([ohio]);
    expect(one.total).toBe(1);
    expect((await get(acmeUser, "/api/console/portal/leads?from=yesterday")).statusCode).toBe(400);
  });

  it("pages through many sales, each once", async () => {
    const db = t.database.db;
    const ids = Array.from({ length: 52 }, (_, i) => `ld_bulk_${String(i).padStart(3, "0")}`);
    await db.insert(leads).values(ids.map((id) => ({ id, accessTokenHash: "x", state: "TX", loan_amount: 800 })));
    await db.insert(auctions).values(
      ids.map((id, i) => {
        const soldAt = new Date(Date.now() - (i + 1) * 60_000);
        return {
          leadId: id,
          status: "accepted",
          buyerId: "bulk",
          priceCents: 1000 + i,
          deadlineAt: soldAt,
          decidedAt: soldAt,
        };
      }),
    );
    const first = (await get(bulkUser, "/api/console/portal/leads")).json().data;
    const second = (await get(bulkUser, "/api/console/portal/leads?page=2")).json().data;
    expect(first.total).toBe(52);
    expect(second).toMatchObject({ page: 2, total: 52 });
    const seen = [...first.leads, ...second.leads].map((l: { lead_id: string }) => l.lead_id);
    expect(first.leads).toHaveLength(50);
    expect(seen).toEqual(ids);
    const third = (await get(bulkUser, "/api/console/portal/leads?page=3")).json().data;
    expect(third.leads).toEqual([]);
  });

  it("shows a lead's bought data as its post carried it, writing one audit entry and one sensitive read", async () => {
    const res = await get(acmeUser, `/api/console/portal/leads/${ny}`);
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.lead).toMatchObject({ lead_id: ny, price_cents: 5200, state: "NY" });
    expect(data.fields.map((f: { field: string }) => f.field)).toEqual([
      "lead_id",
      "first_name",
      "email",
      "ssn",
      "bank_account_number",
      "bank_aba",
      "consent_text_hash",
      "consent_certificate_url",
    ]);
    const value = (field: string) => data.fields.find((f: { field: string }) => f.field === field)?.value;
    expect(value("lead_id")).toBe(ny);
    expect(value("first_name")).toBe("Anabel");
    expect(value("ssn")).toBe(SSN);
    expect(value("bank_account_number")).toBe(ACCOUNT);
    expect(value("bank_aba")).toBe(ABA);
    expect(value("consent_text_hash")).toBe("f".repeat(64));
    expect(value("consent_certificate_url")).toMatch(/^https:\/\/loanpath\.example\/consent\/certificate\/\S+$/);
    // Nothing the mapping does not send, though the lead holds it (the last name, the birth date, the licence).
    expect(res.body).not.toContain("Quintero");
    expect(res.body).not.toContain("1990-05-17");

    const entries = await audited(ny);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ operatorId: acmeUser.id, target: ny });
    expect(entries[0]!.details).toEqual({
      buyer_id: "acme",
      fields: data.fields.map((f: { field: string }) => f.field),
    });
    expect(JSON.stringify(entries[0])).not.toContain(SSN);
    const reads = await readsOf(ny);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ recipient: "acme", fields: ["bank_aba", "bank_account_number", "ssn"] });

    // Each view is one more of each.
    expect((await get(acmeUser, `/api/console/portal/leads/${ny}`)).statusCode).toBe(200);
    expect(await audited(ny)).toHaveLength(2);
    expect(await readsOf(ny)).toHaveLength(2);
  });

  it("keeps the full application from a lender not licensed in the applicant's state, as the post did", async () => {
    const res = await get(acmeUser, `/api/console/portal/leads/${ohio}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.fields.map((f: { field: string }) => f.field)).toEqual([
      "lead_id",
      "first_name",
      "email",
      "consent_text_hash",
      "consent_certificate_url",
    ]);
    expect(res.body).not.toContain(SSN);
    // Audited; no sensitive answer was shown, so no sensitive read.
    expect(await audited(ohio)).toHaveLength(1);
    expect(await readsOf(ohio)).toHaveLength(0);
    // A sale known by its post alone opens too.
    expect((await get(acmeUser, `/api/console/portal/leads/${pendingSale}`)).statusCode).toBe(200);
  });

  it("answers another buyer's lead and an unknown id alike, 404, and records nothing", async () => {
    const before = (await t.database.db.select({ n: count() }).from(auditLog))[0]!.n;
    for (const id of [betas, "ld_never_was"]) {
      const res = await get(acmeUser, `/api/console/portal/leads/${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: NOT_YOURS });
    }
    expect((await t.database.db.select({ n: count() }).from(auditLog))[0]!.n).toBe(before);
    expect(await readsOf(betas)).toHaveLength(0);
  });

  it("answers an erased lead 410 with nothing of it, though the list still has the sale", async () => {
    const erased = await sell("acme", at(4));
    await t.database.db.transaction((tx) => eraseLeads(tx, [erased], { status: "erased", keepConsentEvidence: false }));
    const res = await get(acmeUser, `/api/console/portal/leads/${erased}`);
    expect(res.statusCode).toBe(410);
    expect(res.json()).toEqual({ status: 410, message: LEAD_ERASED });
    expect(await audited(erased)).toHaveLength(0);
    expect(await readsOf(erased)).toHaveLength(0);
    const list = (await get(acmeUser, "/api/console/portal/leads")).json().data;
    expect(list.leads.map((l: { lead_id: string }) => l.lead_id)).toContain(erased);
  });

  it("answers 403 to an owner, who is bound to no buyer", async () => {
    const owner = await signInAs(t, "owner");
    for (const url of ["/api/console/portal/leads", `/api/console/portal/leads/${ny}`]) {
      const res = await get(owner, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(NOT_ALLOWED);
    }
    expect(await audited(ny)).toHaveLength(2);
  });
});
