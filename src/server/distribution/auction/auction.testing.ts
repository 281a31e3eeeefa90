import { randomBytes } from "node:crypto";
import { afterEach, beforeEach } from "vitest";
import type { IncomingMessage } from "node:http";
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { createTestApp, type TestApp } from "../../../../tests/helpers/test-app.ts";
import type { Db } from "../../platform/db/database.ts";
import { consentRecords } from "../../platform/db/schema.ts";
import { newAccessToken, newLeadId } from "../../intake/leads/lead-access.ts";
import { insertLead, type LeadChanges } from "../../intake/leads/lead-store.ts";
import { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { createAuction, findAuction } from "./auction-store.ts";
import { saveBuyer } from "./buyer-registry.ts";
import {
  startFakeHttpServer,
  type FakeHandler,
  type FakeHttpServer,
} from "../../intake/lookups/fake-http-server.testing.ts";

// Helpers for the auction's tests: complete leads written straight to the store, fake buyers on
// 127.0.0.1 that record what they were sent, and buyer configurations in our plainest JSON dialect.

export const SSN = "123456789";
export const ACCOUNT = "000123456789";
export const ABA = "021000021";

// Cell phones are numbered in turn from a random start, not drawn at random: the same phone twice is a
// duplicate person, and a few dozen random draws out of 10,000 would collide in a few runs out of a hundred.
let phoneSerial = randomBytes(2).readUInt16BE(0);

function completeLead(overrides: LeadChanges = {}): LeadChanges {
  const unique = randomBytes(4).toString("hex");
  return {
    loan_amount: 1000,
    loan_reason: "DEBT_CONSOLIDATION",
    email: `ana.${unique}@example.com`,
    first_name: "Anabel",
    last_name: "Quintero",
    cell_phone: `212555${String(phoneSerial++ % 10000).padStart(4, "0")}`,
    home_phone: null,
    zip: "10001",
    city: "New York",
    state: "NY",
    address: "350 5th Ave",
    dob: "1990-05-17",
    income_type: "EMPLOYMENT",
    active_military: "NO",
    income_payment_frequency: "BIWEEKLY",
    income_net_monthly: 2500,
    income_next_date_1: "2026-11-27",
    income_next_date_2: "2026-12-11",
    bank_direct_deposit: "YES",
    bank_aba: ABA,
    bank_name: "JPMorgan Chase",
    bank_account_type: "CHECKING",
    bank_account_number: ACCOUNT,
    drivers_license_number: "D1234567",
    drivers_license_state: "NY",
    credit_score: "FAIR",
    // A different person each time, unless a test says otherwise: the same SSN is a duplicate.
    ssn: `7${String(parseInt(randomBytes(4).toString("hex"), 16) % 1e8).padStart(8, "0")}`,
    ...overrides,
  };
}

/**
 * The lease of a pending auction written straight to the table for a report to count: held by a worker elsewhere
 * for a day, so the app's sweeper leaves it pending instead of running it (and deciding it) mid-test.
 */
export const heldElsewhere = () => new Date(Date.now() + 86_400_000);

export type SavedLead = { id: string; cookie: string };

/** A lead saved with every answer (and the TCPA consent record), and the cookie that opens it. */
export async function saveLead(
  t: Pick<TestApp, "database" | "secrets">,
  overrides: LeadChanges = {},
): Promise<SavedLead> {
  const cipher = new PiiCipher(t.secrets.piiKeyring);
  const id = newLeadId();
  const { token, hash } = newAccessToken();
  await insertLead(
    t.database.db,
    { cipher, hashSecret: t.secrets.tokenSecret },
    {
      id,
      accessTokenHash: hash,
      userIp: "203.0.113.9",
      changes: completeLead(overrides),
      slug: "test",
      doNotSell: false,
    },
  );
  await t.database.db.insert(consentRecords).values({
    leadId: id,
    consentKind: "tcpa",
    textVersion: "v-test",
    textHash: "f".repeat(64),
    button: "Next",
    pageUrl: "/phone",
    ip: "203.0.113.9",
    userAgent: "test-agent",
  });
  return { id, cookie: `lp_lead=${id}.${token}` };
}

const SUBMISSION = {
  productId: 19,
  price: 0,
  closeConnection: 1,
  consentEmailSms: "YES",
  consentToFcra: "YES",
  utm_source: "google",
  aff_id: "aff-7",
  "tPar[affiliateId]": "77",
  clickid: "click-1",
};

export function sendLead(
  app: FastifyInstance,
  lead: SavedLead,
  extra: Record<string, unknown> = {},
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: "POST",
    url: "/api/personal_loan/lead/send/v2",
    headers: { ...headers, cookie: lead.cookie },
    payload: { lead_id: lead.id, ...SUBMISSION, ...extra },
  });
}

