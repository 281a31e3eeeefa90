import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import { POST_MESSAGES } from "#domain/contracts/publisher-api.ts";
import { MESSAGES } from "#domain/messages.ts";
import {
  accept,
  addBuyers,
  bid,
  lenderConfig,
  startFakeBuyer,
  type FakeBuyer,
} from "../../distribution/auction/auction.testing.ts";
import { readCertificate } from "../../intake/consent/consent-certificate.ts";
import { auctions, consentRecords, leads, publishers } from "../../platform/db/schema.ts";
import { createList, replaceEntries } from "../../screening/lists/list-store.ts";
import { POSTED_CONSENT_TEXT, postedApplication, postingPublishers } from "./posted-lead.testing.ts";

// The direct post (docs/decisions/0050-publisher-post-api.md) through the real app: a fake buyer that bids and
// accepts, two publishers with their keys, and posts checked by the funnel's rules.

let t: TestApp;
let buyer: FakeBuyer;
let alpha: string;
let beta: string;
let serial = randomBytes(2).readUInt16BE(0);

/** A whole application, as a publisher would post it: a different person each time unless told. */
const application = (overrides: Record<string, unknown> = {}) =>
  postedApplication(serial++, {
    sub1: "campaign-9",
    click_id: "clk-123",
    // The page with a query a careless form left in it: kept without.
    consent_page_url: "https://loans.publisher.example/apply?email=secret",
    ...overrides,
  });

