import { escapeHtml } from "../../platform/http/escape-html.ts";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { buyerSchema, type Buyer } from "../auction/buyer-config.ts";

// The simulated lender network (docs/product/lender-network.md#simulated-network): a dozen lenders on a
// loopback port, each with its own filters, tier, bid, latency, acceptance rule and failure habit, and an
// offer page per lender. It is configured exactly like real buyers (buyerConfigs below), so turning it
// off (SIMULATED_LENDERS=off) and adding real buyers is configuration only.

type Habit = "none" | "timeout" | "error500" | "garbage" | "drop";
type SimLender = {
  id: string;
  name: string;
  kind: Buyer["kind"];
  tier: number;
  /** Dollars bid per lead (jittered), or a fixed price. */
  bid: number;
  latencyMs: number;
  /** Share of pings and posts that fail, and how. */
  failRate: number;
  habit: Habit;
  /** Accepts only when this holds on the fields it was posted. */
  accepts: (post: Record<string, string>) => boolean;
  filters?: Buyer["filters"];
  protocol: Buyer["protocol"];
};

const ALL_STATES_BUT = (...excluded: string[]) =>
  "AL AK AZ AR CA CO CT DE DC FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC SD TN TX UT VT VA WA WV WI WY"
    .split(" ")
    .filter((s) => !excluded.includes(s));

const income = (post: Record<string, string>) => Number(post.income ?? 0);

export const SIM_LENDERS: SimLender[] = [
  {
    id: "sim-upstart-like",
    name: "Brightline Loans",
    kind: "licensed_lender",
    tier: 1,
    bid: 42,
    latencyMs: 120,
    failRate: 0,
    habit: "none",
    accepts: (p) => income(p) >= 2000,
    protocol: "json",
  },
  {
    id: "sim-granite",
    name: "Granite Credit",
    kind: "licensed_lender",
    tier: 1,
    bid: 55,
    latencyMs: 900,
    failRate: 0.2,
    habit: "timeout",
    accepts: (p) => p.credit !== "POOR",
    filters: { minMonthlyIncome: 2500 },
    protocol: "xml",
  },
  {
    id: "sim-harbor",
    name: "Harbor Lending",
    kind: "licensed_lender",
    tier: 1,
    bid: 38,
    latencyMs: 300,
    failRate: 0.15,
    habit: "error500",
    accepts: () => true,
    filters: { directDepositOnly: true },
    protocol: "form",
  },
  {
    id: "sim-maple",
    name: "Maple Finance",
    kind: "licensed_lender",
    tier: 1,
    bid: 47,
    latencyMs: 2500,
    failRate: 0.1,
    habit: "garbage",
    accepts: (p) => p.frequency !== "monthly",
    protocol: "json",
  },
  {
    id: "sim-summit",
    name: "Summit Personal",
    kind: "licensed_lender",
    tier: 1,
    bid: 60,
    latencyMs: 4000,
    failRate: 0.3,
    habit: "drop",
    accepts: () => true,
    filters: { creditScores: ["EXCELLENT", "GOOD"] },
    protocol: "json",
  },
  {
    id: "sim-prairie",
    name: "Prairie Bank",
    kind: "licensed_lender",
    tier: 1,
    bid: 30,
    latencyMs: 50,
    failRate: 0,
    habit: "none",
    accepts: (p) => income(p) >= 1500,
    filters: { loanAmount: { max: 2500 } },
    protocol: "json",
  },
  {
    id: "sim-coastal",
    name: "Coastal Credit Union",
    kind: "licensed_lender",
    tier: 2,
    bid: 25,
    latencyMs: 400,
    failRate: 0.1,
    habit: "error500",
    accepts: () => true,
    filters: { military: false },
    protocol: "xml",
  },
  {
    id: "sim-liberty",
    name: "Liberty Service Loans",
    kind: "licensed_lender",
    tier: 2,
    bid: 35,
    latencyMs: 600,
    failRate: 0,
    habit: "none",
    accepts: () => true,
    filters: { military: true },
    protocol: "json",
  },
  {
    id: "sim-redwood",
    name: "Redwood Installment",
    kind: "licensed_lender",
    tier: 2,
    bid: 20,
    latencyMs: 1500,
    failRate: 0.2,
    habit: "garbage",
    accepts: (p) => p.credit !== "POOR",
    protocol: "form",
  },
  {
    id: "sim-northstar",
    name: "Northstar Lending",
    kind: "licensed_lender",
    tier: 2,
    bid: 18,
    latencyMs: 200,
    failRate: 0.05,
    habit: "timeout",
    accepts: () => true,
    filters: { age: { min: 21 } },
    protocol: "json",
  },
  {
    id: "sim-offers-hub",
    name: "Offers Hub (lead buyer)",
    kind: "lead_buyer",
    tier: 3,
    bid: 8,
    latencyMs: 250,
    failRate: 0,
    habit: "none",
    accepts: () => true,
    protocol: "json",
  },
  {
    id: "sim-last-chance",
    name: "Last Chance Loans",
    kind: "licensed_lender",
    tier: 3,
    bid: 5,
    latencyMs: 100,
    failRate: 0,
    habit: "none",
    accepts: (p) => income(p) >= 1000,
    protocol: "json",
  },
];

