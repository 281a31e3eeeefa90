import { describe, expect, it } from "vitest";
import { DEFAULT_DUPLICATE_WINDOW_DAYS, rejectPageAddress } from "#domain/client-routes.ts";
import { consentRecords } from "../../platform/db/schema.ts";
import { callsOf, findAuction } from "./auction-store.ts";
import {
  ABA,
  ACCOUNT,
  SSN,
  accept,
  addBuyers,
  auctionApp,
  auctionTestBed,
  bid,
  decided,
  decline,
  lenderConfig,
  postsTo,
  saveLead,
  sendLead,
} from "./auction.testing.ts";

// The test bed keeps the default duplicate window, which every rejection's address carries.
const DEFAULT_REJECT_URL = rejectPageAddress(DEFAULT_DUPLICATE_WINDOW_DAYS);

const bed = auctionTestBed();
const buyer = bed.buyer;

async function sell(overrides = {}) {
  const lead = await saveLead(bed.t, overrides);
  const res = await sendLead(bed.t.app, lead);
  expect(res.statusCode).toBe(200);
  expect(res.json().data).toEqual({ status: 3, lead_id: lead.id });
  return { lead, auction: await decided(bed.t.database.db, lead.id) };
}

describe("the auction", () => {
  it("posts to the best bid above the floor and stops at its accept", async () => {
    const low = await buyer({ ping: () => bid(20), post: () => accept("https://low.example/o") });
    const high = await buyer({ ping: () => bid(55), post: () => accept("https://high.example/o") });
    const cheap = await buyer({ ping: () => bid(90), post: () => accept("https://cheap.example/o") });
    await addBuyers(
      bed.t.database.db,
      lenderConfig("low", low),
      lenderConfig("high", high),
      lenderConfig("under-floor", cheap, { floor: 100 }),
    );
    const { lead, auction } = await sell();
    expect(auction).toMatchObject({ status: "accepted", buyerId: "high", redirectUrl: "https://high.example/o" });
    expect(auction.priceCents).toBe(5500);
    expect(await postsTo(bed.t.database.db, lead.id)).toEqual([{ buyer_id: "high", state: "accepted" }]);
    expect(low.bodies.filter((b) => b.path === "/post")).toHaveLength(0);
    expect(cheap.bodies.filter((b) => b.path === "/post")).toHaveLength(0);
  });

  it("sends a buyer its fixed credentials and keeps them out of the record of each call", async () => {
    const KEY = "live-key-7f3a9c";
    const server = await buyer({ ping: () => bid(40), post: () => accept() });
    const config = lenderConfig("keyed", server);
    const withKey = (call: { fields: unknown[] }) => ({
      ...call,
      fields: [...call.fields, { to: "api_key", value: KEY }],
    });
    await addBuyers(bed.t.database.db, { ...config, ping: withKey(config.ping), post: withKey(config.post) });
    const { lead } = await sell();
    // The buyer got its key on both calls...
    expect(server.bodies.map((b) => [b.path, (JSON.parse(b.body) as { api_key?: string }).api_key])).toEqual([
      ["/ping", KEY],
      ["/post", KEY],
    ]);
    // ...and no stored request holds it (a console timeline shows these to managers).
    const calls = await callsOf(bed.t.database.db, lead.id);
    expect(calls).toHaveLength(2);
    expect(JSON.stringify(calls.map((c) => c.request))).not.toContain(KEY);
  });

  it("falls down the ranking past a reject, a 500, garbage, HTML and a dropped connection", async () => {
    const habits = [
      { id: "rejects", post: () => decline },
      { id: "errors", post: () => ({ status: 500, body: "oops" }) },
      { id: "garbage", post: () => ({ body: "{not json" }) },
      { id: "html", post: () => ({ body: "<html><body>hi</body></html>", type: "text/html" }) },
      { id: "drops", post: () => ({ drop: true }) },
    ];
    let price = 90;
    for (const h of habits) {
      const p = price--;
      const s = await buyer({ ping: () => bid(p), post: h.post });
      await addBuyers(bed.t.database.db, lenderConfig(h.id, s));
    }
    const last = await buyer({ ping: () => bid(10), post: () => accept("https://last.example/o") });
    await addBuyers(bed.t.database.db, lenderConfig("last", last));
    const { lead, auction } = await sell();
    expect(auction).toMatchObject({ status: "accepted", buyerId: "last" });
    const posts = await postsTo(bed.t.database.db, lead.id);
    expect(posts).toEqual([
      { buyer_id: "rejects", state: "rejected" },
      { buyer_id: "errors", state: "rejected" },
      // An answer that came but could not be read is recorded as such, not as a reject.
      { buyer_id: "garbage", state: "unreadable" },
      { buyer_id: "html", state: "unreadable" },
      { buyer_id: "drops", state: "rejected" },
      { buyer_id: "last", state: "accepted" },
    ]);
    const calls = await callsOf(bed.t.database.db, lead.id);
    const reasons = Object.fromEntries(calls.filter((c) => c.kind === "post").map((c) => [c.buyerId, c.reason]));
    expect(reasons).toMatchObject({
      rejects: "no interest",
      errors: "http 500",
      garbage: "unreadable json answer",
      html: "unreadable json answer",
      drops: "connection failed",
    });
  });

  it("reads a form buyer's JSON answer by its Content-Type and sells it the lead", async () => {
    const formBuyer = await buyer({ ping: () => bid(30), post: () => accept("https://form.example/o") });
    await addBuyers(bed.t.database.db, lenderConfig("form-json", formBuyer, { protocol: "form" }));
    const { lead, auction } = await sell();
    expect(new URLSearchParams(formBuyer.bodies.find((b) => b.path === "/post")?.body).get("lead_id")).toBe(lead.id);
    expect(auction).toMatchObject({ status: "accepted", buyerId: "form-json", redirectUrl: "https://form.example/o" });
  });

  it("records an answer it cannot read as unreadable, warns, and never counts it as that buyer's sale", async () => {
    // A form buyer that accepts in JSON but says text/html: unreadable without answer.format.
    const unclear = await buyer({
      ping: () => bid(40),
      post: () => ({ body: JSON.stringify({ result: "accepted", id: "s-1" }), type: "text/html" }),
    });
    await addBuyers(bed.t.database.db, lenderConfig("unclear", unclear, { protocol: "form" }));
    const { lead, auction } = await sell();
    expect(auction).toMatchObject({ status: "rejected", reason: "answer unreadable", rejectUrl: DEFAULT_REJECT_URL });
    const post = (await callsOf(bed.t.database.db, lead.id)).find((c) => c.kind === "post");
    expect(post).toMatchObject({ buyerId: "unclear", state: "unreadable", reason: "answer has no result" });
    expect(bed.t.logs()).toContain("unclear: its post answer could not be read (answer has no result)");

    // With a buyer below it, the applicant goes on to that one.
    const next = await buyer({ ping: () => bid(5), post: () => accept("https://next.example/o") });
    await addBuyers(bed.t.database.db, lenderConfig("next", next));
    const second = await sell();
    expect(second.auction).toMatchObject({ status: "accepted", buyerId: "next" });
    expect(await postsTo(bed.t.database.db, second.lead.id)).toEqual([
      { buyer_id: "unclear", state: "unreadable" },
      { buyer_id: "next", state: "accepted" },
    ]);
  });

  it("records a ping answer it cannot read as unreadable", async () => {
    const unclear = await buyer({ ping: () => ({ body: "<html>busy</html>", type: "text/html" }) });
    await addBuyers(bed.t.database.db, lenderConfig("unclear", unclear));
    const { lead, auction } = await sell();
    expect(auction).toMatchObject({ status: "rejected", reason: "answer unreadable" });
    const [ping] = await callsOf(bed.t.database.db, lead.id);
    expect(ping).toMatchObject({ kind: "ping", state: "unreadable", reason: "unreadable json answer" });
  });

  it("cuts a buyer that hangs at its timeout and still decides", async () => {
    const hangs = await buyer({ ping: () => ({ hang: true }) });
    const fine = await buyer({ ping: () => bid(5), post: () => accept() });
    await addBuyers(bed.t.database.db, lenderConfig("hangs", hangs, { timeoutMs: 300 }), lenderConfig("fine", fine));
    const { lead, auction } = await sell();
    expect(auction.status).toBe("accepted");
    const ping = (await callsOf(bed.t.database.db, lead.id)).find((c) => c.buyerId === "hangs");
    expect(ping).toMatchObject({ kind: "ping", state: "error", reason: "timeout" });
  });

  it("ends rejected within its budget when every buyer hangs", async () => {
    await bed.t.app.close();
    bed.t = await auctionApp({ AUCTION_BUDGET_MS: "1500" });
    const hangs = await buyer({ ping: () => ({ hang: true }) });
    await addBuyers(bed.t.database.db, lenderConfig("hangs", hangs, { timeoutMs: 60_000 }));
    const { auction } = await sell();
    expect(auction).toMatchObject({ status: "rejected", reason: "time budget", rejectUrl: DEFAULT_REJECT_URL });
  });

  it("tries tier 1 before tier 2, whatever tier 2 bids", async () => {
    const first = await buyer({ ping: () => bid(5), post: () => accept("https://tier1.example/o") });
    const second = await buyer({ ping: () => bid(500), post: () => accept("https://tier2.example/o") });
    await addBuyers(bed.t.database.db, lenderConfig("t1", first, { tier: 1 }), lenderConfig("t2", second, { tier: 2 }));
    const { auction } = await sell();
    expect(auction).toMatchObject({ buyerId: "t1" });
    expect(second.bodies).toHaveLength(0);
  });

  it("rejects with the product's reject page when nobody buys", async () => {
    const no = await buyer({ ping: () => decline });
    await addBuyers(bed.t.database.db, lenderConfig("no", no));
    const { auction } = await sell();
    expect(auction).toMatchObject({ status: "rejected", reason: "no buyer accepted", rejectUrl: DEFAULT_REJECT_URL });
  });

  it("pings without identifiers and posts the full application only to a licensed lender", async () => {
    const lender = await buyer({ ping: () => bid(10), post: () => decline });
    const other = await buyer({ ping: () => bid(5), post: () => accept() });
    await addBuyers(
      bed.t.database.db,
      lenderConfig("lender", lender),
      lenderConfig("other", other, {
        kind: "lead_buyer",
        licensedStates: undefined,
        post: {
          url: `${other.url}/post`,
          fields: [
            { to: "email", from: "email" },
            { to: "state", from: "state" },
          ],
          answer: { success: { path: "result", equals: ["accepted"] }, redirectUrl: "redirect" },
        },
      }),
    );
    const { lead, auction } = await sell({ ssn: SSN });
    expect(auction.buyerId).toBe("other");
    for (const ping of [...lender.bodies, ...other.bodies].filter((b) => b.path === "/ping")) {
      expect(ping.body).not.toMatch(/Anabel|Quintero|example\.com|2125|123456789|000123456789|021000021/);
    }
    const lenderPost = lender.bodies.find((b) => b.path === "/post")?.body ?? "";
    expect(JSON.parse(lenderPost)).toMatchObject({
      ssn: SSN,
      account: ACCOUNT,
      aba: ABA,
      consent_hash: "f".repeat(64),
    });
    const otherPost = other.bodies.find((b) => b.path === "/post")?.body ?? "";
    expect(otherPost).not.toMatch(/123456789|000123456789|021000021/);
    // What was stored of the post is masked.
    const stored = JSON.stringify(await callsOf(bed.t.database.db, lead.id));
    expect(stored).not.toMatch(/123456789|000123456789|Anabel/);
  });

  it("posts the lead's consent certificate, whose address opens that lead's consents and nothing else", async () => {
    const lender = await buyer({ ping: () => bid(10), post: () => accept() });
    await addBuyers(bed.t.database.db, lenderConfig("lender", lender));
    const { lead, auction } = await sell();
    expect(auction.status).toBe("accepted");
    const posted = JSON.parse(lender.bodies.find((b) => b.path === "/post")?.body ?? "{}") as Record<string, string>;
    const address = new URL(posted.consent_certificate ?? "");
    expect(address.origin).toBe(bed.t.config.publicBaseUrl);
    expect(address.pathname).toMatch(/^\/consent\/certificate\/[\w.-]+$/);
    const res = await bed.t.app.inject({ method: "GET", url: address.pathname.replace("/consent/", "/api/consent/") });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.lead_id).toBe(lead.id);
  });

  it("posts the evidence of the latest TCPA consent, not an earlier one nor another kind", async () => {
    const lender = await buyer({ ping: () => bid(10), post: () => accept() });
    const evidence = ["text_version", "text_hash", "at", "ip", "user_agent", "page"];
    await addBuyers(
      bed.t.database.db,
      lenderConfig("lender", lender, {
        post: {
          ...lenderConfig("lender", lender).post,
          fields: evidence.map((name) => ({ to: name, from: `consent_${name}` })),
        },
      }),
    );
    const lead = await saveLead(bed.t);
    const consent = (kind: string, version: string, ip: string) => ({
      leadId: lead.id,
      consentKind: kind,
      textVersion: version,
      textHash: version.padEnd(64, "0"),
      button: "Next",
      pageUrl: `/${version}`,
      ip,
      userAgent: `agent ${version}`,
    });
    const [latest] = await bed.t.database.db
      .insert(consentRecords)
      .values(consent("tcpa", "v-latest", "198.51.100.7"))
      .returning();
    await bed.t.database.db.insert(consentRecords).values(consent("email", "v-email", "198.51.100.8"));
    expect((await sendLead(bed.t.app, lead)).statusCode).toBe(200);
    expect((await decided(bed.t.database.db, lead.id)).status).toBe("accepted");
    const posted = JSON.parse(lender.bodies.find((b) => b.path === "/post")?.body ?? "{}") as Record<string, string>;
    expect(posted).toEqual({
      text_version: "v-latest",
      text_hash: "v-latest".padEnd(64, "0"),
      at: latest!.createdAt.toISOString(),
      ip: "198.51.100.7",
      user_agent: "agent v-latest",
      page: "/v-latest",
    });
  });

  it("never offers a licensed lender an applicant from a state it is not licensed in", async () => {
    const lender = await buyer({ ping: () => bid(10), post: () => accept() });
    await addBuyers(bed.t.database.db, lenderConfig("ny-only", lender, { licensedStates: ["NY"] }));
    const { auction } = await sell({ state: "CA", zip: "90001", city: "Los Angeles" });
    expect(auction).toMatchObject({ status: "rejected", reason: "no eligible buyer" });
    expect(lender.bodies).toHaveLength(0);
  });

  it("answers a second send with the same auction and starts no second one", async () => {
    const s = await buyer({ ping: () => bid(10), post: () => accept() });
    await addBuyers(bed.t.database.db, lenderConfig("one", s));
    const lead = await saveLead(bed.t);
    const [a, b] = await Promise.all([sendLead(bed.t.app, lead), sendLead(bed.t.app, lead)]);
    expect([a.statusCode, b.statusCode]).toEqual([200, 200]);
    await decided(bed.t.database.db, lead.id);
    const again = await sendLead(bed.t.app, lead);
    expect(again.json().data).toMatchObject({ status: 1, redirect_url: "https://lender.example/offer" });
    expect(s.bodies.filter((x) => x.path === "/post")).toHaveLength(1);
  });
});

