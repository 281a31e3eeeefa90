import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { privacyRequests } from "../../platform/db/schema.ts";
import { askPrivacy } from "./privacy-workflow.testing.ts";

const PASSWORD = "correct horse battery staple";
const basic = (user: string, password: string) => `Basic ${Buffer.from(`${user}:${password}`).toString("base64")}`;
const OPERATOR = { authorization: basic("operator", PASSWORD) };

describe("the operator's privacy requests", () => {
  let t: TestApp;
  let overdue: string;
  let onTime: string;
  beforeAll(async () => {
    t = await createTestApp({ OPERATOR_PASSWORD: PASSWORD });
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

  it("asks for the operator's password and refuses any other", async () => {
    for (const headers of [
      {},
      { authorization: basic("operator", "wrong password here!") },
      { authorization: basic("admin", PASSWORD) },
    ]) {
      const res = await t.app.inject({ method: "GET", url: "/admin/privacy-requests", headers });
      expect(res.statusCode).toBe(401);
      expect(res.headers["www-authenticate"]).toMatch(/^Basic /);
      expect(res.body).not.toContain("late@example.com");
    }
  });

  it("lists the open requests soonest due first, the overdue one marked, completed opt-outs left out", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/admin/privacy-requests", headers: OPERATOR });
    const data = res.json().data as { overdue: number; open: { reference: string; days_overdue: number }[] };
    expect(data.overdue).toBe(1);
    expect(data.open.map((r) => [r.reference, r.days_overdue])).toEqual([
      [overdue, 5],
      [onTime, 0],
    ]);
    const page = await t.app.inject({ method: "GET", url: "/admin/privacy-requests", headers: OPERATOR });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain("Overdue by 5 days");
    expect(page.body).not.toContain("done@example.com");
  });

  it("marks a request done from its own page only", async () => {
    const url = `/admin/privacy-requests/${overdue}/complete`;
    const opaque = await t.app.inject({ method: "POST", url, headers: { ...OPERATOR, origin: "null" } });
    expect(opaque.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: "POST",
      url,
      headers: { ...OPERATOR, "sec-fetch-site": "cross-site" },
    });
    expect(crossSite.statusCode).toBe(403);
    const done = await t.app.inject({ method: "POST", url, headers: { ...OPERATOR, "sec-fetch-site": "same-origin" } });
    expect(done.statusCode).toBe(303);
    const [row] = await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.id, overdue));
    expect(row).toMatchObject({ status: "completed" });
    expect((await t.app.inject({ method: "POST", url, headers: OPERATOR })).statusCode).toBe(404);
  });

  it("does not exist without OPERATOR_PASSWORD", async () => {
    const plain = await createTestApp();
    try {
      expect((await plain.app.inject({ method: "GET", url: "/api/admin/privacy-requests" })).statusCode).toBe(404);
    } finally {
      await plain.app.close();
    }
  });
});
