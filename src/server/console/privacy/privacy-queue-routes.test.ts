import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { auditLog, privacyRequests } from "../../platform/db/schema.ts";
import { askPrivacy } from "../../workflows/privacy/privacy-workflow.testing.ts";

describe("the console's privacy request queue", () => {
  let t: TestApp;
  let compliance: ConsoleUser;
  let overdue: string;
  let onTime: string;
  beforeAll(async () => {
    t = await createTestApp();
    compliance = await signInAs(t, "compliance");
    overdue = await askPrivacy(t, "CORRECT", { email: "late@example.com", phone: "2127364100" });
    onTime = await askPrivacy(t, "ACCESS", { email: "fresh@example.com", phone: "2127364101" });
    await askPrivacy(t, "DO_NOT_SELL", { email: "done@example.com", phone: "2127364102" });
    // Received 50 days ago: 5 days past its 45.
    const received = new Date(Date.now() - 50 * 86_400_000);
    await t.database.db
      .update(privacyRequests)
      .set({ createdAt: received, dueAt: new Date(received.getTime() + 45 * 86_400_000) })
      .where(eq(privacyRequests.id, overdue));
  });
  afterAll(async () => {
    await t.app.close();
  });

  it("lists the open requests soonest due first, the overdue one counted, completed opt-outs left out", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/console/privacy-requests", headers: compliance.read });
    const data = res.json().data as { overdue: number; open: { reference: string; days_overdue: number }[] };
    expect(data.overdue).toBe(1);
    expect(data.open.map((r) => [r.reference, r.days_overdue])).toEqual([
      [overdue, 5],
      [onTime, 0],
    ]);
    expect(res.body).not.toContain("done@example.com");
    // Reading requesters' contact details is itself on the record.
    const reads = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'privacy.queue.read' and ${auditLog.operatorId} = ${compliance.id}`);
    expect(reads).toHaveLength(1);
  });

  it("is closed to a manager, who handles no personal data", async () => {
    const manager = await signInAs(t, "manager");
    const res = await t.app.inject({ method: "GET", url: "/api/console/privacy-requests", headers: manager.read });
    expect(res.statusCode).toBe(403);
    expect(res.body).not.toContain("late@example.com");
  });

  it("marks a request done once, on the record", async () => {
    const url = `/api/console/privacy-requests/${overdue}/complete`;
    const done = await t.app.inject({ method: "POST", url, headers: compliance.write, payload: {} });
    expect(done.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.id, overdue));
    expect(row).toMatchObject({ status: "completed" });
    expect((await t.app.inject({ method: "POST", url, headers: compliance.write, payload: {} })).statusCode).toBe(404);
    const [entry] = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'privacy.complete' and ${auditLog.target} = ${overdue}`);
    expect(entry).toMatchObject({ operatorEmail: compliance.email });
  });
});