// The fields a simulated lender asks for. Pings carry what a bid needs; the post adds what the buyer may see.
const PING_FIELDS = [
  { to: "state", from: "state" },
  { to: "amount", from: "loan_amount" },
  { to: "income", from: "income_net_monthly" },
  { to: "credit", from: "credit_score" },
  { to: "frequency", from: "income_payment_frequency", case: "lower" },
  { to: "email_hash", from: "email_sha256" },
  { to: "source", from: "utm_source" },
] as const;
const CONTACT_FIELDS = [
  { to: "lead_id", from: "lead_id" },
  { to: "first_name", from: "first_name" },
  { to: "last_name", from: "last_name" },
  { to: "email", from: "email" },
  { to: "phone", from: "cell_phone" },
  { to: "consent_version", from: "consent_text_version" },
  { to: "consent_hash", from: "consent_text_hash" },
  { to: "consent_certificate", from: "consent_certificate_url" },
  { to: "consent_at", from: "consent_at" },
  { to: "consent_ip", from: "consent_ip" },
  { to: "consent_page", from: "consent_page" },
  { to: "trusted_form", from: "trustedFormURL" },
  { to: "jornaya_leadid", from: "jornayaLeadId" },
  { to: "ping_id", from: "ping_id" },
] as const;
const APPLICATION_FIELDS = [
  { to: "ssn", from: "ssn" },
  { to: "dob", from: "dob" },
  { to: "bank_aba", from: "bank_aba" },
  { to: "bank_account", from: "bank_account_number" },
  { to: "account_type", from: "bank_account_type", case: "lower" },
] as const;

const root = (protocol: Buyer["protocol"], path: string) => (protocol === "xml" ? `Response.${path}` : path);

/** The simulated lenders as buyers, at the simulator's address. */
export function simulatedBuyers(baseUrl: string): Buyer[] {
  // Parsed like any buyer, so every setting a lender leaves out takes its default (billing, budgets, returns...).
  return SIM_LENDERS.map((l): Buyer => {
    const answer = {
      success: { path: root(l.protocol, "status"), equals: ["accepted"] },
      price: root(l.protocol, "price"),
      id: root(l.protocol, "id"),
      reason: root(l.protocol, "reason"),
      redirectUrl: root(l.protocol, "redirect_url"),
    };
    const post = [...PING_FIELDS, ...CONTACT_FIELDS, ...(l.kind === "licensed_lender" ? APPLICATION_FIELDS : [])];
    return buyerSchema.parse({
      id: l.id,
      name: l.name,
      enabled: true,
      kind: l.kind,
      licensedStates: l.kind === "licensed_lender" ? ALL_STATES_BUT(l.tier === 1 ? "NV" : "") : undefined,
      mode: "ping_post",
      protocol: l.protocol,
      xmlRoot: "Lead",
      ping: { url: `${baseUrl}/lenders/${l.id}/ping`, fields: [...PING_FIELDS], answer },
      post: { url: `${baseUrl}/lenders/${l.id}/post`, fields: post, answer },
      filters: l.filters ?? {},
      testMode: "both",
      pricing: { kind: "bid" },
      floor: 3,
      tier: l.tier,
      caps: {},
      timeZone: "America/New_York",
      timeoutMs: 5_000,
      duplicateWindowDays: 30,
    });
  });
}

async function readBody(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > 64 * 1024) break;
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString("utf8");
  const type = request.headers["content-type"] ?? "";
  try {
    if (type.includes("json")) return JSON.parse(text) as Record<string, string>;
    if (type.includes("xml")) {
      return Object.fromEntries([...text.matchAll(/<(\w+)>([^<]*)<\/\1>/g)].map((m) => [m[1], m[2]])) as Record<
        string,
        string
      >;
    }
    return Object.fromEntries(new URLSearchParams(text));
  } catch {
    return {};
  }
}

