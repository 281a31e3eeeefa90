import { writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { randomBytes } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signInAs } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { MASKED_SECRET } from "../../../domain/buyers/buyer-secrets.ts";
import { auditLog, buyerAccounts, buyerCalls, buyers, buyerVersions } from "../../platform/db/schema.ts";
import {
  accept,
  addBuyers,
  auctionTestBed,
  bid,
  decided,
  lenderConfig,
  postsTo,
  saveLead,
  sendLead,
} from "../../distribution/auction/auction.testing.ts";
import { NOT_ALLOWED } from "../access/console-access.ts";

const bed = auctionTestBed();
const API_KEY = "k-7f3a9c21e5";
const PASSWORD = "pw-secret-991";

/** A lender at a fake buyer whose ping carries an API key header and whose post a password field. */
function withCredentials(id: string, server: { url: string }, overrides: Record<string, unknown> = {}) {
  const base = lenderConfig(id, server) as ReturnType<typeof lenderConfig> & {
    ping: { headers?: Record<string, string> };
    post: { fields: Record<string, unknown>[] };
  };
  return {
    ...base,
    ping: { ...base.ping, headers: { "X-Api-Key": API_KEY, "X-Source": "loanpath" } },
    post: { ...base.post, fields: [...base.post.fields, { to: "auth.password", value: PASSWORD }] },
    ...overrides,
  };
}

const inject = (t: TestApp) => t.app.inject.bind(t.app);

async function auditOf(t: TestApp, target: string) {
  return t.database.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.id);
}

const versionsOfBuyer = (t: TestApp, id: string) =>
  t.database.db.select().from(buyerVersions).where(eq(buyerVersions.buyerId, id));

async function sell(t: TestApp) {
  const lead = await saveLead(t);
  expect((await sendLead(t.app, lead)).statusCode).toBe(200);
  return { lead, auction: await decided(t.database.db, lead.id) };
}

