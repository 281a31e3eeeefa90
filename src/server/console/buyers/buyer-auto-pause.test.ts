import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { signInAs } from "../../../../tests/helpers/console-session.ts";
import type { TestApp } from "../../../../tests/helpers/test-app.ts";
import { auditLog, buyerVersions, mailOutbox, operators } from "../../platform/db/schema.ts";
import {
  addBuyers,
  auctionTestBed,
  decided,
  decline,
  lenderConfig,
  saveLead,
  sendLead,
  type Answer,
  type FakeBuyer,
} from "../../distribution/auction/auction.testing.ts";
import { countPostOutcome, postFailuresInARow } from "../../distribution/auction/post-failures.ts";
import { AUTO_PAUSE_MAIL, pauseFailingBuyer } from "./buyer-auto-pause.ts";

// The pause after post errors end to end (docs/product/buyer-money.md#pause-after-post-errors): a buyer whose posts
// time out its limit's number of times in a row is paused by itself, as a version with its audit entry, and the owners
// and managers are mailed; a rejection sets the count back; a buyer without the setting is never paused; a resume
// starts the count again; two pauses at once write one version.

const bed = auctionTestBed();
/** Never answers: cut at the buyer's timeout, however fast or slow the machine. */
const HANG: Answer = { hang: true };
const SERVER_ERROR: Answer = { status: 500, body: "" };
const DROPPED: Answer = { drop: true };

/** A direct-post buyer (no ping whose timing could keep it from its post) at a fixed price; override anything. */
const directPost = (id: string, server: FakeBuyer, price: number, overrides: Record<string, unknown> = {}) =>
  lenderConfig(id, server, { mode: "direct_post", ping: undefined, pricing: { kind: "fixed", price }, ...overrides });
const posts = (s: FakeBuyer) => s.bodies.filter((b) => b.path === "/post").length;

/** Sends one lead and waits for its auction's decision. */
async function auction(t: TestApp) {
  const lead = await saveLead(t);
  expect((await sendLead(t.app, lead)).statusCode).toBe(200);
  return decided(t.database.db, lead.id);
}

async function enabledOf(t: TestApp, id: string) {
  return (await t.app.buyerRegistry.current()).find((b) => b.id === id)?.enabled;
}

const versionsOf = (t: TestApp, id: string) =>
  t.database.db.select().from(buyerVersions).where(eq(buyerVersions.buyerId, id)).orderBy(asc(buyerVersions.version));

const auditOf = (t: TestApp, id: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.target, id)).orderBy(asc(auditLog.id));

const pauseMails = (t: TestApp) =>
  t.database.db.select().from(mailOutbox).where(eq(mailOutbox.purpose, AUTO_PAUSE_MAIL)).orderBy(asc(mailOutbox.id));

