import type { IncomingMessage } from "node:http";
import { afterEach, describe, expect, it } from "vitest";
import { eq } from "drizzle-orm";
import { leadQuality, screeningCalls } from "../../src/server/platform/db/schema.ts";
import {
  accept,
  addBuyers,
  auctionApp,
  bid,
  decided,
  lenderConfig,
  saveLead,
  sendLead,
  startFakeBuyer,
  type FakeBuyer,
} from "../../src/server/distribution/auction/auction.testing.ts";
import {
  startFakeHttpServer,
  type FakeHandler,
  type FakeHttpServer,
} from "../../src/server/intake/lookups/fake-http-server.testing.ts";
import { createList, replaceEntries } from "../../src/server/screening/lists/list-store.ts";
import type { TestApp } from "../helpers/test-app.ts";

// The gate with its outside services answering from local fakes (docs/product/screening.md): what issue 34 asks of it
// end to end, through the real app, its auction and fake buyers.

const servers: (FakeHttpServer | FakeBuyer)[] = [];
let t: TestApp | undefined;
afterEach(async () => {
  await t?.app.close();
  t = undefined;
  await Promise.all(servers.splice(0).map((s) => s.close()));
});

async function fake(handler: FakeHandler) {
  const server = await startFakeHttpServer(handler);
  servers.push(server);
  return server;
}
async function buyer(handlers: Parameters<typeof startFakeBuyer>[0]) {
  const server = await startFakeBuyer(handlers);
  servers.push(server);
  return server;
}

const body = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
};

/** Twilio Lookup v2 answering each number's line type from `types` (by its last four digits). */
function twilio(types: Record<string, string>, seen: string[] = []): FakeHandler {
  return (request, response) => {
    const number = /PhoneNumbers\/(\+1\d{10})/.exec(request.url ?? "")?.[1] ?? "";
    seen.push(number);
    response.writeHead(200, { "content-type": "application/json" });
    response.end(
      JSON.stringify({
        phone_number: number,
        valid: true,
        line_type_intelligence: {
          type: types[number.slice(-4)] ?? "mobile",
          carrier_name: "Fake Carrier",
          error_code: null,
        },
      }),
    );
  };
}

const quality = async (leadId: string) =>
  (await t!.database.db.select().from(leadQuality).where(eq(leadQuality.leadId, leadId)))[0];

const TWILIO = (url: string) => ({ TWILIO_ACCOUNT_SID: "ACtest", TWILIO_AUTH_TOKEN: "secret", TWILIO_LOOKUP_URL: url });

