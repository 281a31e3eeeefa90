import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signInAs, type ConsoleUser } from "../../../../tests/helpers/console-session.ts";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { PUBLISHER_TEST_MESSAGES } from "../../../domain/contracts/console-publisher-test.ts";
import {
  accept,
  addBuyers,
  bid,
  lenderConfig,
  startFakeBuyer,
  type FakeBuyer,
} from "../../distribution/auction/auction.testing.ts";
import { pingOf, postedApplication, postingPublishers } from "../../partners/publisher-api/posted-lead.testing.ts";
import { auditLog, auctions } from "../../platform/db/schema.ts";
import { NOT_ALLOWED } from "../access/console-access.ts";

// The publisher test console's route through the real app: a buyer in test mode only, so a lead the test makes can
// sell only because the route forced `test: true` into its body.

let t: TestApp;
let buyer: FakeBuyer;
let manager: ConsoleUser;
let serial = 0;

const testCall = (user: ConsoleUser, kind: string, body: string, publisher = "acme") =>
  t.app.inject({
    method: "POST",
    url: `/api/console/publishers/${publisher}/test-call`,
    headers: user.write,
    payload: { kind, body },
  });

beforeAll(async () => {
  t = await createTestApp({ AUCTION_BUDGET_MS: "20000" });
  buyer = await startFakeBuyer({ ping: () => bid(30), post: () => accept("https://lender.example/offer/3") });
  await addBuyers(t.database.db, lenderConfig("test-buyer", buyer, { testMode: "test" }));
  await postingPublishers(t.database.db, t.secrets.piiKeyring, ["acme"]);
  await postingPublishers(t.database.db, t.secrets.piiKeyring, ["paused"], { enabled: false });
  manager = await signInAs(t, "manager");
});
afterAll(async () => {
  await t.app.close();
  await buyer.close();
});

const auditOf = (target: string) =>
  t.database.db.select().from(auditLog).where(eq(auditLog.target, target)).orderBy(auditLog.id);

describe("POST /api/console/publishers/:id/test-call", () => {
  it("posts a pasted lead as the publisher, always as a test: sold, with its lead and its buyers' outcomes", async () => {
    const lead = postedApplication(serial++, { test: false });
    const res = await testCall(manager, "post", JSON.stringify(lead, null, 2));
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.http_status).toBe(200);
    // A test lead earns nothing, and the buyer in test mode only bought it.
    expect(data.answer).toMatchObject({
      status: "sold",
      test: true,
      payout_cents: 0,
      redirect_url: "https://lender.example/offer/3",
    });
    expect(data.lead_id).toBe(data.answer.lead_id);
    expect(data.retry_after_seconds).toBeNull();
    expect(data.outcomes).toEqual([
      expect.objectContaining({ buyer: "test-buyer", outcome: "post_accepted", paid_cents: 3000 }),
    ]);
    const [auction] = await t.database.db.select().from(auctions).where(eq(auctions.leadId, data.lead_id));
    expect(auction).toMatchObject({ testMode: true, postedBy: "acme" });

    const audit = (await auditOf("acme")).at(-1)!;
    expect(audit).toMatchObject({
      action: "publisher.test_post",
      operatorId: manager.id,
      details: { http_status: 200, answer: "sold", lead_id: data.lead_id },
    });
    // The body may hold a person's details: the log keeps none of it.
    expect(JSON.stringify(audit)).not.toContain(String(lead.email));
  });

  it("answers a bad body as the API does: 400 invalid_fields, each field named", async () => {
    const lead = postedApplication(serial++, { email: "not-an-address", favourite_colour: "blue" });
    delete lead.zip;
    const res = await testCall(manager, "post", JSON.stringify(lead));
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.http_status).toBe(400);
    expect(data.answer).toMatchObject({ status: 400, code: "invalid_fields" });
    expect(Object.keys(data.answer.errors).sort()).toEqual(["email", "favourite_colour", "zip"]);
    expect(data.lead_id).toBeNull();
    expect(data.outcomes).toEqual([]);
  });

  it("pings with the ping fields: offered, as a test, with the payout a test earns", async () => {
    const whole = postedApplication(serial++);
    const ping = pingOf(whole);
    const res = await testCall(manager, "ping", JSON.stringify(ping));
    expect(res.statusCode, res.body).toBe(200);
    const { data } = res.json();
    expect(data.http_status).toBe(200);
    expect(data.answer).toMatchObject({ status: "offered", test: true, payout_cents: 0 });
    expect(data.answer.ping_id).toMatch(/^ping_/);
    expect(data.lead_id).toBeNull();
    expect((await auditOf("acme")).at(-1)).toMatchObject({
      action: "publisher.test_ping",
      details: { http_status: 200, answer: "offered" },
    });
  });

  it("refuses a body that is not one JSON object with a 400 on the body field, and runs nothing", async () => {
    const before = (await auditOf("acme")).length;
    for (const [body, message] of [
      ["[1, 2]", PUBLISHER_TEST_MESSAGES.notObject],
      ['"a lead"', PUBLISHER_TEST_MESSAGES.notObject],
      ["{ loan_amount: 800 }", PUBLISHER_TEST_MESSAGES.notJson],
    ] as const) {
      const res = await testCall(manager, "post", body);
      expect(res.statusCode, body).toBe(400);
      expect(res.json().errors).toEqual({ body: message });
    }
    expect((await auditOf("acme")).length).toBe(before);
  });

  it("answers for a paused publisher what the API would: 403 publisher_disabled", async () => {
    const res = await testCall(manager, "post", JSON.stringify(postedApplication(serial++)), "paused");
    expect(res.json().data).toMatchObject({ http_status: 403, answer: { code: "publisher_disabled" }, lead_id: null });
  });

  it("answers a body over the API's 32 KiB as the API does: 413 body_too_large, and makes no lead", async () => {
    const big = postedApplication(serial++, { consent_text: "I agree. ".repeat(4_000) });
    const res = await testCall(manager, "post", JSON.stringify(big));
    expect(res.json().data).toMatchObject({ http_status: 413, answer: { code: "body_too_large" }, lead_id: null });
  });

  it("is for those who may change publishers, and knows only publishers that exist", async () => {
    const analyst = await signInAs(t, "analyst");
    const refused = await testCall(analyst, "ping", "{}");
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toBe(NOT_ALLOWED);
    expect((await testCall(manager, "ping", "{}", "nobody")).statusCode).toBe(404);
  });
});