const post = (key: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({
    method: "POST",
    url: "/api/publisher/v1/leads",
    headers: { authorization: `Bearer ${key}`, ...headers },
    payload: payload as Record<string, unknown>,
  });

beforeAll(async () => {
  t = await createTestApp({ AUCTION_BUDGET_MS: "20000" });
  buyer = await startFakeBuyer({ ping: () => bid(25), post: () => accept("https://lender.example/offer/7") });
  await addBuyers(t.database.db, lenderConfig("posted-buyer", buyer));
  [alpha, beta] = (await postingPublishers(t.database.db, t.secrets.piiKeyring, ["alpha", "beta"])) as [string, string];
});
afterAll(async () => {
  await t.app.close();
  await buyer.close();
});

describe("POST /api/publisher/v1/leads", () => {
  it("sells a whole application and answers the publisher's share, the redirect and the lead", async () => {
    const res = await post(alpha, application());
    expect(res.statusCode, res.body).toBe(200);
    const answer = res.json();
    expect(answer).toMatchObject({
      status: "sold",
      payout_cents: 1_000,
      redirect_url: "https://lender.example/offer/7",
      test: false,
    });
    // The lead is credited to the publisher as a tracking link's would be, with its sub id and click id.
    const [sale] = await t.database.db.select().from(auctions).where(eq(auctions.leadId, answer.lead_id));
    expect(sale!.attribution).toMatchObject({ aff_id: "alpha-aff", aff_sub1: "campaign-9", clickid: "clk-123" });
    expect(sale!.status).toBe("accepted");
    // The consent is the publisher's words, as the certificate shows them; the page is kept without its query.
    const certificate = await readCertificate(t.database.db, answer.lead_id);
    expect(certificate!.consents[0]).toMatchObject({
      text: POSTED_CONSENT_TEXT,
      text_verified: true,
      page_url: "https://loans.publisher.example/apply",
      ip: "198.51.100.23",
    });
    // The buyer's post carried the consent's hash, as it does for a funnel lead.
    const posted = buyer.bodies.filter((b) => b.path.startsWith("/post")).at(-1)!;
    const [record] = await t.database.db.select().from(consentRecords).where(eq(consentRecords.leadId, answer.lead_id));
    expect(JSON.parse(posted.body).consent_hash).toBe(record!.textHash);
  });

  it("reads a form as it reads JSON", async () => {
    const body = new URLSearchParams(
      Object.entries(application()).map(([k, v]) => [k, String(v)]) as [string, string][],
    ).toString();
    const res = await t.app.inject({
      method: "POST",
      url: "/api/publisher/v1/leads",
      headers: { authorization: `Bearer ${alpha}`, "content-type": "application/x-www-form-urlencoded" },
      payload: body,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().status).toBe("sold");
  });

  it("refuses the same person from another publisher as a duplicate: the first source keeps it", async () => {
    const person = application();
    expect((await post(alpha, person)).json().status).toBe("sold");
    const again = await post(beta, { ...person, sub1: "other" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ status: "rejected", reason: "duplicate" });
  });

  it("answers screened, with the operator's code, for a lead the gate refused before any buyer", async () => {
    const person = application();
    const list = await createList(t.database.db, { name: "Litigators", kind: "litigator" }, null);
    if (typeof list === "string") throw new Error(list);
    await replaceEntries(t.database.db, t.secrets.tokenSecret, list.id, String(person.cell_phone), null);
    const posts = buyer.bodies.length;
    const res = await post(alpha, person);
    expect(res.json()).toMatchObject({ status: "rejected", reason: "screened", screened_for: "litigator" });
    expect(buyer.bodies).toHaveLength(posts);
  });

  it("never counts a test post of a person against a live one, nor a live one against a test post", async () => {
    const person = application();
    const test = await post(alpha, { ...person, test: true });
    expect(test.json()).toMatchObject({ test: true });
    expect(test.json().reason).not.toBe("duplicate");
    const live = await post(beta, person);
    expect(live.json(), live.body).toMatchObject({ status: "sold", test: false });
    const testAgain = await post(alpha, { ...person, test: true });
    expect(testAgain.json()).toMatchObject({ status: "rejected", reason: "duplicate", test: true });
  });

  it("lists each field the funnel's rules refuse, by its wire name, and writes nothing", async () => {
    const before = await count();
    const res = await post(alpha, {
      ...application({ email: "not-an-email", zip: "00000", first_name: undefined, favourite_colour: "blue" }),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe("invalid_fields");
    expect(body.errors.email).toBe(MESSAGES.emailInvalid);
    expect(body.errors.first_name).toBeTruthy();
    expect(body.errors.favourite_colour).toBe(POST_MESSAGES.unknownField);
    expect(await count()).toBe(before);
  });

  it("refuses a lead without consent evidence", async () => {
    const before = await count();
    const res = await post(alpha, application({ consent_text: undefined, consent_at: undefined }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({
      consent_text: POST_MESSAGES.consentText,
      consent_at: POST_MESSAGES.consentAt,
    });
    const stale = await post(alpha, application({ consent_at: new Date(Date.now() - 2 * 86_400_000).toISOString() }));
    expect(stale.json().errors.consent_at).toBe(POST_MESSAGES.consentAt);
    expect(await count()).toBe(before);
  });

  it("runs a test lead against test buyers, and says so", async () => {
    const res = await post(alpha, application({ test: true }));
    expect(res.json()).toMatchObject({ status: "sold", test: true, payout_cents: 0 });
    const [lead] = await t.database.db.select().from(leads).where(eq(leads.id, res.json().lead_id));
    expect(lead!.test_mode).toBe(true);
  });

  it("makes one lead of one Idempotency-Key, however often it is sent, and refuses the key with another body", async () => {
    const body = application();
    const headers = { "idempotency-key": `retry-${randomBytes(4).toString("hex")}` };
    const answers = await Promise.all(Array.from({ length: 8 }, () => post(alpha, body, headers)));
    const ids = new Set(answers.map((a) => a.json().lead_id));
    expect(ids.size).toBe(1);
    expect(answers.every((a) => a.json().status === "sold")).toBe(true);
    const [made] = await t.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(auctions)
      .where(eq(auctions.leadId, [...ids][0]!));
    expect(made!.n).toBe(1);
    const other = await post(alpha, { ...body, loan_amount: 900 }, headers);
    expect(other.statusCode).toBe(422);
    expect(other.json().code).toBe("idempotency_key_reused");
  });

  it("answers its status to the publisher that posted it and to no other", async () => {
    const id = (await post(alpha, application())).json().lead_id;
    const mine = await t.app.inject({
      method: "GET",
      url: `/api/publisher/v1/leads/${id}`,
      headers: { authorization: `Bearer ${alpha}` },
    });
    expect(mine.json()).toMatchObject({ status: "sold", lead_id: id });
    const theirs = await t.app.inject({
      method: "GET",
      url: `/api/publisher/v1/leads/${id}`,
      headers: { authorization: `Bearer ${beta}` },
    });
    expect(theirs.statusCode).toBe(404);
    expect(theirs.json().code).toBe("not_found");
  });

  it("refuses a disabled publisher's post", async () => {
    await t.database.db.update(publishers).set({ enabled: false }).where(eq(publishers.id, "beta"));
    const res = await post(beta, application());
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe("publisher_disabled");
    await t.database.db.update(publishers).set({ enabled: true }).where(eq(publishers.id, "beta"));
  });
});

async function count() {
  const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(leads);
  return row!.n;
}
