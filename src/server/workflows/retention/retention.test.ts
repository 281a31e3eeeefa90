import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLead, putStep, stepBodies } from "#tests/helpers/lead-client.ts";
import { createTestApp, type TestApp } from "#tests/helpers/test-app.ts";
import { clientLogs, consentRecords, leads, stepEvents } from "../../platform/db/schema.ts";
import { IDENTIFYING_COLUMNS } from "../privacy/erase-leads.ts";
import { purgeExpired } from "./retention.ts";
import { isSuppressed } from "../../compliance/suppression.ts";

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.app.close();
});

const NOW = new Date("2026-11-25T12:00:00Z");
const monthsAgo = (months: number, days = 0) => {
  const at = new Date(NOW);
  at.setUTCMonth(at.getUTCMonth() - months);
  at.setUTCDate(at.getUTCDate() - days);
  return at;
};

/** A lead with a name, phone, SSN and bank account, last used at `lastUsed`. */
async function leadLastUsed(lastUsed: Date, email: string) {
  const lead = await createLead(t.app, { email, first_name: "Ana", last_name: "Rivera" });
  const bodies = stepBodies();
  for (const step of [2, 21, 25]) expect((await putStep(t.app, lead, step, bodies[step]!)).statusCode).toBe(200);
  await t.database.db.update(leads).set({ updated_at: lastUsed }).where(eq(leads.id, lead.id));
  return lead.id;
}

const rowOf = async (id: string) =>
  (await t.database.db.select().from(leads).where(eq(leads.id, id)))[0] as Record<string, unknown>;
const countWhere = async (table: typeof stepEvents | typeof consentRecords, id: string) =>
  (await t.database.db.select().from(table).where(eq(table.leadId, id))).length;

describe("retention purge", () => {
  it("erases who the person is from leads unused past the window, and nothing else", async () => {
    const old = await leadLastUsed(monthsAgo(24, 1), "old@example.com");
    const recent = await leadLastUsed(monthsAgo(23, 27), "recent@example.com");
    const recentBefore = await rowOf(recent);
    const oldConsents = await countWhere(consentRecords, old);

    const report = await purgeExpired(t.database.db, {
      now: NOW,
      retentionMonths: 24,
      tokenSecret: t.secrets.tokenSecret,
    });
    expect(report.leads).toBe(1);

    const purged = await rowOf(old);
    for (const column of IDENTIFYING_COLUMNS) expect(purged[column], column).toBeNull();
    for (const column of ["email", "first_name", "cell_phone", "ssn_encrypted", "ssn_last4", "user_ip"])
      expect(IDENTIFYING_COLUMNS).toContain(column);
    // The figures stay: what was asked for, where, and the answers that identify no one.
    expect(purged).toMatchObject({
      status: "purged",
      loan_amount: 500,
      state: "NY",
      loan_reason: "DEBT_CONSOLIDATION",
    });
    expect(await countWhere(stepEvents, old)).toBe(0);
    // Consent evidence stays its 5 years, after the rest is gone.
    expect(await countWhere(consentRecords, old)).toBe(oldConsents);
    expect(oldConsents).toBeGreaterThan(0);

    // The lead still in its window is untouched, to the column.
    expect(await rowOf(recent)).toEqual(recentBefore);
    expect(await countWhere(stepEvents, recent)).toBeGreaterThan(0);

    // Running again finds nothing more.
    expect(
      await purgeExpired(t.database.db, { now: NOW, retentionMonths: 24, tokenSecret: t.secrets.tokenSecret }),
    ).toMatchObject({ leads: 0 });
  });

  it("takes a shorter window when configured, never a longer one than 24 months", async () => {
    const id = await leadLastUsed(monthsAgo(13), "year@example.com");
    expect(
      (await purgeExpired(t.database.db, { now: NOW, retentionMonths: 36, tokenSecret: t.secrets.tokenSecret })).leads,
    ).toBe(0);
    expect(
      (await purgeExpired(t.database.db, { now: NOW, retentionMonths: 12, tokenSecret: t.secrets.tokenSecret })).leads,
    ).toBe(1);
    expect((await rowOf(id)).email).toBeNull();
  });

  it("deletes consent evidence 5 years after the consent, and client log events after 90 days", async () => {
    const id = await leadLastUsed(NOW, "consent@example.com");
    const [first] = await t.database.db.select().from(consentRecords).where(eq(consentRecords.leadId, id));
    await t.database.db
      .update(consentRecords)
      .set({ createdAt: monthsAgo(60, 1) })
      .where(eq(consentRecords.id, first!.id));
    await t.database.db.insert(clientLogs).values([
      { level: "info", event: "old", createdAt: monthsAgo(3, 1) },
      { level: "info", event: "new", createdAt: monthsAgo(2) },
    ]);
    const before = await countWhere(consentRecords, id);
    const report = await purgeExpired(t.database.db, {
      now: NOW,
      retentionMonths: 24,
      tokenSecret: t.secrets.tokenSecret,
    });
    expect(report).toMatchObject({ leads: 0, consentRecords: 1, clientLogs: 1 });
    expect(await countWhere(consentRecords, id)).toBe(before - 1);
    const events = (await t.database.db.select().from(clientLogs)).map((row) => row.event);
    expect(events).toEqual(["new"]);
  });
  it("keeps a purged lead's Global Privacy Control request: its e-mail and phones stay suppressed", async () => {
    const lead = await createLead(
      t.app,
      { email: "Private.Gpc@example.com", cell_phone: "3127364188" },
      { "sec-gpc": "1" },
    );
    await t.database.db
      .update(leads)
      .set({ updated_at: monthsAgo(25) })
      .where(eq(leads.id, lead.id));
    const suppressed = (contact: { email?: string; phones?: string[] }) =>
      isSuppressed(t.database.db, t.secrets.tokenSecret, contact);
    expect(await suppressed({ email: "private.gpc@example.com" })).toBe(true);
    await purgeExpired(t.database.db, { now: NOW, retentionMonths: 24, tokenSecret: t.secrets.tokenSecret });
    expect((await rowOf(lead.id)).email).toBeNull();
    expect(await suppressed({ email: "private.gpc@example.com" })).toBe(true);
    expect(await suppressed({ phones: ["(312) 736-4188"] })).toBe(true);
    expect(await suppressed({ email: "someone.else@example.com" })).toBe(false);
  });
});
