import type { IncomingMessage } from "node:http";
import { loopbackFetch } from "../../platform/net/outbound-guard.testing.ts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createLead } from "../../../../tests/helpers/lead-client.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { marketingErasures, marketingOutbox, privacyRequests } from "../../platform/db/schema.ts";
import { erasePerson } from "../privacy/erase-person.ts";
import { json, startFakeHttpServer, type FakeHttpServer } from "../../intake/lookups/fake-http-server.testing.ts";
import { neverTimesOut, stall } from "../../platform/net/timeout-signal.testing.ts";
import { recordPrivacyRequest } from "../../compliance/privacy-request-store.ts";
import { createBrevoClient } from "./brevo-client.ts";
import { retryDelayMs } from "../../platform/outbox/retry-delay.ts";
import { syncMarketingOutbox } from "./sync-outbox.ts";

let t: TestApp;
let brevo: FakeHttpServer;
/** What the fake Brevo accepted, by e-mail and lists. */
let accepted: string[];
let brevoDown: boolean;

function readJson(request: IncomingMessage): Promise<{ email: string; listIds: number[] }> {
  return new Promise((resolve) => {
    let text = "";
    request.on("data", (chunk: Buffer) => (text += chunk.toString()));
    request.on("end", () => resolve(JSON.parse(text) as { email: string; listIds: number[] }));
  });
}

/** What the fake Brevo deleted, by e-mail. */
let deleted: string[];
/** How long this process stalls after the fake Brevo's next answer, as a loaded machine deschedules it (0: not). */
let stallMs: number;

beforeEach(async () => {
  t = await createTestApp();
  accepted = [];
  brevoDown = false;
  deleted = [];
  stallMs = 0;
  brevo = await startFakeHttpServer((request, response) => {
    if (brevoDown) return json(503, "<html>maintenance</html>")(request, response);
    if (request.method === "DELETE") {
      deleted.push(decodeURIComponent(/\/contacts\/([^?]+)/.exec(request.url ?? "")?.[1] ?? ""));
      return json(204, "")(request, response);
    }
    void readJson(request).then((body) => {
      accepted.push(`${body.email} ${body.listIds.join(",")}`);
      json(201, { id: accepted.length })(request, response);
      if (stallMs > 0) stall(stallMs);
      stallMs = 0;
    });
  });
});
afterEach(async () => {
  await t.app.close();
  await brevo.close();
});

// No wall-clock timeout: after a stall, a due timer runs before the answer that arrived is read, and a call Brevo
// took counted as timed out (retried; nothing sent) on a loaded machine (docs/decisions/0046-tests-under-load.md).
// brevo-client.test.ts tests the timeout.
const lists = () =>
  createBrevoClient({ fetch: loopbackFetch(), apiKey: "k", baseUrl: brevo.url, timeout: neverTimesOut });
const sync = () => ({ db: t.database.db, lists: lists(), tokenSecret: t.secrets.tokenSecret });
const signup = (lead: { id: string; cookie: string }) =>
  t.app.inject({ method: "POST", url: "/api/brevo", payload: { lead_id: lead.id }, headers: { cookie: lead.cookie } });
const mappingStep = (lead: { id: string; cookie: string }, listIds: number[]) =>
  t.app.inject({
    method: "PUT",
    url: "/api/brevo/mapping-step",
    payload: { lead_id: lead.id, listIds, email: "someone.else@example.com" },
    headers: { cookie: lead.cookie },
  });

