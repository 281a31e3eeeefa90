import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { SIGN_IN_REFUSED_MESSAGE } from "../../../domain/contracts/console.ts";
import { auditLog, operators, operatorSessions } from "../../platform/db/schema.ts";
import { SIGN_IN_RULES, SIGN_IN_THROTTLED_MESSAGE } from "../../platform/security/sign-in-throttle.ts";
import { CSRF_REFUSED, NOT_ALLOWED, SIGN_IN_NEEDED } from "./console-access.ts";

describe("console sign-in and access", () => {
  let t: TestApp;
  let owner: ConsoleUser;
  let analyst: ConsoleUser;
  beforeAll(async () => {
    t = await createTestApp();
    owner = await signInAs(t, "owner");
    analyst = await signInAs(t, "analyst");
  });
  afterAll(async () => {
    await t.app.close();
  });

  const signedIn = async (user: ConsoleUser) =>
    (await t.app.inject({ method: "GET", url: "/api/console/session", headers: user.read })).json().data !== null;

  const signIn = (payload: Record<string, string>, remoteAddress = "203.0.113.20") =>
    t.app.inject({ method: "POST", url: "/api/console/session", payload, remoteAddress });

  it("takes e-mail, password and the current code; refuses any wrong part with one message", async () => {
    const good = { email: owner.email.toUpperCase(), password: owner.password };
    // A code already used (by signInAs) for this step is refused; the next step's is not.
    const next = owner.code(Date.now() + 30_000);
    for (const payload of [
      { ...good, password: "not the password" },
      { ...good, code: "000000" === next ? "111111" : "000000" },
      { email: "nobody@loanpath.test", password: owner.password, code: next },
    ]) {
      const res = await signIn({ code: next, ...payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, message: SIGN_IN_REFUSED_MESSAGE });
      expect(res.cookies).toEqual([]);
    }
    const ok = await signIn({ ...good, code: next });
    expect(ok.statusCode).toBe(200);
    const cookie = ok.cookies.find((c) => c.name === "lp_console")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Strict", path: "/" });
    expect(ok.json().data).toMatchObject({ operator: { email: owner.email, role: "owner" } });
    // The same code does not sign in twice.
    expect((await signIn({ ...good, code: next })).statusCode).toBe(401);
    const failures = await t.database.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'sign-in.failed' and ${auditLog.target} = ${owner.id}`);
    expect(failures.map((f) => f.details.part).sort()).toEqual(["code", "code", "password"]);
  });

  it("takes a recovery code once in place of the authenticator's", async () => {
    const user = await signInAs(t, "compliance");
    const payload = { email: user.email, password: user.password, code: user.recoveryCodes[3]! };
    expect((await signIn(payload)).statusCode).toBe(200);
    expect((await signIn(payload)).statusCode).toBe(401);
  });

  it("answers who is signed in, and nothing without a session", async () => {
    const me = await t.app.inject({ method: "GET", url: "/api/console/session", headers: analyst.read });
    expect(me.json().data).toMatchObject({ operator: { role: "analyst" }, permissions: ["reports:read"] });
    const none = await t.app.inject({ method: "GET", url: "/api/console/session" });
    expect(none.json()).toMatchObject({ status: 200, data: null });
    const elsewhere = await t.app.inject({ method: "GET", url: "/api/console/audit" });
    expect(elsewhere.statusCode).toBe(401);
    expect(elsewhere.json().message).toBe(SIGN_IN_NEEDED);
  });

  it("enforces the role on the server: an analyst reads no privacy queue, audit log or operators", async () => {
    for (const url of ["/api/console/privacy-requests", "/api/console/audit", "/api/console/operators"]) {
      const res = await t.app.inject({ method: "GET", url, headers: analyst.read });
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(NOT_ALLOWED);
      expect((await t.app.inject({ method: "GET", url, headers: owner.read })).statusCode, url).toBe(200);
    }
    const create = await t.app.inject({
      method: "POST",
      url: "/api/console/operators",
      headers: analyst.write,
      payload: { email: "new@loanpath.test", name: "New", role: "owner" },
    });
    expect(create.statusCode).toBe(403);
    // Refused before its body is read: no 400 describing what the schema wants.
    const malformed = await t.app.inject({
      method: "POST",
      url: "/api/console/operators",
      headers: analyst.write,
      payload: { email: "not an address" },
    });
    expect(malformed.statusCode).toBe(403);
    expect(malformed.json()).toEqual({ status: 403, message: NOT_ALLOWED });
  });

  it("refuses a change without the session's CSRF token, or posted from another site", async () => {
    const payload = { email: "csrf@loanpath.test", name: "C", role: "analyst" };
    const url = "/api/console/operators";
    const noToken = await t.app.inject({ method: "POST", url, headers: owner.read, payload });
    expect(noToken.statusCode).toBe(403);
    expect(noToken.json().message).toBe(CSRF_REFUSED);
    const wrongToken = await t.app.inject({
      method: "POST",
      url,
      headers: { ...owner.read, "x-csrf-token": "x".repeat(32) },
      payload,
    });
    expect(wrongToken.statusCode).toBe(403);
    const crossSite = await t.app.inject({
      method: "POST",
      url,
      headers: { ...owner.write, "sec-fetch-site": "same-site" },
      payload,
    });
    expect(crossSite.statusCode).toBe(403);
    const listed = await t.app.inject({ method: "GET", url, headers: owner.read });
    expect(JSON.stringify(listed.json())).not.toContain("csrf@loanpath.test");
  });

  it("creates an operator with a one-time enrolment, and keeps the last owner an owner", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: "/api/console/operators",
      headers: owner.write,
      // A cheaper hash is for tests' own accounts (tests/helpers/console-session.ts): asked for in a request, ignored.
      payload: {
        email: "analyst2@loanpath.test",
        name: "Second Analyst",
        role: "analyst",
        passwordCost: { N: 2, r: 1, p: 1 },
      },
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    const [stored] = await t.database.db
      .select({ hash: operators.passwordHash })
      .from(operators)
      .where(sql`${operators.email} = 'analyst2@loanpath.test'`);
    expect(stored!.hash.split("$").slice(0, 4)).toEqual(["scrypt", "131072", "8", "1"]);
    expect(data.totp_uri).toMatch(/^otpauth:\/\/totp\//);
    expect(data.recovery_codes).toHaveLength(10);
    expect(data.password.length).toBeGreaterThanOrEqual(20);
    const again = await t.app.inject({
      method: "POST",
      url: "/api/console/operators",
      headers: owner.write,
      payload: { email: "Analyst2@loanpath.test", name: "Twice", role: "analyst" },
    });
    expect(again.statusCode).toBe(409);
    // Two owners exist (signInAs made this one and the first test's); demote one, then the last may not go.
    const owners = (await t.app.inject({ method: "GET", url: "/api/console/operators", headers: owner.read }))
      .json()
      .data.operators.filter((o: { role: string }) => o.role === "owner");
    expect(owners).toHaveLength(1);
    const demote = await t.app.inject({
      method: "PATCH",
      url: `/api/console/operators/${owner.id}`,
      headers: owner.write,
      payload: { role: "analyst" },
    });
    expect(demote.statusCode).toBe(409);
  });

  it("ends a session when an owner revokes it, when its operator is disabled, and after the idle time", async () => {
    const victim = await signInAs(t, "manager");
    const sessions = (await t.app.inject({ method: "GET", url: "/api/console/operators", headers: owner.read })).json()
      .data.sessions as { id: string; operator_id: string }[];
    const victimSession = sessions.find((s) => s.operator_id === victim.id)!;
    const revoke = await t.app.inject({
      method: "DELETE",
      url: `/api/console/sessions/${victimSession.id}`,
      headers: owner.write,
    });
    expect(revoke.statusCode).toBe(200);
    expect(await signedIn(victim)).toBe(false);

    const disabled = await signInAs(t, "manager");
    const patch = await t.app.inject({
      method: "PATCH",
      url: `/api/console/operators/${disabled.id}`,
      headers: owner.write,
      payload: { disabled: true },
    });
    expect(patch.json().data.disabled).toBe(true);
    expect(await signedIn(disabled)).toBe(false);

    const idle = await signInAs(t, "analyst");
    await t.database.db
      .update(operatorSessions)
      .set({ lastSeenAt: new Date(Date.now() - (t.config.console.idleMinutes * 60_000 + 1000)) })
      .where(sql`${operatorSessions.operatorId} = ${idle.id}`);
    expect(await signedIn(idle)).toBe(false);
  });

  it("signs out: the cookie no longer opens anything", async () => {
    const user = await signInAs(t, "analyst");
    const out = await t.app.inject({ method: "DELETE", url: "/api/console/session", headers: user.write });
    expect(out.statusCode).toBe(200);
    expect(await signedIn(user)).toBe(false);
  });

  it("keeps an audit log no one can rewrite, which an owner reads", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/console/audit?limit=200", headers: owner.read });
    const actions = (res.json().data.entries as { action: string }[]).map((e) => e.action);
    expect(actions).toEqual(
      expect.arrayContaining(["sign-in", "sign-in.failed", "operator.create", "session.revoke", "sign-out"]),
    );
    // Drizzle wraps the database's error; the trigger's own words are its cause.
    const refusal = (query: Promise<unknown>) =>
      query.then(
        () => "allowed",
        (error: Error) => String((error.cause as Error | undefined)?.message ?? error.message),
      );
    expect(await refusal(t.database.db.execute(sql`update audit_log set action = 'nothing'`))).toMatch(/append-only/);
    expect(await refusal(t.database.db.execute(sql`delete from audit_log`))).toMatch(/append-only/);
  });

  it("slows password guessing per address; the right password then waits too", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const from = "198.51.100.77";
      const codes: number[] = [];
      for (let guess = 0; guess < 8; guess++)
        // A different account each time: the address's count is the one tried here (accounts have their own).
        codes.push(
          (await signIn({ email: `guess${guess}@loanpath.test`, password: `guess ${guess}`, code: "123456" }, from))
            .statusCode,
        );
      expect(codes).toEqual([
        ...Array(SIGN_IN_RULES.address.free).fill(401),
        ...Array(8 - SIGN_IN_RULES.address.free).fill(429),
      ]);
      const right = await signIn({ email: owner.email, password: owner.password, code: owner.code() }, from);
      expect(right.json()).toMatchObject({ status: 429, message: SIGN_IN_THROTTLED_MESSAGE });
    } finally {
      vi.useRealTimers();
    }
  });

  it("keeps the operator's time zone on the account, for every browser it signs in from", async () => {
    const me = await signInAs(t, "analyst");
    const put = (time_zone: string, headers = me.write) =>
      t.app.inject({ method: "PUT", url: "/api/console/session/time-zone", headers, payload: { time_zone } });
    expect((await put("Mars/Olympus")).statusCode).toBe(400);
    expect((await put("America/Chicago", me.read)).statusCode).toBe(403);
    expect((await put("America/Chicago")).statusCode).toBe(200);
    const probe = await t.app.inject({ method: "GET", url: "/api/console/session", headers: me.read });
    expect(probe.json().data.time_zone).toBe("America/Chicago");
    // A colleague's account keeps its own.
    const other = await signInAs(t, "analyst");
    const theirs = await t.app.inject({ method: "GET", url: "/api/console/session", headers: other.read });
    expect(theirs.json().data.time_zone).toBeNull();
  });

  it("gives each account a count of its own: guesses at one account from eight addresses slow down", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      const target = await signInAs(t, "analyst");
      const codes: number[] = [];
      for (let guess = 0; guess < 8; guess++)
        codes.push(
          (await signIn({ email: target.email, password: `guess ${guess}`, code: "123456" }, `192.0.2.${100 + guess}`))
            .statusCode,
        );
      expect(codes).toEqual([
        ...Array(SIGN_IN_RULES.account.free).fill(401),
        ...Array(8 - SIGN_IN_RULES.account.free).fill(429),
      ]);
      // Another account from a fresh address is not held back by it: its wrong password is answered as such.
      const other = await signInAs(t, "manager");
      expect((await signIn({ email: other.email, password: "wrong", code: "123456" }, "192.0.2.200")).statusCode).toBe(
        401,
      );
    } finally {
      vi.useRealTimers();
    }
  });
});

describe("the console's rate limit", () => {
  const LIMIT = 4;
  const session = (t: TestApp, headers: Record<string, string>) =>
    t.app.inject({ method: "GET", url: "/api/console/session", headers });

  it("counts per signed-in session, the address only before sign-in, and a 429 ends no session", async () => {
    const t = await createTestApp({ RATE_LIMIT_ADMIN_PER_MINUTE: String(LIMIT) });
    try {
      // Both sign in from 127.0.0.1: two of the address's four.
      const quick = await signInAs(t, "analyst");
      const colleague = await signInAs(t, "analyst");
      const codes: number[] = [];
      for (let i = 0; i <= LIMIT; i++) codes.push((await session(t, quick.read)).statusCode);
      expect(codes).toEqual([...Array(LIMIT).fill(200), 429]);
      const refused = await session(t, quick.read);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
      // The same address, another session: its own count.
      expect((await session(t, colleague.read)).statusCode).toBe(200);
      // Not signed in, and with a cookie that opens nothing: the address's count (two used by the sign-ins).
      expect((await session(t, {})).statusCode).toBe(200);
      expect((await session(t, { cookie: "lp_console=made-up" })).statusCode).toBe(200);
      expect((await session(t, { cookie: "lp_console=made-up-too" })).statusCode).toBe(429);
      // The refusals ended no session: the quick operator's is still open.
      const [open] = await t.database.db
        .select({ revokedAt: operatorSessions.revokedAt })
        .from(operatorSessions)
        .where(eq(operatorSessions.operatorId, quick.id));
      expect(open).toEqual({ revokedAt: null });
    } finally {
      await t.app.close();
    }
  });
});

describe("the console's host", () => {
  it("answers only on CONSOLE_HOST, which serves nothing of the consumer site", async () => {
    const t = await createTestApp({ CONSOLE_HOST: "console.loanpath.test" });
    try {
      const onSite = await t.app.inject({
        method: "GET",
        url: "/api/console/audit",
        headers: { host: "loanpath.test" },
      });
      expect(onSite.statusCode).toBe(404);
      const onConsole = await t.app.inject({
        method: "GET",
        url: "/api/console/audit",
        headers: { host: "console.loanpath.test:443" },
      });
      expect(onConsole.statusCode).toBe(401);
      const sitePage = await t.app.inject({
        method: "GET",
        url: "/privacy",
        headers: { host: "console.loanpath.test" },
      });
      expect(sitePage.statusCode).toBe(302);
      expect(sitePage.headers.location).toBe("/console");
      const siteApi = await t.app.inject({
        method: "POST",
        url: "/api/unsubscribe",
        headers: { host: "console.loanpath.test" },
        payload: {},
      });
      expect(siteApi.statusCode).toBe(404);
      for (const url of ["/api/leads/abc", "/api/partners?brand=x", "/api"]) {
        const read = await t.app.inject({ method: "GET", url, headers: { host: "console.loanpath.test" } });
        expect(read.statusCode, url).toBe(404);
        expect(read.headers.location, url).toBeUndefined();
        expect(read.json(), url).toEqual({ status: 404, message: "Not found" });
      }
    } finally {
      await t.app.close();
    }
  });

  it("serves the console's page as no-store, like its API, and the site's pages as before", async () => {
    const dir = await mkdtemp(path.join(tmpdir(), "loanpath-console-page-"));
    await writeFile(path.join(dir, "__spa-fallback.html"), "<!doctype html><html><body>shell</body></html>");
    const t = await createTestApp({ WEB_BUILD_DIR: dir });
    try {
      for (const url of ["/console", "/console/operators", "/api/console/session"]) {
        const res = await t.app.inject({ method: "GET", url });
        expect(res.statusCode, url).toBe(200);
        expect(res.headers["cache-control"], url).toBe("no-store");
      }
      const sitePage = await t.app.inject({ method: "GET", url: "/lgname" });
      expect(sitePage.headers["cache-control"]).toBe("no-cache");
    } finally {
      await t.app.close();
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("is not served in production without CONSOLE_HOST", async () => {
    const t = await createTestApp({ NODE_ENV: "production", PII_ENCRYPTION_KEYS: "", TOKEN_SECRET: "" });
    try {
      expect((await t.app.inject({ method: "GET", url: "/api/console/session" })).statusCode).toBe(404);
    } finally {
      await t.app.close();
    }
  });
});
