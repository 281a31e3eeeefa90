import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import type { PublisherSettings } from "../../../domain/partners/publisher.ts";
import { eq } from "drizzle-orm";
import { auctions, leads, publishers } from "../../platform/db/schema.ts";
import { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { appendLedger } from "../../partners/ledger/ledger-store.ts";
import { createPublisher } from "../../partners/publishers/publisher-store.ts";
import { countClick } from "../../partners/tracking/click-count.ts";
import { NOT_ALLOWED } from "../access/console-access.ts";
import { runOperatorCommand } from "../access/operator-command.ts";
import { consoleRoutes } from "../../../../tests/helpers/console-routes.ts";

const publisher = (id: string, affId: string): PublisherSettings => ({
  id,
  name: `Publisher ${id}`,
  aff_id: affId,
  payout_kind: "per_sold",
  payout_amount: 700,
  hold_days: 30,
  postback_url: null,
  enabled: true,
});

describe("a publisher's own view", () => {
  let t: TestApp;
  let acme: ConsoleUser;
  let beta: ConsoleUser;
  const today = new Date().toISOString().slice(0, 10);
  const month = today.slice(0, 7);

  async function submitted(id: string, affId: string, sub1: string, sold: boolean, at = new Date()) {
    await t.database.db.insert(leads).values({ id, accessTokenHash: `h-${id}`, email: `${id}@example.com` });
    await t.database.db.insert(auctions).values({
      createdAt: at,
      leadId: id,
      status: sold ? "accepted" : "rejected",
      priceCents: sold ? 4000 : null,
      attribution: { aff_id: affId, aff_sub1: sub1 },
      deadlineAt: new Date(),
      decidedAt: new Date(),
    });
  }

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_BASE_URL: "https://loanpath.example" });
    const db = t.database.db;
    const cipher = new PiiCipher(t.secrets.piiKeyring);
    await createPublisher(db, cipher, publisher("acme", "A100"));
    await createPublisher(db, cipher, publisher("beta", "B200"));
    for (const sub1 of ["spring", "spring", "fall", ""]) await countClick(db, "acme", sub1, new Date());
    await countClick(db, "beta", "x", new Date());
    await submitted("ld_1", "A100", "spring", true);
    await submitted("ld_2", "A100", "spring", true);
    await submitted("ld_3", "A100", "fall", true);
    await submitted("ld_4", "A100", "fall", false);
    await submitted("ld_b", "B200", "x", true);
    await db.transaction((tx) =>
      appendLedger(tx, [
        { kind: "payout_earned", leadId: "ld_1", publisherId: "acme", amountCents: 700 },
        { kind: "payout_final", leadId: "ld_1", publisherId: "acme", amountCents: 700 },
        { kind: "payout_earned", leadId: "ld_2", publisherId: "acme", amountCents: 500 },
        { kind: "payout_earned", leadId: "ld_3", publisherId: "acme", amountCents: 300 },
        { kind: "returned", leadId: "ld_3", buyerId: "b1", amountCents: -4000 },
        { kind: "payout_reversed", leadId: "ld_3", publisherId: "acme", amountCents: -300 },
        { kind: "payout_earned", leadId: "ld_b", publisherId: "beta", amountCents: 999 },
      ]),
    );
    acme = await signInAs(t, "publisher", undefined, "acme");
    beta = await signInAs(t, "publisher", undefined, "beta");
  });
  afterAll(() => t.app.close());

  const get = (user: ConsoleUser, url: string) => t.app.inject({ method: "GET", url, headers: user.read });

  it("counts none of the applications that came before the publisher was made, though they carry its aff_id", async () => {
    const db = t.database.db;
    // Older traffic with the aff_id (a seeded database's, say), then the publisher, then one lead of its own.
    await submitted("ld_old_1", "C300", "", true, new Date(Date.now() - 60_000));
    await submitted("ld_old_2", "C300", "", false, new Date(Date.now() - 60_000));
    await createPublisher(db, new PiiCipher(t.secrets.piiKeyring), publisher("gamma", "C300"));
    await submitted("ld_new", "C300", "", true);
    const gamma = await signInAs(t, "publisher", undefined, "gamma");
    const res = await get(gamma, "/api/console/my-traffic");
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.totals).toMatchObject({ completed: 1, sold: 1 });
  });

  it("shows a publisher its own month by day and by sub id, and nothing of another's or of a person", async () => {
    const res = await get(acme, "/api/console/my-traffic");
    expect(res.statusCode, res.body).toBe(200);
    const data = res.json().data;
    expect(data.publisher).toEqual({ id: "acme", name: "Publisher acme" });
    expect(data.tracking_link).toBe("https://loanpath.example/r/acme");
    expect(data.month).toBe(month);
    const totals = {
      clicks: 4,
      completed: 4,
      sold: 3,
      earned_cents: 1500,
      pending_cents: 500,
      final_cents: 700,
      reversed_cents: -300,
      returns: 1,
    };
    expect(data.totals).toEqual(totals);
    expect(data.by_day).toEqual([{ key: today, ...totals }]);
    expect(data.by_sub1).toEqual([
      {
        key: "",
        clicks: 1,
        completed: 0,
        sold: 0,
        earned_cents: 0,
        pending_cents: 0,
        final_cents: 0,
        reversed_cents: 0,
        returns: 0,
      },
      {
        key: "fall",
        clicks: 1,
        completed: 2,
        sold: 1,
        earned_cents: 300,
        pending_cents: 0,
        final_cents: 0,
        reversed_cents: -300,
        returns: 1,
      },
      {
        key: "spring",
        clicks: 2,
        completed: 2,
        sold: 2,
        earned_cents: 1200,
        pending_cents: 500,
        final_cents: 700,
        reversed_cents: 0,
        returns: 0,
      },
    ]);
    expect(res.body).not.toContain("999");
    expect(res.body).not.toContain("ld_");
    expect(res.body).not.toContain("example.com");

    const other = (await get(beta, "/api/console/my-traffic")).json().data;
    expect(other.totals).toMatchObject({ clicks: 1, completed: 1, sold: 1, earned_cents: 999 });
    // Another month: nothing, and a made-up month is refused.
    expect((await get(acme, "/api/console/my-traffic?month=2020-01")).json().data).toMatchObject({
      by_day: [],
      by_sub1: [],
      totals: { clicks: 0, earned_cents: 0 },
    });
    expect((await get(acme, "/api/console/my-traffic?month=2020-13")).statusCode).toBe(400);
  });

  it("counts a return approved after the payout became final, which reversed nothing (#a-publishers-own-view)", async () => {
    const db = t.database.db;
    await createPublisher(db, new PiiCipher(t.secrets.piiKeyring), publisher("delta", "D400"));
    await submitted("ld_g", "D400", "late", true);
    await db.transaction((tx) =>
      appendLedger(tx, [
        { kind: "payout_earned", leadId: "ld_g", publisherId: "delta", amountCents: 700 },
        { kind: "payout_final", leadId: "ld_g", publisherId: "delta", amountCents: 700 },
        { kind: "returned", leadId: "ld_g", buyerId: "b1", amountCents: -4000 },
      ]),
    );
    const delta = await signInAs(t, "publisher", undefined, "delta");
    const data = (await get(delta, "/api/console/my-traffic")).json().data;
    expect(data.totals).toMatchObject({ sold: 1, final_cents: 700, reversed_cents: 0, returns: 1 });
    expect(data.by_sub1).toEqual([expect.objectContaining({ key: "late", returns: 1, reversed_cents: 0 })]);
  });

  it("exports the same figures as CSV", async () => {
    const res = await get(acme, `/api/console/my-traffic.csv?month=${month}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toMatch(/^text\/csv/);
    expect(res.headers["content-disposition"]).toContain(`traffic-acme-${month}.csv`);
    const lines = res.body.split("\r\n");
    expect(lines[0]).toBe(
      '"by","day or sub 1","clicks","completed","sold","earned","pending","final","reversed","returns"',
    );
    expect(lines).toContain(`"day","${today}","4","4","3","15.00","5.00","7.00","-3.00","1"`);
    expect(lines).toContain('"sub1","spring","2","2","2","12.00","5.00","7.00","0.00","0"');
    expect(lines.at(-1)).toBe(`"month","${month}","4","4","3","15.00","5.00","7.00","-3.00","1"`);
  });

  it("answers 403 to a publisher everywhere else", async () => {
    for (const url of [
      "/api/console/leads",
      "/api/console/buyers",
      "/api/console/reports/today",
      "/api/console/reports/funnel",
      "/api/console/publishers",
      "/api/console/publishers/acme",
      "/api/console/operators",
      "/api/console/audit",
      "/api/console/privacy-requests",
    ]) {
      const res = await get(acme, url);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(NOT_ALLOWED);
    }
    const change = await t.app.inject({
      method: "POST",
      url: "/api/console/publishers/acme/api-keys",
      headers: acme.write,
      payload: { label: "mine" },
    });
    expect(change.statusCode).toBe(403);
  });

  it("answers 403 to a publisher on every console route but its own and its session", async () => {
    // Its own session, and its own account's time zone (the session's), are a publisher's like anyone's.
    const routes = consoleRoutes(
      t.app,
      (path) => path.startsWith("/api/console/session") || path.startsWith("/api/console/my-traffic"),
    );
    expect(routes.length).toBeGreaterThan(25);
    for (const { method, url } of routes) {
      const res = await t.app.inject({
        method: method as "GET",
        url,
        headers: method === "GET" ? acme.read : acme.write,
        payload: method === "GET" ? undefined : {},
      });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
    }
  });

  it("answers 403 on My traffic to every role bound to no publisher", async () => {
    for (const role of ["owner", "manager"] as const) {
      const user = await signInAs(t, role);
      expect((await get(user, "/api/console/my-traffic")).statusCode, role).toBe(403);
    }
  });

  it("an owner makes a publisher account on the Operators API, bound to an existing publisher", async () => {
    const owner = await signInAs(t, "owner");
    const make = (payload: Record<string, unknown>) =>
      t.app.inject({ method: "POST", url: "/api/console/operators", headers: owner.write, payload });
    const unbound = await make({ email: "p1@acme.test", name: "P", role: "publisher" });
    expect(unbound.statusCode).toBe(400);
    expect(unbound.json().errors).toEqual({ publisher_id: "Choose the publisher this account sees." });
    const unknown = await make({ email: "p1@acme.test", name: "P", role: "publisher", publisher_id: "nobody" });
    expect(unknown.json().errors).toEqual({ publisher_id: "No publisher with that id." });
    const misbound = await make({ email: "p1@acme.test", name: "P", role: "manager", publisher_id: "acme" });
    expect(misbound.statusCode).toBe(400);
    const made = await make({ email: "p1@acme.test", name: "P", role: "publisher", publisher_id: "acme" });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json().data.operator).toMatchObject({ role: "publisher", publisher_id: "acme" });
    const id = made.json().data.operator.id as string;
    const promote = await t.app.inject({
      method: "PATCH",
      url: `/api/console/operators/${id}`,
      headers: owner.write,
      payload: { role: "owner" },
    });
    expect(promote.statusCode).toBe(409);
  });

  it("the command line makes a publisher account only with an existing publisher", async () => {
    const printed: string[] = [];
    const run = (args: string[]) =>
      runOperatorCommand(
        args,
        { db: t.database.db, cipher: new PiiCipher(t.secrets.piiKeyring) },
        { readPassword: async () => "", print: (text) => printed.push(text) },
      );
    await expect(run(["create", "--email", "p2@acme.test", "--name", "P2", "--role", "publisher"])).rejects.toThrow(
      /--publisher: Choose the publisher/,
    );
    await expect(
      run(["create", "--email", "p2@acme.test", "--name", "P2", "--role", "publisher", "--publisher", "nobody"]),
    ).rejects.toThrow(/no publisher with the id nobody/);
    await run(["create", "--email", "p2@acme.test", "--name", "P2", "--role", "publisher", "--publisher", "beta"]);
    expect(printed.join("\n")).toContain("Created publisher p2@acme.test.");
  });

  it("takes the month and its days in the reader's time zone; a UTC day's clicks go to the local day of its noon", async () => {
    // 03:00 UTC on 1 March 2026 is 22:00 on 28 February in New York.
    const at = new Date("2026-03-01T03:00:00Z");
    // Beta is credited only with what came after it was made (#a-publishers-own-view): made before that night here.
    await t.database.db
      .update(publishers)
      .set({ createdAt: new Date("2026-01-01T00:00:00Z") })
      .where(eq(publishers.id, "beta"));
    await countClick(t.database.db, "beta", "late", at);
    await t.database.db.insert(leads).values({ id: "ld_late", accessTokenHash: "h-ld_late" });
    await t.database.db.insert(auctions).values({
      leadId: "ld_late",
      status: "accepted",
      priceCents: 4000,
      attribution: { aff_id: "B200", aff_sub1: "late" },
      deadlineAt: at,
      decidedAt: at,
      createdAt: at,
    });
    const month = async (query: string) => {
      const res = await get(beta, `/api/console/my-traffic?${query}`);
      expect(res.statusCode, res.body).toBe(200);
      const data = res.json().data;
      return { totals: data.totals, days: data.by_day.map((d: { key: string; sold: number }) => [d.key, d.sold]) };
    };
    const utc = await month("month=2026-03&tz=UTC");
    expect(utc.totals).toMatchObject({ clicks: 1, completed: 1, sold: 1 });
    expect(utc.days).toEqual([["2026-03-01", 1]]);
    const newYorkMarch = await month("month=2026-03&tz=America%2FNew_York");
    expect(newYorkMarch.totals).toMatchObject({ clicks: 1, completed: 0, sold: 0 });
    const newYorkFebruary = await month("month=2026-02&tz=America%2FNew_York");
    expect(newYorkFebruary.totals).toMatchObject({ clicks: 0, completed: 1, sold: 1 });
    expect(newYorkFebruary.days).toEqual([["2026-02-28", 1]]);
    expect((await get(beta, "/api/console/my-traffic?tz=Mars%2FOlympus")).statusCode).toBe(400);
  });
});