describe("send and ping", () => {
  it("refuses a lead missing answers, naming them", async () => {
    const lead = await saveLead(bed.t, { ssn: null, bank_aba: null });
    const res = await sendLead(bed.t.app, lead);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().errors).sort()).toEqual(["bankAba", "ssn"]);
    expect(await findAuction(bed.t.database.db, lead.id)).toBeUndefined();
  });

  it("needs the lead's cookie", async () => {
    const lead = await saveLead(bed.t);
    const res = await sendLead(bed.t.app, { id: lead.id, cookie: "lp_lead=x.y" });
    expect(res.statusCode).toBe(404);
    const ping = await bed.t.app.inject({ method: "GET", url: `/api/ping/v2?lead_id=${lead.id}` });
    expect(ping.statusCode).toBe(404);
  });

  it("stores the attribution and answers ping with the redirect once accepted", async () => {
    const s = await buyer({ ping: () => bid(10), post: () => accept("https://win.example/o") });
    await addBuyers(bed.t.database.db, lenderConfig("win", s));
    const { lead, auction } = await sell();
    expect(auction.attribution).toMatchObject({
      utm_source: "google",
      aff_id: "aff-7",
      "tPar[affiliateId]": "77",
      clickid: "click-1",
    });
    const ping = await bed.t.app.inject({
      method: "GET",
      url: `/api/ping/v2?lead_id=${lead.id}&checkKey=k&utm_source=google`,
      headers: { cookie: lead.cookie },
    });
    expect(ping.json()).toEqual({
      status: 200,
      message: "ok",
      data: { status: 1, lead_id: lead.id, redirect_url: "https://win.example/o" },
    });
    const redirected = await bed.t.app.inject({
      method: "POST",
      url: "/api/personal_loan/lead/redirected/v2",
      headers: { cookie: lead.cookie },
      payload: { lead_id: lead.id },
    });
    expect(redirected.json().data).toEqual({ lead_id: lead.id, recorded: true });
    expect((await findAuction(bed.t.database.db, lead.id))?.redirectedAt).toBeInstanceOf(Date);
  });

  it("answers a held ping with the decision as stored, sold or not", async () => {
    // Pings held while the auction runs (as the browser's are): each answers at the decision, from the decision
    // this process announces, and says what the stored row says.
    const held = await auctionApp({ PING_WAIT_MS: "30000" });
    try {
      const slow = (answer: ReturnType<typeof bid>) => ({ ...answer, delayMs: 300 });
      const seller = await buyer({ ping: () => slow(bid(10)), post: () => accept("https://held.example/offer") });
      await addBuyers(held.database.db, lenderConfig("held", seller, { licensedStates: ["NY"] }));
      const sold = await saveLead(held, { state: "NY" });
      const unsold = await saveLead(held, { state: "CA", zip: "94103", city: "San Francisco" });
      const answers = await Promise.all(
        [sold, unsold].map(async (lead) => {
          expect((await sendLead(held.app, lead)).json().data.status).toBe(3);
          const ping = await held.app.inject({
            method: "GET",
            url: `/api/ping/v2?lead_id=${lead.id}`,
            headers: { cookie: lead.cookie },
          });
          return { ping: ping.json().data, row: await findAuction(held.database.db, lead.id) };
        }),
      );
      expect(answers[0]!.row?.status).toBe("accepted");
      expect(answers[0]!.ping).toEqual({ status: 1, lead_id: sold.id, redirect_url: answers[0]!.row?.redirectUrl });
      expect(answers[0]!.ping.redirect_url).toBe("https://held.example/offer");
      expect(answers[1]!.row?.status).toBe("rejected");
      expect(answers[1]!.ping).toEqual({ status: 2, lead_id: unsold.id, rejectUrl: answers[1]!.row?.rejectUrl });
    } finally {
      await held.app.close();
    }
  });
});
