import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../tests/helpers/test-app.ts";
import { createLead, putStep } from "../../../tests/helpers/lead-client.ts";
import { RATE_LIMIT_MESSAGE } from "../plugins/rate-limits.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LEADS_PER_MINUTE: "3", RATE_LIMIT_STEPS_PER_MINUTE: "4" });
});
afterAll(async () => {
  await t.app.close();
});

describe("rate limits per IP", () => {
  it("answers 429 with a clear message past the lead-creation limit, and stores nothing", async () => {
    const made = [await createLead(t.app), await createLead(t.app), await createLead(t.app)];
    expect(made.map((m) => m.res.statusCode)).toEqual([200, 200, 200]);
    const fourth = await createLead(t.app);
    expect(fourth.res.statusCode).toBe(429);
    expect(fourth.res.json()).toMatchObject({ status: 429, message: RATE_LIMIT_MESSAGE });
    expect(fourth.res.headers["retry-after"]).toBeDefined();
    expect((await t.database.db.query.leads.findMany()).length).toBe(3);
  });

  it("counts step updates in their own bucket", async () => {
    const lead = (await t.database.db.query.leads.findMany())[0]!;
    const cookieLead = { id: lead.id, cookie: "lp_lead=none" };
    const codes = [];
    for (let i = 0; i < 5; i++) codes.push((await putStep(t.app, cookieLead, 8, { ownHome: "YES" })).statusCode);
    expect(codes).toEqual([404, 404, 404, 404, 429]);
  });
});
