import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leads } from "../../platform/db/schema.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { leadCookie, QUICK_START, stepBodies } from "../../../../tests/helpers/lead-client.ts";

// docs/product/security-and-privacy.md: the Global Privacy Control header is a do-not-sell request.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});

const GPC = { "sec-gpc": "1" };

async function create(headers: Record<string, string> = {}) {
  const res = await t.app.inject({
    method: "POST",
    url: "/api/personal_loan/lead/v2",
    headers,
    payload: { ...QUICK_START, email: "gpc@example.com" },
  });
  expect(res.statusCode).toBe(200);
  return { id: res.json().data.contact.lead_id as string, cookie: leadCookie(res) };
}

function step(lead: { id: string; cookie: string }, n: number, headers: Record<string, string> = {}) {
  return t.app.inject({
    method: "PUT",
    url: `/api/personal_loan/lead/v2/${lead.id}/step`,
    headers: { cookie: lead.cookie, ...headers },
    payload: { step: n, lead_id: lead.id, ...stepBodies()[n] },
  });
}

const doNotSellAt = async (id: string) =>
  (await t.database.db.select({ at: leads.doNotSellAt }).from(leads).where(eq(leads.id, id)))[0]?.at;

describe("Global Privacy Control", () => {
  it("marks a lead created with Sec-GPC: 1 as do-not-sell, and only that one", async () => {
    const withSignal = await create(GPC);
    const without = await create();
    expect(await doNotSellAt(withSignal.id)).toBeInstanceOf(Date);
    expect(await doNotSellAt(without.id)).toBeNull();
  });

  it("marks only the lead whose step carried the signal when the same step is saved with and without it", async () => {
    // The same columns each time: a step's statement is built once per columns and signal (executeShaped), so the
    // signal must be part of what tells one text from another.
    const [first, second, third] = [await create(), await create(), await create()];
    expect((await step(first, 8)).statusCode).toBe(200);
    expect((await step(second, 8, GPC)).statusCode).toBe(200);
    expect((await step(third, 8)).statusCode).toBe(200);
    expect(await doNotSellAt(first.id)).toBeNull();
    expect(await doNotSellAt(second.id)).toBeInstanceOf(Date);
    expect(await doNotSellAt(third.id)).toBeNull();
  });

  it("marks the lead on a later step that carries the signal, and a step without it never clears it", async () => {
    const lead = await create();
    expect((await step(lead, 4)).statusCode).toBe(200);
    expect(await doNotSellAt(lead.id)).toBeNull();

    expect((await step(lead, 5, GPC)).statusCode).toBe(200);
    const first = await doNotSellAt(lead.id);
    expect(first).toBeInstanceOf(Date);

    expect((await step(lead, 7, GPC)).statusCode).toBe(200);
    expect((await step(lead, 8)).statusCode).toBe(200);
    expect(await doNotSellAt(lead.id)).toEqual(first);
  });

  it("ignores other values of the header", async () => {
    const lead = await create({ "sec-gpc": "0" });
    expect(await doNotSellAt(lead.id)).toBeNull();
  });

  it("marks the lead through a whole-lead update too", async () => {
    const lead = await create();
    const res = await t.app.inject({
      method: "PUT",
      url: "/api/personal_loan/lead/v2",
      headers: { cookie: lead.cookie, ...GPC },
      payload: { lead_id: lead.id, first_name: "Gia" },
    });
    expect(res.statusCode).toBe(200);
    expect(await doNotSellAt(lead.id)).toBeInstanceOf(Date);
  });
});