describe("the pause after post errors", () => {
  it("pauses a buyer whose posts time out five times in a row, versioned, audited and mailed; never one without the setting", async () => {
    const t = bed.t;
    const owner = await signInAs(t, "owner");
    const manager = await signInAs(t, "manager");
    await signInAs(t, "compliance");
    const gone = await signInAs(t, "owner");
    await t.database.db.update(operators).set({ disabledAt: new Date() }).where(eq(operators.id, gone.id));
    // Neither answers its post: each lead times out at both, the better price first.
    const flaky = await bed.buyer({ post: () => HANG });
    const steady = await bed.buyer({ post: () => HANG });
    await addBuyers(
      t.database.db,
      directPost("flaky", flaky, 50, { timeoutMs: 100, pauseAfterPostErrors: 5 }),
      directPost("unlimited", steady, 20, { timeoutMs: 100 }),
    );

    for (let i = 0; i < 4; i++) expect(await auction(t)).toMatchObject({ status: "rejected" });
    expect(await postFailuresInARow(t.database.db, "flaky")).toBe(4);
    expect(await enabledOf(t, "flaky")).toBe(true);
    expect(await pauseMails(t)).toEqual([]);

    await auction(t);
    expect(posts(flaky)).toBe(5);
    expect(await enabledOf(t, "flaky")).toBe(false);
    const versions = await versionsOf(t, "flaky");
    expect(versions.map((v) => [v.version, v.enabled, v.operatorId, v.operatorEmail])).toEqual([
      [1, true, null, "(buyers table)"],
      [2, false, null, "(auto-pause)"],
    ]);
    expect(versions[1]!.note).toBe("paused by itself after 5 failed posts in a row (its limit: 5)");
    const audit = await auditOf(t, "flaky");
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({
      action: "buyer.pause",
      operatorId: null,
      operatorEmail: "(auto-pause)",
      reason: versions[1]!.note,
      details: { version: 2, changed: ["enabled"], in_a_row: 5, limit: 5 },
    });
    // The enabled owner and manager are told, not the compliance officer nor the disabled owner.
    const mails = await pauseMails(t);
    expect(mails.map((m) => m.toAddress).sort()).toEqual([owner.email, manager.email].sort());
    expect(mails[0]).toMatchObject({
      status: "pending",
      subject: "Loanpath: buyer Lender flaky paused after 5 failed posts",
    });
    expect(mails[0]!.body).toContain("(flaky)");
    const line = t
      .logs()
      .split("\n")
      .find((l) => l.includes("buyer paused after failed posts"));
    expect(JSON.parse(line!)).toMatchObject({ level: 40, buyer_id: "flaky", in_a_row: 5 });

    // Paused, it is offered no more leads; the buyer without the setting fails on and is never paused.
    await auction(t);
    expect(posts(flaky)).toBe(5);
    expect(posts(steady)).toBe(6);
    expect(await enabledOf(t, "unlimited")).toBe(true);
    expect(await versionsOf(t, "unlimited")).toEqual([]);
    expect(await postFailuresInARow(t.database.db, "unlimited")).toBe(0);

    // Resumed in the console, it counts from 0 again: its next failure does not pause it.
    const resumed = await t.app.inject({
      method: "POST",
      url: "/api/console/buyers/flaky/resume",
      headers: manager.write,
      payload: {},
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(await postFailuresInARow(t.database.db, "flaky")).toBe(0);
    await auction(t);
    expect(posts(flaky)).toBe(6);
    expect(await postFailuresInARow(t.database.db, "flaky")).toBe(1);
    expect(await enabledOf(t, "flaky")).toBe(true);
    expect(await pauseMails(t)).toHaveLength(2);
  });

  it("does not pause a buyer whose failures a rejection broke: four, a rejection, four", async () => {
    const t = bed.t;
    await signInAs(t, "owner");
    // Error answers and dropped connections, which fail at once: a slow machine cannot turn the rejection into a timeout.
    const failures = [SERVER_ERROR, DROPPED, SERVER_ERROR, DROPPED];
    const script: Answer[] = [...failures, decline, ...failures];
    const fake = await bed.buyer({ post: () => script.shift() ?? decline });
    await addBuyers(t.database.db, directPost("patchy", fake, 30, { pauseAfterPostErrors: 5 }));
    for (let i = 0; i < 9; i++) expect(await auction(t)).toMatchObject({ status: "rejected" });
    expect(posts(fake)).toBe(9);
    expect(await postFailuresInARow(t.database.db, "patchy")).toBe(4);
    expect(await enabledOf(t, "patchy")).toBe(true);
    expect(await versionsOf(t, "patchy")).toEqual([]);
    expect(await pauseMails(t)).toEqual([]);
  });

  it("writes one version when two processes pause the buyer at once, and none once it was resumed", async () => {
    const t = bed.t;
    const owner = await signInAs(t, "owner");
    const fake = await bed.buyer({ post: () => decline });
    await addBuyers(t.database.db, directPost("twice", fake, 30, { pauseAfterPostErrors: 2 }));
    await countPostOutcome(t.database.db, "twice", true);
    const seeds = t.app.buyerRegistry.seeds();
    // Below its limit: not paused.
    expect(await pauseFailingBuyer(t.database.db, seeds, "twice")).toBeUndefined();
    await countPostOutcome(t.database.db, "twice", true);
    const both = await Promise.all([
      pauseFailingBuyer(t.database.db, seeds, "twice"),
      pauseFailingBuyer(t.database.db, seeds, "twice"),
    ]);
    expect(both.sort()).toEqual([2, undefined]);
    expect((await versionsOf(t, "twice")).map((v) => v.enabled)).toEqual([true, false]);
    expect((await auditOf(t, "twice")).map((a) => a.action)).toEqual(["buyer.pause"]);
    expect((await pauseMails(t)).map((m) => m.toAddress)).toEqual([owner.email]);

    // A failure counted before the resume, whose pause comes after it, does not pause it again.
    const resumed = await t.app.inject({
      method: "POST",
      url: "/api/console/buyers/twice/resume",
      headers: owner.write,
      payload: {},
    });
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(await pauseFailingBuyer(t.database.db, seeds, "twice")).toBeUndefined();
    expect(await enabledOf(t, "twice")).toBe(true);
    expect(await versionsOf(t, "twice")).toHaveLength(3);
  });
});