function reply(response: ServerResponse, protocol: Buyer["protocol"], body: Record<string, string | number>) {
  if (protocol === "xml") {
    const inner = Object.entries(body)
      .map(([k, v]) => `<${k}>${String(v).replaceAll("&", "&amp;").replaceAll("<", "&lt;")}</${k}>`)
      .join("");
    response.writeHead(200, { "content-type": "application/xml" });
    return response.end(`<?xml version="1.0"?><Response>${inner}</Response>`);
  }
  response.writeHead(200, { "content-type": "application/json" });
  response.end(JSON.stringify(body));
}

/** The lender's offer page: plain, accessible HTML with no script and no inline style (CSP-safe). */
function offerPage(lender: SimLender, offer: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(lender.name)}: your offer</title></head><body><main><h1>${escapeHtml(lender.name)}</h1><p>Thank you. Your application reached ${escapeHtml(lender.name)}, a simulated lender of the Loanpath demo network.</p><p>Offer reference: <strong>${escapeHtml(offer)}</strong></p><p>No real loan is offered here.</p></main></body></html>`;
}

export type Simulator = {
  url: string;
  /** The configured port, when another process held it and the simulator took a free one instead. */
  portTaken?: number;
  close(): Promise<void>;
};

function listenOn(server: Server, port: number): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => reject(error);
    server.once("error", fail);
    server.listen(port, "127.0.0.1", () => {
      server.off("error", fail);
      resolve();
    });
  });
}

/**
 * Starts the simulator on 127.0.0.1. Posts are idempotent per lead, as real buyers dedupe a resent lead.
 * When the port is taken (a second `npm start` beside the first, docs/product/lender-network.md#simulated-network)
 * it takes a free one: each process's simulated buyers point at its own simulator, so nothing else changes.
 */
export async function startSimulator(port: number, random: () => number = Math.random): Promise<Simulator> {
  const byId = new Map(SIM_LENDERS.map((l) => [l.id, l]));
  const sales = new Map<string, Record<string, string | number>>();
  let base = "";
  const server: Server = createServer((request, response) => {
    const match = /^\/lenders\/([\w-]+)\/(ping|post|offer\/[\w-]+)$/.exec(request.url ?? "");
    const lender = match ? byId.get(match[1] as string) : undefined;
    if (!match || !lender) {
      response.writeHead(404, { "content-type": "text/plain" });
      return response.end("not found");
    }
    const action = match[2] as string;
    if (action.startsWith("offer/")) {
      response.writeHead(200, {
        "content-type": "text/html; charset=utf-8",
        "content-security-policy": "default-src 'none'; base-uri 'none'; form-action 'none'",
      });
      return response.end(offerPage(lender, action.slice(6)));
    }
    void readBody(request).then((fields) => {
      const leadId = String(fields.lead_id ?? "");
      const saleKey = `${lender.id}:${leadId}`;
      const answer = () => {
        if (action === "post" && sales.has(saleKey)) return reply(response, lender.protocol, sales.get(saleKey)!);
        if (random() < lender.failRate) {
          if (lender.habit === "timeout") return; // never answers; the auction cuts it
          if (lender.habit === "drop") return request.socket.destroy();
          if (lender.habit === "error500") {
            response.writeHead(500, { "content-type": "text/html" });
            return response.end("<html><body>Internal Server Error</body></html>");
          }
          if (lender.habit === "garbage") {
            response.writeHead(200, { "content-type": "application/json" });
            return response.end("{status: accepted,,");
          }
        }
        if (action === "ping") {
          const price = Math.round(lender.bid * (0.8 + random() * 0.4) * 100) / 100;
          return reply(response, lender.protocol, { status: "accepted", price, id: `${lender.id}-${Date.now()}` });
        }
        if (!lender.accepts(fields))
          return reply(response, lender.protocol, { status: "rejected", reason: "criteria" });
        const offer = `${lender.id}-${leadId.slice(-8) || "x"}`;
        const sale = {
          status: "accepted",
          id: offer,
          redirect_url: `${base}/lenders/${lender.id}/offer/${offer.replace(/[^\w-]/g, "")}`,
        };
        sales.set(saleKey, sale);
        return reply(response, lender.protocol, sale);
      };
      setTimeout(answer, lender.latencyMs * (0.75 + random() * 0.25));
    });
  });
  let portTaken: number | undefined;
  try {
    await listenOn(server, port);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EADDRINUSE" || port === 0) throw error;
    portTaken = port;
    await listenOn(server, 0);
  }
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: base,
    portTaken,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
