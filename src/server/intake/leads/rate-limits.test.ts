import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { createLead, putStep, QUICK_START } from "../../../../tests/helpers/lead-client.ts";
import { RATE_LIMIT_MESSAGE } from "../../platform/plugins/rate-limits.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ RATE_LIMIT_LEADS_PER_MINUTE: "3", RATE_LIMIT_STEPS_PER_MINUTE: "4" });
});
afterAll(async () => {
  await t.app.close();
});

// The first two tests send from light-my-request's default 127.0.0.1 and build on each other; the others
// each send from their own address, so they start with empty counts.
const create = (remoteAddress: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/personal_loan/lead/v2",
    remoteAddress,
    payload: { ...QUICK_START, email: "ana@example.com" },
  });
const enterByEmailLink = (remoteAddress: string) =>
  t.app.inject({
    method: "POST",
    url: "/api/personal_loan/lead/v2/email-link",
    remoteAddress,
    payload: { email: "maria@example.com", loan_reason: "MEDICAL" },
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

  it("counts e-mail-link entries against the same lead-creation limit as POST /lead/v2", async () => {
    const codes = [];
    for (let i = 0; i < 3; i++) codes.push((await create("198.51.100.10")).statusCode);
    expect(codes).toEqual([200, 200, 200]);

    const refused = await enterByEmailLink("198.51.100.10");
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ status: 429, message: RATE_LIMIT_MESSAGE });
    expect(refused.headers["retry-after"]).toBeDefined();
    // The other way round too: the refused e-mail-link entry created nothing, and creation stays refused.
    expect((await create("198.51.100.10")).statusCode).toBe(429);

    // Another visitor is not affected.
    expect((await enterByEmailLink("198.51.100.11")).statusCode).toBe(200);
    expect((await create("198.51.100.11")).statusCode).toBe(200);
  });

  it("counts lead reads, updates and step saves together in the steps limit", async () => {
    const ip = "198.51.100.20";
    const lead = { id: "no-such-lead", cookie: "lp_lead=none" };
    const read = () => t.app.inject({ method: "GET", url: `/api/personal_loan/lead/v2/${lead.id}`, remoteAddress: ip });
    const update = () =>
      t.app.inject({
        method: "PUT",
        url: "/api/personal_loan/lead/v2",
        remoteAddress: ip,
        payload: { lead_id: lead.id, loan_amount: 600 },
      });
    const saveStep = () =>
      t.app.inject({
        method: "PUT",
        url: `/api/personal_loan/lead/v2/${lead.id}/step`,
        remoteAddress: ip,
        payload: { step: 8, lead_id: lead.id, ownHome: "YES" },
      });

    const codes = [(await read()).statusCode, (await update()).statusCode, (await saveStep()).statusCode];
    codes.push((await read()).statusCode);
    expect(codes).toEqual([404, 404, 404, 404]);
    const fifth = await update();
    expect(fifth.statusCode).toBe(429);
    expect(fifth.json()).toMatchObject({ status: 429, message: RATE_LIMIT_MESSAGE });
    expect((await saveStep()).statusCode).toBe(429);
  });
});
