import { eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import {
  BIDDER_HAS_NO_PRICE,
  NOT_REQUESTABLE,
  PRICING_KIND_KEPT,
} from "../../../domain/buyers/change-request-parts.ts";
import { addBuyers, lenderConfig } from "../../distribution/auction/auction.testing.ts";
import { buyerChangeRequests } from "../../platform/db/schema.ts";
import { NOT_ALLOWED } from "../access/console-access.ts";
import {
  MAX_PENDING_REQUESTS,
  NOTHING_TO_CHANGE,
  NO_SUCH_REQUEST,
  TOO_MANY_PENDING,
} from "../buyers/change-request-store.ts";

// The portal's side of change requests (docs/product/buyer-money.md#change-requests): a buyer asks only for its
// caps, budget, prices, filters and opening hours, sees its own requests and none of another buyer's, and never a
// credential.

const SECRET = "pw-4f1e8d2b90";

const withSecret = (id: string, overrides: Record<string, unknown> = {}) => {
  const base = lenderConfig(id, { url: `https://${id}.example` });
  return {
    ...base,
    post: { ...base.post, fields: [...base.post.fields, { to: "auth.password", value: SECRET }] },
    ...overrides,
  };
};

let t: TestApp;
let acme: ConsoleUser;
beforeEach(async () => {
  t = await createTestApp();
  await addBuyers(
    t.database.db,
    withSecret("acme", {
      pricing: { kind: "fixed", price: 20, rules: [{ states: ["CA"], price: 25 }] },
      caps: { daily: 50 },
      schedule: { mon: [["09:00", "17:00"]] },
    }),
    withSecret("bidder"),
  );
  acme = await signInAs(t, "buyer", undefined, "acme");
});
afterEach(() => t.app.close());

const ask = (user: ConsoleUser, payload: Record<string, unknown>) =>
  t.app.inject({ method: "POST", url: "/api/console/portal/change-requests", headers: user.write, payload });
const mine = (user: ConsoleUser) =>
  t.app.inject({ method: "GET", url: "/api/console/portal/change-requests", headers: user.read });
const withdraw = (user: ConsoleUser, id: string) =>
  t.app.inject({
    method: "POST",
    url: `/api/console/portal/change-requests/${id}/withdraw`,
    headers: user.write,
  });
const requestsIn = async () => t.database.db.select().from(buyerChangeRequests);

describe("change requests in the buyer portal", () => {
  it("shows the buyer its terms in force and its own requests, never an address or a credential", async () => {
    const asked = await ask(acme, {
      changes: { pricing: { price: 22, rules: [{ states: ["CA"], price: 27 }] }, schedule: null },
      note: "New price sheet",
    });
    expect(asked.statusCode, asked.body).toBe(201);
    // The whole configuration asked for is kept, against the version in force (none yet).
    const [stored] = await requestsIn();
    expect(stored).toMatchObject({ buyerId: "acme", baseVersion: null, state: "pending", note: "New price sheet" });
    const config = stored!.config as Record<string, unknown>;
    expect(config).toMatchObject({ id: "acme", pricing: { kind: "fixed", price: 22 }, caps: { daily: 50 } });
    expect(config.schedule).toBeUndefined();
    expect(JSON.stringify(config)).toContain(SECRET);

    const shown = await mine(acme);
    expect(shown.statusCode).toBe(200);
    const data = shown.json().data;
    expect(data.buyer).toEqual({ id: "acme", name: "Lender acme" });
    expect(data.in_force).toMatchObject({
      version: null,
      caps: { daily: 50 },
      pricing: { kind: "fixed", price: 20, rules: [{ states: ["CA"], price: 25 }] },
      floor: 0,
      schedule: { mon: [["09:00", "17:00"]] },
      timeZone: "America/New_York",
    });
    expect(data.requests).toHaveLength(1);
    expect(data.requests[0].changes).toEqual([
      { path: "pricing.price", before: 20, after: 22 },
      { path: "pricing.rules.0.price", before: 25, after: 27 },
      { path: "schedule", before: { mon: [["09:00", "17:00"]] } },
    ]);
    expect(shown.body).not.toContain(SECRET);
    expect(shown.body).not.toContain("acme.example");
    expect(asked.body).not.toContain(SECRET);

    // Another buyer sees none of it.
    const bidder = await signInAs(t, "buyer", undefined, "bidder");
    expect((await mine(bidder)).json().data.requests).toEqual([]);
  });

  it("refuses a request that touches the post address (or anything but its terms), and keeps nothing", async () => {
    const url = await ask(acme, { changes: { post: { url: "https://evil.example/post" } }, note: "moved" });
    expect(url.statusCode).toBe(400);
    expect(url.json().errors).toEqual({ "changes.post": NOT_REQUESTABLE });
    const mixed = await ask(acme, { changes: { caps: { daily: 80 }, billing: { kind: "none" }, tier: 1 }, note: "x" });
    expect(mixed.statusCode).toBe(400);
    expect(mixed.json().errors).toEqual({ "changes.billing": NOT_REQUESTABLE, "changes.tier": NOT_REQUESTABLE });
    const kind = await ask(acme, { changes: { pricing: { kind: "bid" } }, note: "bid" });
    expect(kind.json().errors).toEqual({ "changes.pricing.kind": PRICING_KIND_KEPT });
    expect(await requestsIn()).toEqual([]);
  });

  it("checks the configuration asked for with the buyer schema, each message on its field", async () => {
    const bad = await ask(acme, {
      changes: { caps: { daily: -1 }, budget: { monthly: "lots" }, filters: { states: ["ZZ"] } },
      note: "bad",
    });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().errors).sort()).toEqual([
      "changes.budget.monthly",
      "changes.caps.daily",
      "changes.filters.states.0",
    ]);
    expect(bad.json().errors["changes.filters.states.0"]).toBe("must be a two-letter US state code");
    const bidder = await signInAs(t, "buyer", undefined, "bidder");
    const price = await ask(bidder, { changes: { pricing: { price: 30 } }, note: "price" });
    expect(price.json().errors).toEqual({ "changes.pricing": BIDDER_HAS_NO_PRICE });
    const floors = await ask(acme, { changes: { stateFloors: { CA: 10 } }, note: "floors" });
    expect(floors.json().errors).toEqual({ "changes.stateFloors": "floors are for bidding buyers; use price rules" });
    const same = await ask(acme, { changes: { caps: { daily: 50 } }, note: "same" });
    expect(same.json()).toMatchObject({ message: NOTHING_TO_CHANGE });
    const empty = await ask(acme, { changes: {}, note: "nothing" });
    expect(Object.keys(empty.json().errors)).toEqual(["changes"]);
    const silent = await ask(acme, { changes: { caps: { daily: 60 } }, note: " " });
    expect(Object.keys(silent.json().errors)).toEqual(["note"]);
    // A bidder's floors are its to ask for.
    expect((await ask(bidder, { changes: { stateFloors: { CA: 10 }, floor: 4 }, note: "floors" })).statusCode).toBe(
      201,
    );
    expect(await requestsIn()).toHaveLength(1);
  });

  it("withdraws its own pending request only: another buyer's is unknown to it (404)", async () => {
    const asked = (await ask(acme, { changes: { caps: { daily: 80 } }, note: "more" })).json().data;
    const bidder = await signInAs(t, "buyer", undefined, "bidder");
    const theirs = await withdraw(bidder, asked.id);
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().message).toBe(NO_SUCH_REQUEST);
    const done = await withdraw(acme, asked.id);
    expect(done.statusCode).toBe(200);
    expect(done.json().data).toMatchObject({ id: asked.id, state: "withdrawn" });
    const again = await withdraw(acme, asked.id);
    expect(again.statusCode).toBe(409);
    const [row] = await t.database.db.select().from(buyerChangeRequests).where(eq(buyerChangeRequests.id, asked.id));
    expect(row).toMatchObject({ state: "withdrawn", decidedBy: acme.email });
  });

  it(`keeps at most ${MAX_PENDING_REQUESTS} requests waiting per buyer`, async () => {
    for (let i = 1; i <= MAX_PENDING_REQUESTS; i++)
      expect((await ask(acme, { changes: { caps: { daily: 50 + i } }, note: `ask ${i}` })).statusCode).toBe(201);
    const more = await ask(acme, { changes: { caps: { daily: 99 } }, note: "one more" });
    expect(more.statusCode).toBe(409);
    expect(more.json().message).toBe(TOO_MANY_PENDING);
  });

  it("is the buyer role's only: an operator has no portal", async () => {
    const owner = await signInAs(t, "owner");
    const refused = await ask(owner, { changes: { caps: { daily: 80 } }, note: "more" });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_ALLOWED);
    expect((await mine(owner)).statusCode).toBe(403);
  });
});