describe("console buyers", () => {
  it("a manager creates a buyer: listed, versioned, audited, credentials masked in every answer", async () => {
    const t = bed.t;
    const manager = await signInAs(t, "manager");
    const fake = await bed.buyer({ ping: () => bid(10), post: () => accept() });
    const config = withCredentials("acme", fake);
    const created = await inject(t)({
      method: "POST",
      url: "/api/console/buyers",
      headers: manager.write,
      payload: { config, note: "onboarding Acme" },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().data).toEqual({ id: "acme", version: 1 });

    const list = await inject(t)({ method: "GET", url: "/api/console/buyers", headers: manager.read });
    expect(list.statusCode).toBe(200);
    const row = list.json().data.buyers.find((b: { id: string }) => b.id === "acme");
    expect(row).toMatchObject({ source: "console", overrides: null, enabled: true, shadow: false, version: 1 });
    expect(row.today).toMatchObject({ pings: 0, sold: 0, revenue_cents: 0, post_acceptance: null, p50_ms: null });
    expect(list.body).not.toContain(API_KEY);

    const detail = await inject(t)({ method: "GET", url: "/api/console/buyers/acme", headers: manager.read });
    expect(detail.statusCode).toBe(200);
    const data = detail.json().data;
    expect(data.config.ping.headers).toEqual({ "X-Api-Key": MASKED_SECRET, "X-Source": "loanpath" });
    expect(data.config.post.fields.at(-1)).toEqual({ to: "auth.password", value: MASKED_SECRET });
    expect(data.versions).toMatchObject([{ version: 1, operator_email: manager.email, note: "onboarding Acme" }]);
    expect(detail.body).not.toContain(API_KEY);
    expect(detail.body).not.toContain(PASSWORD);

    const [stored] = await t.database.db.select().from(buyers).where(eq(buyers.id, "acme"));
    expect((stored!.config as { ping: { headers: Record<string, string> } }).ping.headers["X-Api-Key"]).toBe(API_KEY);
    const audit = await auditOf(t, "acme");
    expect(audit).toMatchObject([{ action: "buyer.create", operatorEmail: manager.email, reason: "onboarding Acme" }]);
    expect(audit[0]!.details).toEqual({ version: 1, changed: ["(new)"] });
  });

  it("an edit that sends the masked credentials back keeps them; the version's diff names the change only", async () => {
    const t = bed.t;
    const manager = await signInAs(t, "manager");
    const fake = await bed.buyer({ ping: () => bid(10), post: () => accept() });
    await inject(t)({
      method: "POST",
      url: "/api/console/buyers",
      headers: manager.write,
      payload: { config: withCredentials("edited", fake) },
    });
    const shown = (await inject(t)({ method: "GET", url: "/api/console/buyers/edited", headers: manager.read })).json()
      .data.config;
    const put = await inject(t)({
      method: "PUT",
      url: "/api/console/buyers/edited",
      headers: manager.write,
      payload: { config: { ...shown, name: "Edited Lending", floor: 12 }, note: "new name" },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toEqual({ id: "edited", version: 2 });
    const [row] = await t.database.db.select().from(buyers).where(eq(buyers.id, "edited"));
    const config = row!.config as {
      name: string;
      ping: { headers: Record<string, string> };
      post: { fields: { value?: unknown }[] };
    };
    expect(config.name).toBe("Edited Lending");
    expect(config.ping.headers["X-Api-Key"]).toBe(API_KEY);
    expect(config.post.fields.at(-1)!.value).toBe(PASSWORD);

    const detail = (await inject(t)({ method: "GET", url: "/api/console/buyers/edited", headers: manager.read })).json()
      .data;
    expect(detail.versions.map((v: { version: number; changed: string[] }) => [v.version, v.changed])).toEqual([
      [2, ["floor", "name"]],
      [1, ["(new)"]],
    ]);
    const audit = await auditOf(t, "edited");
    expect(audit.map((a) => a.action)).toEqual(["buyer.create", "buyer.update"]);
    expect(audit[1]!.details).toEqual({ version: 2, changed: ["floor", "name"] });
    expect(JSON.stringify(audit)).not.toContain(API_KEY);

    // A changed credential is audited by its path, never its value.
    const rotated = await inject(t)({
      method: "PUT",
      url: "/api/console/buyers/edited",
      headers: manager.write,
      payload: {
        config: { ...shown, ping: { ...shown.ping, headers: { ...shown.ping.headers, "X-Api-Key": "k-new-000111" } } },
      },
    });
    expect(rotated.statusCode).toBe(200);
    const last = (await auditOf(t, "edited")).at(-1)!;
    expect(last.details.changed).toEqual(expect.arrayContaining(["ping.headers.X-Api-Key"]));
    expect(JSON.stringify(last)).not.toContain("k-new-000111");

    // A masked value where nothing is stored (a new header) cannot be kept: the field says so.
    const renamed = await inject(t)({
      method: "PUT",
      url: "/api/console/buyers/edited",
      headers: manager.write,
      payload: { config: { ...shown, ping: { ...shown.ping, headers: { "X-Auth-Token": MASKED_SECRET } } } },
    });
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().errors).toEqual({
      "config.ping.headers.X-Auth-Token": "type the credential again: only an unchanged one is kept",
    });
  });

  it("answers the schema's own messages on the fields it refuses", async () => {
    const t = bed.t;
    const manager = await signInAs(t, "manager");
    const good = lenderConfig("broken", { url: "http://127.0.0.1:9" });
    const noPing = await inject(t)({
      method: "POST",
      url: "/api/console/buyers",
      headers: manager.write,
      payload: { config: { ...good, ping: undefined } },
    });
    expect(noPing.statusCode).toBe(400);
    expect(noPing.json()).toMatchObject({ message: "Please correct the highlighted fields." });
    expect(noPing.json().errors).toEqual({ "config.ping": "ping/post needs a ping" });

    const badUrl = await inject(t)({
      method: "POST",
      url: "/api/console/buyers",
      headers: manager.write,
      payload: { config: { ...good, id: "Bad Id", post: { ...good.post, url: "ftp://x" } } },
    });
    expect(badUrl.statusCode).toBe(400);
    expect(badUrl.json().errors).toMatchObject({
      "config.id": "must be lower-case letters, digits, - or _",
      "config.post.url": "must be an http:// or https:// URL",
    });
    const shadowDirect = await inject(t)({
      method: "POST",
      url: "/api/console/buyers",
      headers: manager.write,
      payload: { config: { ...good, mode: "direct_post", shadow: true } },
    });
    expect(shadowDirect.json().errors).toEqual({ "config.shadow": "shadow mode pings, so it needs ping/post" });
    expect(await t.database.db.select().from(buyerVersions).where(eq(buyerVersions.buyerId, "broken"))).toEqual([]);
  });

  it("a buyer that already had a row keeps it as version 1 at its first console edit; diffs name real changes", async () => {
    const t = bed.t;
    const manager = await signInAs(t, "manager");
    const fake = await bed.buyer({ ping: () => bid(10), post: () => accept() });
    // A row as another tool wrote it (the volume seed, a script, a release before versions): no version, and
    // settings left to their defaults (no `shadow`, no `returns`), as the auction reads them.
    const stored = lenderConfig("rowed", fake, { floor: 4 });
    await t.database.db.insert(buyers).values({ id: "rowed", config: stored, enabled: true });
    const shown = (await inject(t)({ method: "GET", url: "/api/console/buyers/rowed", headers: manager.read })).json()
      .data.config;
    const put = await inject(t)({
      method: "PUT",
      url: "/api/console/buyers/rowed",
      headers: manager.write,
      payload: { config: { ...shown, floor: 9 }, note: "higher floor" },
    });
    expect(put.statusCode, put.body).toBe(200);
    expect(put.json().data).toEqual({ id: "rowed", version: 2 });
    const detail = (await inject(t)({ method: "GET", url: "/api/console/buyers/rowed", headers: manager.read })).json()
      .data;
    expect(detail.versions).toMatchObject([
      { version: 2, operator_email: manager.email, note: "higher floor", changed: ["floor"] },
      { version: 1, operator_email: "(buyers table)", changed: ["(new)"], config: { floor: 4, shadow: false } },
    ]);
    expect((await auditOf(t, "rowed")).map((a) => a.details)).toEqual([{ version: 2, changed: ["floor"] }]);
    const back = await inject(t)({
      method: "POST",
      url: "/api/console/buyers/rowed/rollback",
      headers: manager.write,
      payload: { version: 1 },
    });
    expect(back.statusCode, back.body).toBe(200);
    const [row] = await t.database.db.select().from(buyers).where(eq(buyers.id, "rowed"));
    expect(row!.config).toMatchObject({ floor: 4 });

    // A version saved before a setting existed holds its default: compared with it, not listed as changed.
    await t.database.db.insert(buyerVersions).values({
      buyerId: "older",
      version: 1,
      config: lenderConfig("older", fake),
      enabled: true,
      operatorEmail: "someone@example.com",
    });
    await t.database.db.insert(buyers).values({ id: "older", config: lenderConfig("older", fake), enabled: true });
    const older = (await inject(t)({ method: "GET", url: "/api/console/buyers/older", headers: manager.read })).json()
      .data.config;
    await inject(t)({
      method: "PUT",
      url: "/api/console/buyers/older",
      headers: manager.write,
      payload: { config: { ...older, name: "Older Lending" } },
    });
    const versions = (
      await inject(t)({ method: "GET", url: "/api/console/buyers/older", headers: manager.read })
    ).json().data.versions;
    expect(versions.map((v: { version: number; changed: string[] }) => [v.version, v.changed])).toEqual([
      [2, ["name"]],
      [1, ["(new)"]],
    ]);
  });

  it("refuses writes to analysts and compliance, and reads to analysts", async () => {
    const t = bed.t;
    const manager = await signInAs(t, "manager");
    const fake = await bed.buyer({ post: () => accept() });
    await addBuyers(t.database.db, lenderConfig("guarded", fake));
    const payload = { config: lenderConfig("guarded-2", fake) };
    const writes = [
      { method: "POST" as const, url: "/api/console/buyers", payload },
      {
        method: "PUT" as const,
        url: "/api/console/buyers/guarded",
        payload: { config: lenderConfig("guarded", fake) },
      },
      { method: "POST" as const, url: "/api/console/buyers/guarded/pause", payload: {} },
      { method: "POST" as const, url: "/api/console/buyers/guarded/resume", payload: {} },
      { method: "POST" as const, url: "/api/console/buyers/guarded/rollback", payload: { version: 1 } },
      { method: "POST" as const, url: "/api/console/buyers/guarded/test", payload: {} },
    ];
    for (const role of ["analyst", "compliance"] as const) {
      const user = await signInAs(t, role);
      for (const w of writes) {
        const res = await inject(t)({ ...w, headers: user.write });
        expect(res.statusCode, `${role} ${w.url}`).toBe(403);
        expect(res.json().message).toBe(NOT_ALLOWED);
      }
    }
    const analyst = await signInAs(t, "analyst");
    for (const url of ["/api/console/buyers", "/api/console/buyers/guarded"]) {
      expect((await inject(t)({ method: "GET", url, headers: analyst.read })).statusCode, url).toBe(403);
      expect((await inject(t)({ method: "GET", url, headers: manager.read })).statusCode, url).toBe(200);
    }
    expect(fake.bodies).toEqual([]);
    expect(await t.database.db.select().from(buyerVersions)).toEqual([]);
  });

  it("rolls back by saving the old configuration as a new version", async () => {
    const t = bed.t;
    const manager = await signInAs(t, "manager");
    const fake = await bed.buyer({ post: () => accept() });
    const config = lenderConfig("rolling", fake);
    const save = (method: "POST" | "PUT", payload: Record<string, unknown>, url = "/api/console/buyers") =>
      inject(t)({ method, url, headers: manager.write, payload });
    expect((await save("POST", { config })).statusCode).toBe(201);
    expect(
      (await save("PUT", { config: { ...config, name: "Second", tier: 3 } }, "/api/console/buyers/rolling")).statusCode,
    ).toBe(200);
    const back = await save("POST", { version: 1 }, "/api/console/buyers/rolling/rollback");
    expect(back.statusCode, back.body).toBe(200);
    expect(back.json().data).toEqual({ id: "rolling", version: 3 });
    const [row] = await t.database.db.select().from(buyers).where(eq(buyers.id, "rolling"));
    expect(row!.config).toMatchObject({ name: "Lender rolling", tier: 1 });
    const detail = (
      await inject(t)({ method: "GET", url: "/api/console/buyers/rolling", headers: manager.read })
    ).json().data;
    expect(detail.versions[0]).toMatchObject({
      version: 3,
      note: "rolled back to version 1",
      changed: ["name", "tier"],
    });
    const audit = (await auditOf(t, "rolling")).at(-1)!;
    expect(audit).toMatchObject({
      action: "buyer.rollback",
      details: { version: 3, to: 1, changed: ["name", "tier"] },
    });
    const missing = await save("POST", { version: 9 }, "/api/console/buyers/rolling/rollback");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().errors).toEqual({ version: "no such version of this buyer" });
  });

  it("a paused buyer is skipped by the next auction, without a restart; resumed, it sells again", async () => {
    const t = bed.t;
    const manager = await signInAs(t, "manager");
    const best = await bed.buyer({ ping: () => bid(80), post: () => accept("https://best.example/o") });
    const other = await bed.buyer({ ping: () => bid(20), post: () => accept("https://other.example/o") });
    await addBuyers(t.database.db, lenderConfig("best", best), lenderConfig("other", other));

    const first = await sell(t);
    expect(first.auction).toMatchObject({ status: "accepted", buyerId: "best" });

    const paused = await inject(t)({
      method: "POST",
      url: "/api/console/buyers/best/pause",
      headers: manager.write,
      payload: { note: "caps renegotiation" },
    });
    expect(paused.statusCode, paused.body).toBe(200);
    const pingsBefore = best.bodies.length;
    const second = await sell(t);
    expect(second.auction).toMatchObject({ status: "accepted", buyerId: "other" });
    expect(best.bodies).toHaveLength(pingsBefore);
    expect(await postsTo(t.database.db, second.lead.id)).toEqual([{ buyer_id: "other", state: "accepted" }]);

    const list = (await inject(t)({ method: "GET", url: "/api/console/buyers", headers: manager.read })).json().data
      .buyers;
    const figures = Object.fromEntries(list.map((b: { id: string }) => [b.id, b]));
    // Version 1 keeps the row as it was before the pause.
    expect(figures.best).toMatchObject({ enabled: false, version: 2 });
    expect(figures.best.today).toMatchObject({
      pings: 1,
      bids: 1,
      posts: 1,
      sold: 1,
      revenue_cents: 8000,
      post_acceptance: 1,
    });
    expect(figures.best.today.p50_ms).toEqual(expect.any(Number));
    expect(figures.other.today).toMatchObject({ sold: 1, revenue_cents: 2000 });

    // A test lead counts nowhere: by the lead's own flag, or by its submission's.
    await t.database.db.execute(sql`update leads set test_mode = true where id = ${second.lead.id}`);
    await t.database.db.execute(sql`update auctions set test_mode = true where lead_id = ${first.lead.id}`);
    const live = (await inject(t)({ method: "GET", url: "/api/console/buyers", headers: manager.read })).json().data
      .buyers as { id: string; today: { pings: number; sold: number } }[];
    expect(live.map((b) => [b.id, b.today.pings, b.today.sold])).toEqual(
      expect.arrayContaining([
        ["best", 0, 0],
        ["other", 0, 0],
      ]),
    );
    await t.database.db.execute(sql`update leads set test_mode = false where id = ${second.lead.id}`);
    await t.database.db.execute(sql`update auctions set test_mode = false where lead_id = ${first.lead.id}`);

    const resumed = await inject(t)({
      method: "POST",
      url: "/api/console/buyers/best/resume",
      headers: manager.write,
      payload: {},
    });
    expect(resumed.json().data).toEqual({ id: "best", version: 3 });
    expect((await sell(t)).auction).toMatchObject({ status: "accepted", buyerId: "best" });
    const audit = await auditOf(t, "best");
    expect(audit.map((a) => [a.action, a.details.changed])).toEqual([
      ["buyer.pause", ["enabled"]],
      ["buyer.resume", ["enabled"]],
    ]);
    expect(audit[0]!.reason).toBe("caps renegotiation");
  });

  it("shows caps and budgets with what the auction counts against them, the weekly cap too", async () => {
    const t = bed.t;
    const manager = await signInAs(t, "manager");
    const capped = await bed.buyer({ ping: () => bid(50), post: () => accept() });
    await addBuyers(
      t.database.db,
      lenderConfig("capped", capped, {
        caps: { daily: 5, weekly: 10, monthly: 100 },
        budget: { daily: 50, monthly: 1000 },
      }),
    );
    expect((await sell(t)).auction).toMatchObject({ status: "accepted", buyerId: "capped", priceCents: 5000 });
    const list = (await inject(t)({ method: "GET", url: "/api/console/buyers", headers: manager.read })).json().data
      .buyers;
    const row = list.find((b: { id: string }) => b.id === "capped");
    expect(row.caps).toEqual({
      daily: { used: 1, cap: 5 },
      weekly: { used: 1, cap: 10 },
      monthly: { used: 1, cap: 100 },
    });
    expect(row.budgets).toEqual({
      daily: { used_cents: 5000, budget_cents: 5000 },
      monthly: { used_cents: 5000, budget_cents: 100_000 },
    });
    // Its day's budget is spent: it takes no lead of any price until its day turns.
    expect(row).toMatchObject({ state: "capped", full_caps: ["daily budget"] });
    const detail = (await inject(t)({ method: "GET", url: "/api/console/buyers/capped", headers: manager.read })).json()
      .data;
    expect(detail.buyer).toMatchObject({
      state: "capped",
      caps: { weekly: { used: 1, cap: 10 } },
      budgets: { daily: { used_cents: 5000, budget_cents: 5000 } },
    });
  });

  it("saves price rules and billing from the console, refusing a rule with no condition on the rule", async () => {
    const t = bed.t;
    const manager = await signInAs(t, "manager");
    const fake = await bed.buyer({ post: () => accept() });
    const money = {
      pricing: { kind: "fixed", price: 10, rules: [{ states: ["CA"], creditScores: ["GOOD"], price: 25 }] },
      billing: {
        kind: "credit",
        creditLimit: 500,
        lowRoomAlert: 50,
        email: "ap@priced.example",
        invoicePeriod: "weekly",
      },
      caps: { weekly: 20 },
      budget: { daily: 100 },
      pauseAfterPostErrors: 4,
    };
    const created = await inject(t)({
      method: "POST",
      url: "/api/console/buyers",
      headers: manager.write,
      payload: { config: lenderConfig("priced", fake, money) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const [row] = await t.database.db.select().from(buyers).where(eq(buyers.id, "priced"));
    expect(row!.config).toMatchObject(money);
    const detail = (await inject(t)({ method: "GET", url: "/api/console/buyers/priced", headers: manager.read })).json()
      .data;
    expect(detail.config).toMatchObject(money);
    // On credit with no account yet: its whole limit is its room.
    expect(detail.buyer).toMatchObject({
      state: "running",
      billing: "credit",
      account: { room_cents: 50_000, credited_cents: 0, charged_cents: 0, held_cents: 0 },
      caps: { weekly: { used: 0, cap: 20 } },
      budgets: { daily: { used_cents: 0, budget_cents: 10_000 } },
    });

    const bad = await inject(t)({
      method: "PUT",
      url: "/api/console/buyers/priced",
      headers: manager.write,
      payload: { config: { ...detail.config, pricing: { kind: "fixed", price: 10, rules: [{ price: 3 }] } } },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors).toEqual({
      "config.pricing.rules.0":
        "names at least one condition (states, credit, amount, source or publisher); the base price covers every lead",
    });
    expect((await versionsOfBuyer(t, "priced")).map((v) => v.version)).toEqual([1]);
  });

  it("lists a billed buyer without room as Out of money, after paused and before capped, with its account", async () => {
    const t = bed.t;
    const manager = await signInAs(t, "manager");
    const fake = await bed.buyer({ post: () => accept() });
    const prepaid = { billing: { kind: "prepaid" } };
    await addBuyers(
      t.database.db,
      // Billed, never paid: no account row yet, so no room.
      lenderConfig("unpaid", fake, prepaid),
      lenderConfig("paid", fake, prepaid),
      // Its whole limit owed, and a cap full besides: out of money is what stops it.
      lenderConfig("owing", fake, { billing: { kind: "credit", creditLimit: 100 }, caps: { daily: 0 } }),
      lenderConfig("resting", fake, { ...prepaid, enabled: false }),
      lenderConfig("unbilled", fake),
    );
    await t.database.db.insert(buyerAccounts).values([
      { buyerId: "paid", creditedCents: 10_000, chargedCents: 2_500, heldCents: 500 },
      { buyerId: "owing", creditedCents: 0, chargedCents: 10_000, heldCents: 0 },
      // An unbilled buyer's account (from when it was billed) limits nothing and is not shown.
      { buyerId: "unbilled", creditedCents: 0, chargedCents: 99_999, heldCents: 0 },
    ]);
    const list = (await inject(t)({ method: "GET", url: "/api/console/buyers", headers: manager.read })).json().data
      .buyers as { id: string }[];
    const rows = Object.fromEntries(list.map((b) => [b.id, b]));
    expect(rows.unpaid).toMatchObject({
      state: "no_room",
      full_caps: [],
      billing: "prepaid",
      account: { room_cents: 0, credited_cents: 0, charged_cents: 0, held_cents: 0 },
    });
    expect(rows.paid).toMatchObject({
      state: "running",
      account: { room_cents: 7_000, credited_cents: 10_000, charged_cents: 2_500, held_cents: 500 },
    });
    expect(rows.owing).toMatchObject({ state: "no_room", billing: "credit", account: { room_cents: 0 } });
    expect(rows.resting).toMatchObject({ state: "paused" });
    expect(rows.unbilled).toMatchObject({ state: "running", billing: "none", account: null });
    const detail = (await inject(t)({ method: "GET", url: "/api/console/buyers/unpaid", headers: manager.read })).json()
      .data;
    expect(detail.buyer).toMatchObject({ state: "no_room", billing: "prepaid", account: { room_cents: 0 } });
  });

  it("shows how each buyer stands on its row, naming a full cap, and counts its timeouts and failed connections", async () => {
    const t = bed.t;
    const manager = await signInAs(t, "manager");
    const sells = await bed.buyer({ ping: () => bid(50), post: () => accept() });
    const slow = await bed.buyer({ ping: () => ({ hang: true }) });
    const dropping = await bed.buyer({ ping: () => ({ drop: true }) });
    await addBuyers(
      t.database.db,
      lenderConfig("full", sells, { caps: { hourly: 5, daily: 1 } }),
      lenderConfig("slow", slow, { timeoutMs: 200 }),
      lenderConfig("dropping", dropping),
      // A schedule that opens on no day: never open.
      lenderConfig("closed", sells, { schedule: {} }),
      // Paused outranks a full cap.
      lenderConfig("stopped", sells, { enabled: false, caps: { daily: 0 } }),
    );
    expect((await sell(t)).auction).toMatchObject({ status: "accepted", buyerId: "full" });
    const list = (await inject(t)({ method: "GET", url: "/api/console/buyers", headers: manager.read })).json().data
      .buyers as { id: string; state: string; full_caps: string[]; today: Record<string, number> }[];
    const rows = Object.fromEntries(list.map((b) => [b.id, b]));
    expect(rows.full).toMatchObject({ state: "capped", full_caps: ["daily"], caps: { daily: { used: 1, cap: 1 } } });
    expect(rows.closed).toMatchObject({ state: "outside_hours", full_caps: [] });
    expect(rows.stopped).toMatchObject({ state: "paused", full_caps: [] });
    expect(rows.slow).toMatchObject({ state: "running", today: { timeouts: 1, connection_failures: 0 } });
    expect(rows.dropping).toMatchObject({ state: "running", today: { timeouts: 0, connection_failures: 1 } });
    expect(rows.full!.today).toMatchObject({ timeouts: 0, connection_failures: 0 });
    const detail = (await inject(t)({ method: "GET", url: "/api/console/buyers/full", headers: manager.read })).json()
      .data;
    expect(detail.buyer).toMatchObject({ state: "capped", full_caps: ["daily"] });
  });

  it("a shadow buyer is pinged, its bid recorded as shadow, never posted to and never the winner", async () => {
    const t = bed.t;
    const manager = await signInAs(t, "manager");
    const shadow = await bed.buyer({ ping: () => bid(95), post: () => accept("https://shadow.example/o") });
    const real = await bed.buyer({ ping: () => bid(30), post: () => accept("https://real.example/o") });
    await addBuyers(t.database.db, lenderConfig("real", real));
    const made = await inject(t)({
      method: "POST",
      url: "/api/console/buyers",
      headers: manager.write,
      payload: { config: lenderConfig("newcomer", shadow, { shadow: true }) },
    });
    expect(made.statusCode, made.body).toBe(201);
    const { lead, auction } = await sell(t);
    expect(auction).toMatchObject({ status: "accepted", buyerId: "real", priceCents: 3000 });
    expect(shadow.bodies.map((b) => b.path)).toEqual(["/ping"]);
    const calls = await t.database.db
      .select()
      .from(buyerCalls)
      .where(and(eq(buyerCalls.leadId, lead.id), eq(buyerCalls.buyerId, "newcomer")));
    expect(calls).toMatchObject([{ kind: "ping", state: "shadow_bid", reason: "shadow", priceCents: 9500 }]);
    const list = (await inject(t)({ method: "GET", url: "/api/console/buyers", headers: manager.read })).json().data
      .buyers;
    expect(list.find((b: { id: string }) => b.id === "newcomer")).toMatchObject({
      shadow: true,
      today: { pings: 1, bids: 1, posts: 0, sold: 0 },
    });
  });

  it("the test console sends the sample test lead and shows the exact request and answer, credentials masked", async () => {
    const t = bed.t;
    const manager = await signInAs(t, "manager");
    const fake = await bed.buyer({ ping: () => bid(42), post: () => accept("https://fake.example/offer") });
    await addBuyers(t.database.db, withCredentials("tested", fake));
    const res = await inject(t)({ method: "POST", url: "/api/console/buyers/tested/test", headers: manager.write });
    expect(res.statusCode, res.body).toBe(200);
    const { ping, post } = res.json().data;
    expect(ping.request).toMatchObject({
      method: "POST",
      url: `${fake.url}/ping`,
      headers: { "X-Api-Key": MASKED_SECRET, "X-Source": "loanpath", "content-type": "application/json" },
    });
    expect(JSON.parse(ping.request.body)).toEqual({ state: "NY", amount: 1000, emailHash: "0".repeat(64) });
    expect(ping.answer).toMatchObject({ status: 200, read: { ok: true, accepted: true, price: 42, id: "p-42" } });
    expect(ping.answer.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(ping.answer.body)).toEqual({ result: "accepted", price: 42, id: "p-42" });
    expect(ping.answer.latency_ms).toEqual(expect.any(Number));

    const sent = JSON.parse(post.request.body);
    expect(sent).toMatchObject({ first_name: "Test", email: "test.applicant@example.com", ssn: "000000000" });
    expect(sent.auth).toEqual({ password: MASKED_SECRET });
    expect(post.answer.read).toEqual({
      ok: true,
      accepted: true,
      id: "sale-1",
      redirect_url: "https://fake.example/offer",
    });
    expect(res.body).not.toContain(API_KEY);
    expect(res.body).not.toContain(PASSWORD);
    // The buyer itself got the real credentials, and a test lead.
    expect(JSON.parse(fake.bodies.find((b) => b.path === "/post")!.body).auth).toEqual({ password: PASSWORD });
    expect(await t.database.db.select().from(buyerCalls).where(eq(buyerCalls.buyerId, "tested"))).toEqual([]);
    expect(await auditOf(t, "tested")).toMatchObject([
      { action: "buyer.test", details: { ping_status: 200, post_status: 200 } },
    ]);
  });
});

describe("console buyers over BUYERS_FILE", () => {
  it("lists file buyers as such; the first console change keeps the file's entry as version 1", async () => {
    const file = join(tmpdir(), `buyers-${randomBytes(4).toString("hex")}.json`);
    writeFileSync(file, JSON.stringify([lenderConfig("from-file", { url: "http://127.0.0.1:9" })]));
    const t = await createTestApp({ BUYERS_FILE: file });
    try {
      const manager = await signInAs(t, "manager");
      const list = (await t.app.inject({ method: "GET", url: "/api/console/buyers", headers: manager.read })).json();
      expect(list.data.buyers.find((b: { id: string }) => b.id === "from-file")).toMatchObject({
        source: "file",
        overrides: null,
        version: null,
      });
      const paused = await t.app.inject({
        method: "POST",
        url: "/api/console/buyers/from-file/pause",
        headers: manager.write,
        payload: {},
      });
      expect(paused.json().data).toEqual({ id: "from-file", version: 2 });
      const detail = (
        await t.app.inject({ method: "GET", url: "/api/console/buyers/from-file", headers: manager.read })
      ).json().data;
      expect(detail.buyer).toMatchObject({ source: "console", overrides: "file", enabled: false });
      expect(detail.versions).toMatchObject([
        { version: 2, enabled: false, operator_email: manager.email, changed: ["enabled"] },
        { version: 1, enabled: true, operator_email: "(BUYERS_FILE)" },
      ]);
      // The registry the auction reads sees the row over the file at once.
      const current = await t.app.buyerRegistry.current();
      expect(current.find((b) => b.id === "from-file")?.enabled).toBe(false);
    } finally {
      await t.app.close();
    }
  });
});
