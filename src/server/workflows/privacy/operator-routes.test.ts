import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { privacyRequests } from "../../platform/db/schema.ts";
import { askPrivacy } from "./privacy-workflow.testing.ts";
import { SIGN_IN_RULES, SIGN_IN_THROTTLED_MESSAGE } from "../../platform/security/sign-in-throttle.ts";

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
    // The page's "Mark done" button, as a browser posts it: a form, from the page itself.
    const done = await t.app.inject({
      method: "POST",
      url,
      headers: { ...OPERATOR, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
      payload: "",
    });
    expect(done.statusCode).toBe(303);
    const [row] = await t.database.db.select().from(privacyRequests).where(eq(privacyRequests.id, overdue));
    expect(row).toMatchObject({ status: "completed" });
    expect((await t.app.inject({ method: "POST", url, headers: OPERATOR })).statusCode).toBe(404);
  });

  it("slows password guessing: 25 wrong guesses, and then even the right password waits; the lines say so", async () => {
    const remoteAddress = "198.51.100.7";
    const signIn = (password: string, from = remoteAddress) =>
      t.app.inject({
        method: "GET",
        url: "/api/admin/privacy-requests",
        headers: { authorization: basic("operator", password) },
        remoteAddress: from,
      });
    // The clock stands still, so only the throttle's rule decides, never how fast this machine is.
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const codes: number[] = [];
      for (let guess = 0; guess < 25; guess++) codes.push((await signIn(`wrong guess number ${guess}`)).statusCode);
      // A few free tries, then each needs a wait.
      expect(codes).toEqual([...Array(5).fill(401), ...Array(20).fill(429)]);
      const right = await signIn(PASSWORD);
      expect(right.statusCode).toBe(429);
      expect(right.json()).toMatchObject({ status: 429, message: SIGN_IN_THROTTLED_MESSAGE });
      expect(Number(right.headers["retry-after"])).toBe(SIGN_IN_RULES.address.firstDelayMs / 1000);
      expect(right.body).not.toContain("late@example.com");
      // The operator at another address is not held back by the guesser.
      expect((await signIn(PASSWORD, "198.51.100.8")).statusCode).toBe(200);
      // Once the wait is over, the right password opens the page (and a wrong one waits twice as long).
      vi.setSystemTime(Date.now() + SIGN_IN_RULES.address.firstDelayMs);
      expect((await signIn("wrong once more")).statusCode).toBe(401);
      vi.setSystemTime(Date.now() + 2 * SIGN_IN_RULES.address.firstDelayMs - 1000);
      expect((await signIn(PASSWORD)).statusCode).toBe(429);
      vi.setSystemTime(Date.now() + 1000);
      expect((await signIn(PASSWORD)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
    const logs = t.logs();
    expect(logs).toContain('"msg":"operator sign-in failed"');
    expect(logs).toContain('"msg":"operator sign-in throttled"');
    expect(logs).not.toContain("wrong guess number");
  });

  it("counts the operator's requests on their own, signed in or not, apart from the public forms", async () => {
    const limited = await createTestApp({
      OPERATOR_PASSWORD: PASSWORD,
      RATE_LIMIT_FORMS_PER_MINUTE: "1",
      RATE_LIMIT_ADMIN_PER_MINUTE: "3",
    });
    try {
      const get = (headers: Record<string, string>) =>
        limited.app.inject({ method: "GET", url: "/api/admin/privacy-requests", headers });
      await askPrivacy(limited, "CORRECT", { email: "late@example.com", phone: "2127364100" });
      // The public forms' count is spent; the operator's is not.
      const again = await limited.app.inject({ method: "POST", url: "/api/unsubscribe", payload: {} });
      expect(again.statusCode).toBe(429);
      expect((await get(OPERATOR)).statusCode).toBe(200);
      // Requests without the password count too.
      expect((await get({})).statusCode).toBe(401);
      expect((await get({ authorization: basic("operator", "not the password!!") })).statusCode).toBe(401);
      const over = await get(OPERATOR);
      expect(over.statusCode).toBe(429);
      expect(over.body).not.toContain("late@example.com");
    } finally {
      await limited.app.close();
    }
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