/** Waits (polling the store) until the lead's auction is decided; a safety limit, not a timing check. */
export async function decided(db: Db, leadId: string, limitMs = 60_000) {
  const until = Date.now() + limitMs;
  for (;;) {
    const row = await findAuction(db, leadId);
    if (row && row.status !== "pending") return row;
    if (Date.now() > until) throw new Error(`auction of ${leadId} not decided in ${limitMs} ms`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

export type FakeBuyer = FakeHttpServer & { bodies: { path: string; body: string }[] };

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

/**
 * A fake buyer: `/ping` and `/post` answered by `handlers` (bid, accept, reject...), which may take their
 * time (a promise) to let a test act while the auction waits on this buyer. It records every body it was
 * sent, to check what a buyer saw.
 */
export async function startFakeBuyer(handlers: {
  ping?: (body: string) => Answer | Promise<Answer>;
  post?: (body: string) => Answer | Promise<Answer>;
}): Promise<FakeBuyer> {
  const bodies: FakeBuyer["bodies"] = [];
  const handler: FakeHandler = (request, response) => {
    void readBody(request).then(async (body) => {
      const path = request.url ?? "";
      bodies.push({ path, body });
      const pick = path.startsWith("/ping") ? handlers.ping : handlers.post;
      const result = pick ? await pick(body) : { status: 404, body: "" };
      if (result.hang) return; // never answers: the auction must cut it at its timeout
      if (result.drop) return request.socket.destroy();
      const send = () => {
        response.writeHead(result.status ?? 200, { "content-type": result.type ?? "application/json" });
        response.end(typeof result.body === "string" ? result.body : JSON.stringify(result.body));
      };
      if (result.delayMs) setTimeout(send, result.delayMs);
      else send();
    });
  };
  const server = await startFakeHttpServer(handler);
  return Object.assign(server, { bodies });
}

export type Answer = {
  status?: number;
  body?: unknown;
  type?: string;
  hang?: boolean;
  drop?: boolean;
  delayMs?: number;
};

export const bid = (price: number): Answer => ({ body: { result: "accepted", price, id: `p-${price}` } });
export const decline: Answer = { body: { result: "rejected", reason: "no interest" } };
export const accept = (url = "https://lender.example/offer"): Answer => ({
  body: { result: "accepted", redirect: url, id: "sale-1" },
});

/** How a buyers file reads a fake buyer's JSON answer (`result`, `price`, `id`, `reason`, `redirect`). */
export const JSON_ANSWER = {
  success: { path: "result", equals: ["accepted"] },
  price: "price",
  id: "id",
  reason: "reason",
  redirectUrl: "redirect",
};

/** A JSON ping/post licensed lender (all states) at a fake buyer; override anything. */
export function lenderConfig(id: string, server: { url: string }, overrides: Record<string, unknown> = {}) {
  return {
    id,
    name: `Lender ${id}`,
    kind: "licensed_lender",
    licensedStates: ["NY", "CA", "TX", "FL"],
    mode: "ping_post",
    protocol: "json",
    ping: {
      url: `${server.url}/ping`,
      fields: [
        { to: "state", from: "state" },
        { to: "amount", from: "loan_amount" },
        { to: "emailHash", from: "email_sha256" },
      ],
      answer: JSON_ANSWER,
    },
    post: {
      url: `${server.url}/post`,
      fields: [
        { to: "lead_id", from: "lead_id" },
        { to: "first_name", from: "first_name" },
        { to: "email", from: "email" },
        { to: "ssn", from: "ssn" },
        { to: "account", from: "bank_account_number" },
        { to: "aba", from: "bank_aba" },
        { to: "consent_hash", from: "consent_text_hash" },
        { to: "consent_certificate", from: "consent_certificate_url" },
      ],
      answer: JSON_ANSWER,
    },
    pricing: { kind: "bid" },
    // A limit that only a buyer that never answers meets: on a busy machine a fake buyer on loopback has taken
    // over 2 s to answer, and a test about caps or turns then failed for a buyer it had cut. Tests about the
    // timeout set their own, short one.
    timeoutMs: 15_000,
    testMode: "both",
    ...overrides,
  };
}

export async function addBuyers(db: Db, ...configs: Record<string, unknown>[]) {
  for (const c of configs) await saveBuyer(db, c);
}

export async function postsTo(db: Db, leadId: string) {
  const result = await db.execute(
    sql`select buyer_id, state from buyer_calls where lead_id = ${leadId} and kind = 'post' order by id`,
  );
  return (result as unknown as { rows: { buyer_id: string; state: string }[] }).rows;
}

/** An app with a short budget and lease, for auctions that end quickly. */
export function auctionApp(env: Record<string, string> = {}) {
  return createTestApp({ AUCTION_BUDGET_MS: "20000", PING_WAIT_MS: "0", ...env });
}

/**
 * A test file's auction bed: a fresh app for each test (auctionApp) in `bed.t`, and `bed.buyer` to start a
 * fake buyer; the app and every buyer started are closed after each test. Call once at the file's top level;
 * `env` adds settings to the app's.
 */
export function auctionTestBed(env: Record<string, string> = {}) {
  const servers: FakeBuyer[] = [];
  const bed = {
    t: undefined as unknown as TestApp,
    async buyer(handlers: Parameters<typeof startFakeBuyer>[0]): Promise<FakeBuyer> {
      const server = await startFakeBuyer(handlers);
      servers.push(server);
      return server;
    },
  };
  beforeEach(async () => {
    bed.t = await auctionApp(env);
  });
  afterEach(async () => {
    await bed.t.app.close();
    await Promise.all(servers.splice(0).map((s) => s.close()));
  });
  return bed;
}

/** A lead with its auction pending, written straight to the store (no job queued, no duplicate hashes). */
export async function savePendingAuction(t: TestApp, overrides: Parameters<typeof saveLead>[1] = {}) {
  const lead = await saveLead(t, overrides);
  const { row } = await createAuction(
    t.database.db,
    {
      leadId: lead.id,
      testMode: false,
      attribution: {},
      submission: {},
      emailHash: null,
      phoneHash: null,
      ssnHash: null,
      deadlineAt: new Date(Date.now() + 60_000),
    },
    0,
  );
  return { lead, auction: row };
}
