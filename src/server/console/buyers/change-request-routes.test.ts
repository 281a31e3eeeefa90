import { and, desc, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { addBuyers, lenderConfig } from "../../distribution/auction/auction.testing.ts";
import { auditLog, buyerChangeRequests, buyerVersions, mailOutbox } from "../../platform/db/schema.ts";
import { NOT_ALLOWED } from "../access/console-access.ts";
import { ALREADY_DECIDED, CHANGE_REQUEST_MAIL, STALE_REQUEST } from "./change-request-store.ts";

// Buyers' change requests (docs/product/buyer-money.md#change-requests): asked for in the portal, decided by an
// operator, in force only once approved, and never over a change made since.

const API_KEY = "k-9d2e7c41aa";

/** A fixed-price lender with a credential in its ping headers and a billing address. */
const acme = (overrides: Record<string, unknown> = {}) => {
  const base = lenderConfig("acme", { url: "https://acme.example" });
  return {
    ...base,
    ping: { ...base.ping, headers: { "X-Api-Key": API_KEY } },
    pricing: { kind: "fixed", price: 20 },
    caps: { hourly: 5, daily: 50 },
    billing: { email: "billing@acme.test" },
    ...overrides,
  };
};

let t: TestApp;
let owner: ConsoleUser;
let buyer: ConsoleUser;
beforeEach(async () => {
  t = await createTestApp();
  await addBuyers(t.database.db, acme(), lenderConfig("other", { url: "https://other.example" }));
  owner = await signInAs(t, "owner");
  buyer = await signInAs(t, "buyer", undefined, "acme");
});
afterEach(() => t.app.close());

const ask = (user: ConsoleUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/console/portal/change-requests", headers: user.write, payload });
const decide = (user: ConsoleUser, id: string, action: "approve" | "reject", note?: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/console/change-requests/${id}/${action}`,
    headers: user.write,
    payload: note === undefined ? {} : { note },
  });
const list = (user: ConsoleUser, query = "") =>
  t.app.inject({ method: "GET", url: `/api/console/change-requests${query}`, headers: user.read });
const registryBuyer = async (id: string) => (await t.app.buyerRegistry.current()).find((b) => b.id === id)!;
const versionsOf = (id: string) =>
  t.database.db.select().from(buyerVersions).where(eq(buyerVersions.buyerId, id)).orderBy(desc(buyerVersions.version));

describe("a buyer's change request, decided by an operator", () => {
  it("a higher daily cap asked for takes effect once approved: a new version credited to the approver, noted", async () => {
    const asked = await ask(buyer, {
      changes: { caps: { hourly: 5, daily: 80 } },
      note: "More volume for the holidays",
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const request = asked.json().data;
    expect(request).toMatchObject({
      buyer_id: "acme",
      state: "pending",
      base_version: null,
      stale: false,
      requested_by: buyer.email,
      changes: [{ path: "caps.daily", before: 50, after: 80 }],
    });
    // Asked is not in force.
    expect((await registryBuyer("acme")).caps.daily).toBe(50);

    const pending = await list(owner, "?state=pending");
    expect(pending.statusCode).toBe(200);
    expect(pending.json().data.requests).toMatchObject([
      { id: request.id, buyer_name: "Lender acme", changes: [{ path: "caps.daily", before: 50, after: 80 }] },
    ]);
    expect(pending.body).not.toContain(API_KEY);

    const approved = await decide(owner, request.id, "approve", "Fine for December");
    expect(approved.statusCode, approved.body).toBe(200);
    // Version 1 keeps what was in force before the first console change; the request is version 2.
    expect(approved.json().data).toEqual({ id: request.id, state: "approved", version: 2 });

    const inForce = await registryBuyer("acme");
    expect(inForce.caps).toEqual({ hourly: 5, daily: 80 });
    expect(inForce.ping!.headers).toEqual({ "X-Api-Key": API_KEY });
    const [latest] = await versionsOf("acme");
    expect(latest).toMatchObject({
      version: 2,
      operatorId: owner.id,
      operatorEmail: owner.email,
      note: `change request ${request.id}: More volume for the holidays`,
    });

    const [row] = await t.database.db.select().from(buyerChangeRequests).where(eq(buyerChangeRequests.id, request.id));
    expect(row).toMatchObject({ state: "approved", decidedBy: owner.email, decisionNote: "Fine for December" });
    const audit = await t.database.db.select().from(auditLog).where(eq(auditLog.target, "acme")).orderBy(auditLog.id);
    expect(audit.map((a) => [a.action, a.operatorEmail])).toEqual([
      ["buyer.change_request.file", buyer.email],
      ["buyer.change_request.approve", owner.email],
    ]);
    expect(audit[1]!.details).toMatchObject({ version: 2, changed: ["caps.daily"], change_request: request.id });

    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.purpose, CHANGE_REQUEST_MAIL));
    expect(mails).toMatchObject([{ toAddress: "billing@acme.test" }]);
    expect(mails[0]!.subject).toContain(`${request.id} was approved`);
    expect(mails[0]!.body).toContain("Fine for December");
    expect(mails[0]!.body).not.toContain(API_KEY);

    // Decided once: a second decision is refused.
    const again = await decide(owner, request.id, "reject", "changed my mind");
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_DECIDED("approved"));
  });

  it("refuses to approve a request once another version has come into force since it was asked (409)", async () => {
    const asked = (await ask(buyer, { changes: { caps: { daily: 80 } }, note: "more" })).json().data;
    const paused = await t.app.inject({
      method: "POST",
      url: "/api/console/buyers/acme/pause",
      headers: owner.write,
      payload: {},
    });
    expect(paused.statusCode).toBe(200);
    const shown = (await list(owner, "?buyer=acme")).json().data.requests;
    expect(shown).toMatchObject([{ id: asked.id, stale: true }]);

    const refused = await decide(owner, asked.id, "approve");
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(STALE_REQUEST(null, 2));
    expect((await registryBuyer("acme")).caps.daily).toBe(50);
    expect((await versionsOf("acme")).map((v) => v.version)).toEqual([2, 1]);
    const [row] = await t.database.db.select().from(buyerChangeRequests).where(eq(buyerChangeRequests.id, asked.id));
    expect(row!.state).toBe("pending");

    // Rejected instead, with a reason the buyer is mailed.
    expect((await decide(owner, asked.id, "reject")).statusCode).toBe(400);
    const rejected = await decide(owner, asked.id, "reject", "Ask again against the current terms");
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().data).toEqual({ id: asked.id, state: "rejected", version: null });
    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.purpose, CHANGE_REQUEST_MAIL));
    expect(mails.map((m) => m.subject)).toEqual([`Loanpath: your change request ${asked.id} was rejected`]);
  });

  it("a request asked against the version in force is approved after earlier versions", async () => {
    const paused = await t.app.inject({
      method: "POST",
      url: "/api/console/buyers/acme/pause",
      headers: owner.write,
      payload: {},
    });
    expect(paused.statusCode).toBe(200);
    const asked = (await ask(buyer, { changes: { budget: { daily: 400 } }, note: "budget" })).json().data;
    expect(asked.base_version).toBe(2);
    const approved = await decide(owner, asked.id, "approve");
    expect(approved.json().data.version).toBe(3);
    const inForce = await registryBuyer("acme");
    // The request kept what it was asked against: still paused, its new budget in force.
    expect(inForce).toMatchObject({ enabled: false, budget: { daily: 400 } });
  });

  it("lists one buyer's requests or those in one state, and answers 404 for an unknown id", async () => {
    const first = (await ask(buyer, { changes: { floor: 3 }, note: "floor" })).json().data;
    const second = (await ask(buyer, { changes: { caps: { daily: 60 } }, note: "cap" })).json().data;
    expect((await decide(owner, first.id, "reject", "no")).statusCode).toBe(200);
    const all = (await list(owner, "?buyer=acme")).json().data.requests.map((r: { id: string }) => r.id);
    expect(all).toEqual([second.id, first.id]);
    const pending = (await list(owner, "?state=pending")).json().data.requests.map((r: { id: string }) => r.id);
    expect(pending).toEqual([second.id]);
    expect((await list(owner, "?buyer=other")).json().data.requests).toEqual([]);
    expect((await decide(owner, "cr_nothing", "approve")).statusCode).toBe(404);
  });

  it("is decided by buyers:write only; a buyer account cannot approve its own", async () => {
    const asked = (await ask(buyer, { changes: { caps: { daily: 80 } }, note: "more" })).json().data;
    const own = await decide(buyer, asked.id, "approve");
    expect(own.statusCode).toBe(403);
    expect(own.json().message).toBe(NOT_ALLOWED);
    expect((await list(buyer)).statusCode).toBe(403);
    const analyst = await signInAs(t, "analyst");
    expect((await decide(analyst, asked.id, "approve")).statusCode).toBe(403);
    const manager = await signInAs(t, "manager");
    expect((await decide(manager, asked.id, "approve")).statusCode).toBe(200);
    const [row] = await t.database.db
      .select()
      .from(buyerChangeRequests)
      .where(and(eq(buyerChangeRequests.id, asked.id), eq(buyerChangeRequests.decidedBy, manager.email)));
    expect(row!.state).toBe("approved");
  });
});
