import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { createLead, putStep, stepBodies } from "../../../../tests/helpers/lead-client.ts";
import { leads } from "../../platform/db/schema.ts";
import { sha256Hex } from "../../platform/security/signed-token.ts";
import { LEAD_ACCESS_LIFE_SECONDS } from "./lead-access.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.app.close();
});
afterEach(() => {
  vi.useRealTimers();
});

const read = (lead: { id: string; cookie: string }) =>
  t.app.inject({ method: "GET", url: `/api/personal_loan/lead/v2/${lead.id}`, headers: { cookie: lead.cookie } });

describe("the lead cookie's life", () => {
  it("is one number: the cookie's Max-Age and the server's refusal after it, on reads and step saves alike", async () => {
    // The clock moves only when the test moves it.
    vi.useFakeTimers({ toFake: ["Date"] });
    const issued = Date.now();
    const lead = await createLead(t.app);
    expect(String(lead.res.headers["set-cookie"])).toContain(`Max-Age=${LEAD_ACCESS_LIFE_SECONDS};`);

    vi.setSystemTime(issued + (LEAD_ACCESS_LIFE_SECONDS - 1) * 1000);
    expect((await read(lead)).statusCode).toBe(200);
    expect((await putStep(t.app, lead, 8, { ownHome: "YES" })).statusCode).toBe(200);
    expect((await putStep(t.app, lead, 6, stepBodies()[6]!)).statusCode).toBe(200);

    // A browser that keeps the cookie past Max-Age (or a copied cookie) opens nothing any more.
    vi.setSystemTime(issued + LEAD_ACCESS_LIFE_SECONDS * 1000);
    expect((await read(lead)).statusCode).toBe(404);
    expect((await putStep(t.app, lead, 8, { ownHome: "NO" })).statusCode).toBe(404);
    // A step checked against the saved lead reads it first: refused the same way.
    expect((await putStep(t.app, lead, 6, stepBodies()[6]!)).statusCode).toBe(404);
  });

  it("cannot be stretched by moving the issue time the cookie carries", async () => {
    const lead = await createLead(t.app);
    const [, issued, random] = lead.cookie.split(".");
    const later = `${lead.cookie.split(".")[0]}.${Number(issued) + 86_400 * 20}.${random}`;
    expect((await read(lead)).statusCode).toBe(200);
    expect((await read({ id: lead.id, cookie: later })).statusCode).toBe(404);
  });

  it("refuses a cookie of the older form, which carries no issue time, even with its stored hash", async () => {
    const lead = await createLead(t.app);
    const random = randomBytes(32).toString("base64url");
    await t.database.db
      .update(leads)
      .set({ accessTokenHash: sha256Hex(random) })
      .where(eq(leads.id, lead.id));
    const old = { id: lead.id, cookie: `lp_lead=${lead.id}.${random}` };
    expect((await read(old)).statusCode).toBe(404);
    expect((await putStep(t.app, old, 8, { ownHome: "YES" })).statusCode).toBe(404);
  });
});