describe("marketing lists", () => {
  it("queues the lead's own e-mail, once per set of lists, only for the browser that holds the lead", async () => {
    const lead = await createLead(t.app, { email: "ada@example.com", first_name: "Ada" });
    expect((await signup(lead)).json()).toMatchObject({ status: 200, data: { queued: true } });
    expect((await signup(lead)).statusCode).toBe(200);
    expect((await mappingStep(lead, [15, 14])).statusCode).toBe(200);
    expect((await signup({ id: lead.id, cookie: "" })).statusCode).toBe(404);
    expect((await mappingStep(lead, [15, 99])).statusCode).toBe(400);
    const rows = await t.database.db.select().from(marketingOutbox);
    expect(rows.map((r) => [r.listIds, r.updateEnabled])).toEqual([
      [[47], false],
      [[15, 14], true],
    ]);

    expect(await syncMarketingOutbox(sync())).toMatchObject({ sent: 2 });
    // The lead's e-mail, never the one the request named.
    expect(accepted).toEqual(["ada@example.com 47", "ada@example.com 15,14"]);
    expect(await syncMarketingOutbox(sync())).toMatchObject({ sent: 0 });
  });

  it("ends its pass after the call in flight when the process stops, and hands the rest back at once", async () => {
    const lead = await createLead(t.app, { email: "ada@example.com", first_name: "Ada" });
    expect((await signup(lead)).statusCode).toBe(200);
    expect((await mappingStep(lead, [15, 14])).statusCode).toBe(200);
    const now = new Date();
    // The stop comes while the first entry is with Brevo, and the process then stalls (longer than the 2 s timeout
    // these tests' client once had) before it reads Brevo's answer.
    stallMs = 2_100;
    expect(await syncMarketingOutbox(sync(), now, () => accepted.length > 0)).toMatchObject({
      sent: 1,
      handedBack: 1,
    });
    expect(await syncMarketingOutbox(sync(), now)).toMatchObject({ sent: 1 });
    expect(accepted).toEqual(["ada@example.com 47", "ada@example.com 15,14"]);
  });

  it("loses nothing and sends nothing twice through a Brevo outage of several minutes", async () => {
    const leads = await Promise.all(
      ["a", "b", "c"].map((n) => createLead(t.app, { email: `${n}@example.com`, first_name: n })),
    );
    for (const lead of leads) await signup(lead);
    brevoDown = true;
    const start = new Date();
    let now = start;
    // Seven minutes of passes every 10 s while Brevo is down: every entry waits for its next try.
    for (let s = 0; s <= 420; s += 10) {
      now = new Date(start.getTime() + s * 1000);
      const report = await syncMarketingOutbox(sync(), now);
      expect(report.sent).toBe(0);
    }
    expect(accepted).toEqual([]);
    brevoDown = false;
    // Back up: within the longest pause so far every entry is sent, each once.
    for (let s = 10; s <= retryDelayMs(6) / 1000; s += 10) {
      await syncMarketingOutbox(sync(), new Date(now.getTime() + s * 1000));
    }
    expect(accepted.sort()).toEqual(["a@example.com 47", "b@example.com 47", "c@example.com 47"]);
    const rows = await t.database.db.select().from(marketingOutbox);
    expect(rows.every((r) => r.status === "sent" && r.attempts > 1)).toBe(true);
  });

  it("never sends a person who opted out, by e-mail or by phone, even when queued before", async () => {
    const byEmail = await createLead(t.app, { email: "quiet@example.com" });
    const byPhone = await createLead(t.app, { email: "calm@example.com", cell_phone: "2127364188" });
    await signup(byEmail);
    await signup(byPhone);
    for (const [email, phone] of [
      ["quiet@example.com", "3107364100"],
      ["other@example.com", "2127364188"],
    ]) {
      await recordPrivacyRequest(t.database.db, {
        kind: "unsubscribe",
        dedupeKey: email!,
        email: email!,
        phone: phone!,
        payload: { email: email!, phone: phone!, unsubscribe: "OTHER" },
        ip: undefined,
      });
    }
    expect(await syncMarketingOutbox(sync())).toMatchObject({ suppressed: 2, sent: 0 });
    expect(accepted).toEqual([]);
  });
  it("deletes an erased person's contact at Brevo, through an outage, and then keeps no copy of the address", async () => {
    const lead = await createLead(t.app, { email: "Gone.Soon@example.com", first_name: "Gone" });
    const stays = await createLead(t.app, { email: "stays@example.com", first_name: "Stays" });
    await signup(lead);
    await signup(stays);
    expect(await syncMarketingOutbox(sync())).toMatchObject({ sent: 2 });
    const [request] = await t.database.db
      .insert(privacyRequests)
      .values({ id: "PR-0000000001", kind: "do-not-sell", dedupeKey: "k", email: "gone.soon@example.com", payload: {} })
      .returning();
    await erasePerson(t.database.db, t.secrets.tokenSecret, {
      id: request!.id,
      email: "gone.soon@example.com",
      phone: null,
    });

    brevoDown = true;
    const start = new Date();
    expect(await syncMarketingOutbox(sync(), start)).toMatchObject({ erased: 0, retrying: 1 });
    brevoDown = false;
    expect(await syncMarketingOutbox(sync(), new Date(start.getTime() + retryDelayMs(0) + 1000))).toMatchObject({
      erased: 1,
    });
    expect(deleted).toEqual(["gone.soon@example.com"]);
    expect(await t.database.db.select().from(marketingErasures)).toEqual([]);
    expect(await syncMarketingOutbox(sync())).toMatchObject({ erased: 0, sent: 0 });
  });
});