describe("the gate with its services", () => {
  it("refuses a VoIP line to a buyer that asks for mobiles and sells it to one that does not care", async () => {
    const lookups = await fake(twilio({ "0301": "nonFixedVoip" }));
    t = await auctionApp(TWILIO(lookups.url));
    const mobiles = await buyer({ ping: () => bid(80), post: () => accept("https://mobiles.example/o") });
    const any = await buyer({ ping: () => bid(20), post: () => accept("https://any.example/o") });
    await addBuyers(
      t.database.db,
      lenderConfig("mobiles", mobiles, { filters: { quality: { phoneLineTypes: ["mobile"] } } }),
      lenderConfig("any", any),
    );
    const voip = await saveLead(t, { cell_phone: "2012000301" });
    await sendLead(t.app, voip);
    expect(await decided(t.database.db, voip.id)).toMatchObject({ status: "accepted", buyerId: "any" });
    expect(mobiles.bodies).toHaveLength(0);
    expect((await quality(voip.id))?.checks.phone_line_type).toMatchObject({
      answer: "voip",
      source: "twilio",
      detail: "Fake Carrier",
    });
    const mobile = await saveLead(t, { cell_phone: "2012000302" });
    await sendLead(t.app, mobile);
    expect(await decided(t.database.db, mobile.id)).toMatchObject({ status: "accepted", buyerId: "mobiles" });
    // Each lead's line looked up once, and counted as a paid call.
    const [calls] = await t.database.db.select().from(screeningCalls).where(eq(screeningCalls.adapter, "twilio"));
    expect(calls).toMatchObject({ outcome: "ok", n: 2 });
    expect(await t.app.metrics.registry.metrics()).toMatch(
      /loanpath_screening_calls_total\{adapter="twilio",outcome="ok"\} 2\b/,
    );
  });

  it("degrades a dead line-type service to unknown at its timeout, and the auction still decides", async () => {
    // Accepts the connection and never answers.
    const dead = await fake(() => {});
    t = await auctionApp({ ...TWILIO(dead.url), SCREENING_SERVICE_TIMEOUT_MS: "200" });
    const s = await buyer({ ping: () => bid(30), post: () => accept() });
    await addBuyers(
      t.database.db,
      lenderConfig("strict", s, { filters: { quality: { phoneLineTypes: ["mobile"], unknownPasses: true } } }),
    );
    const lead = await saveLead(t);
    await sendLead(t.app, lead);
    expect(await decided(t.database.db, lead.id)).toMatchObject({ status: "accepted", buyerId: "strict" });
    const record = await quality(lead.id);
    expect(record?.checks.phone_line_type).toMatchObject({ answer: "unknown", detail: "timeout" });
    expect(record?.checks.phone_number?.answer).toBe("valid");
  });

  it("flags a disposable e-mail, and a buyer that refuses them passes it over", async () => {
    t = await auctionApp();
    const picky = await buyer({ ping: () => bid(80), post: () => accept() });
    const easy = await buyer({ ping: () => bid(10), post: () => accept() });
    await addBuyers(
      t.database.db,
      lenderConfig("picky", picky, { filters: { quality: { noDisposableEmail: true } } }),
      lenderConfig("easy", easy),
    );
    const lead = await saveLead(t, { email: "someone@mailinator.com" });
    await sendLead(t.app, lead);
    expect(await decided(t.database.db, lead.id)).toMatchObject({ status: "accepted", buyerId: "easy" });
    expect((await quality(lead.id))?.checks.email_domain).toMatchObject({ answer: "disposable", source: "offline" });
  });

  it("never sells a litigator's phone, and keeps the list's name as the reason", async () => {
    t = await auctionApp();
    const s = await buyer({ ping: () => bid(50), post: () => accept() });
    await addBuyers(t.database.db, lenderConfig("lender", s));
    const list = await createList(t.database.db, { name: "Known litigators", kind: "litigator" }, null);
    if (typeof list === "string") throw new Error(list);
    await replaceEntries(t.database.db, t.secrets.tokenSecret, list.id, "2012000401\n(201) 200-0402\n", null);
    const lead = await saveLead(t, { cell_phone: "2012000402" });
    await sendLead(t.app, lead);
    expect(await decided(t.database.db, lead.id)).toMatchObject({ status: "rejected", reason: "screened: litigator" });
    expect(s.bodies).toHaveLength(0);
    const record = await quality(lead.id);
    expect(record?.refusedReason).toBe("litigator");
    expect(record?.checks.litigator).toMatchObject({ answer: "listed", detail: "list: Known litigators" });
  });

  it("claims the sold lead's TrustedForm certificate under its id, and keeps the answer", async () => {
    const claims: { path: string; body: string; auth: string }[] = [];
    const trustedForm = await fake((request, response) => {
      void body(request).then((text) => {
        claims.push({ path: request.url ?? "", body: text, auth: request.headers.authorization ?? "" });
        response.writeHead(200, { "content-type": "application/json" });
        response.end(JSON.stringify({ outcome: "success", match_lead: { result: { success: true } } }));
      });
    });
    t = await auctionApp({
      TRUSTEDFORM_SCRIPT_URL: "https://api.trustedform.com/trustedform.js?field=xxTrustedFormCertUrl",
      TRUSTEDFORM_API_KEY: "tf-key",
      TRUSTEDFORM_API_URL: trustedForm.url,
    });
    const s = await buyer({ ping: () => bid(50), post: () => accept() });
    await addBuyers(t.database.db, lenderConfig("lender", s));
    const lead = await saveLead(t);
    const cert = "https://cert.trustedform.com/0123456789abcdef0123456789abcdef01234567";
    await sendLead(t.app, lead, { trustedFormURL: cert });
    expect((await decided(t.database.db, lead.id)).status).toBe("accepted");
    // The claim comes after the sale, off the auction: wait for its answer on the record.
    let record = await quality(lead.id);
    for (let i = 0; i < 200 && record?.checks.consent_certificate?.answer !== "claimed"; i++) {
      await new Promise((r) => setTimeout(r, 50));
      record = await quality(lead.id);
    }
    expect(record?.checks.consent_certificate).toMatchObject({ answer: "claimed", source: "trustedform" });
    const claim = claims.find((c) => c.body.includes("retain"));
    expect(claim?.path).toBe("/0123456789abcdef0123456789abcdef01234567");
    expect(JSON.parse(claim!.body)).toMatchObject({ retain: { reference: lead.id } });
    expect(claim?.auth).toBe(`Basic ${Buffer.from("API:tf-key").toString("base64")}`);
    // Verified at the gate, then claimed: two calls.
    expect(claims).toHaveLength(2);
  });
});
