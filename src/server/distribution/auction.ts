import { and, eq } from "drizzle-orm";
import type { Db } from "../db/database.ts";
import { buyerCalls } from "../db/schema.ts";
import { findLead } from "../leads/lead-store.ts";
import { isSuppressed } from "../privacy/suppression.ts";
import type { PiiCipher } from "../security/pii-cipher.ts";
import {
  boughtBefore,
  claimAuction,
  decideAuction,
  finishPost,
  latestConsent,
  recordCall,
  renewLease,
  reservePost,
  type AuctionRow,
  type Decision,
} from "./auction-store.ts";
import type { Buyer } from "./buyer-config.ts";
import { callBuyer, type CallOutcome } from "./buyer-http.ts";
import type { BuyerRegistry } from "./buyer-registry.ts";
import { ineligibility } from "./eligibility.ts";
import {
  ALL_CLASSES,
  CONTACT_CLASSES,
  PING_CLASSES,
  leadDocument,
  secretsOf,
  visibleTo,
  type LeadDocument,
} from "./lead-document.ts";
import { encodeRequest, mapFields } from "./mapping.ts";

// The auction (docs/product/lender-network.md#auction, docs/decisions/0018-lender-auction.md): eligible
// buyers by tier; in a tier, pings in parallel, bids above the floor ranked (ties in random order, so each
// gets its turn), the full lead posted to the best, down the ranking on reject, error or timeout, stop at
// the first accept. Every step is written down first, so a worker that dies leaves enough to resume.

export type AuctionContext = {
  db: Db;
  cipher: PiiCipher;
  buyers: BuyerRegistry;
  /** Who runs it: the lease holder's name, unique per process. */
  owner: string;
  leaseMs: number;
  rejectUrl: string;
  acceptedWithoutRedirect: string;
  onDecided: (leadId: string) => void;
  warn: (message: string) => void;
};

type Offer = { buyer: Buyer; priceCents: number; pingId: string | undefined; order: number };

const cents = (dollars: number | undefined) => (dollars === undefined ? undefined : Math.round(dollars * 100));

/** The answer text as stored: personal values of the lead replaced, and cut to a size worth keeping. */
function maskText(text: string, secrets: string[]): string {
  let out = text.slice(0, 4000);
  for (const s of secrets) out = out.split(s).join("[masked]");
  return out;
}

/** What the winner may receive: the whole application only for a lender licensed in the person's state. */
function postDocument(buyer: Buyer, doc: LeadDocument): LeadDocument {
  const licensedHere = buyer.kind === "licensed_lender" && buyer.licensedStates?.includes(String(doc.state));
  return visibleTo(doc, licensedHere ? ALL_CLASSES : CONTACT_CLASSES);
}

export async function runAuction(ctx: AuctionContext, leadId: string): Promise<void> {
  const auction = await claimAuction(ctx.db, leadId, ctx.owner, ctx.leaseMs);
  if (!auction) return; // decided already, or another worker holds it
  const keepAlive = setInterval(
    () => void renewLease(ctx.db, leadId, ctx.owner, ctx.leaseMs).catch(() => {}),
    Math.max(200, ctx.leaseMs / 3),
  );
  try {
    const decision = await decide(ctx, auction);
    if (await decideAuction(ctx.db, leadId, decision)) ctx.onDecided(leadId);
  } finally {
    clearInterval(keepAlive);
  }
}

async function decide(ctx: AuctionContext, auction: AuctionRow): Promise<Decision> {
  const { db } = ctx;
  const rejected = (reason: string, rejectUrl = ctx.rejectUrl): Decision => ({ status: "rejected", reason, rejectUrl });
  const lead = await findLead(db, auction.leadId);
  if (!lead) return rejected("lead gone");
  const now = new Date();
  const doc = leadDocument(lead, ctx.cipher, {
    attribution: auction.attribution,
    consent: await latestConsent(db, lead.id),
    today: now,
  });
  const secrets = secretsOf(doc);
  const buyers = await ctx.buyers.current();
  const byId = new Map(buyers.map((b) => [b.id, b]));
  const accepted = (buyer: Buyer, priceCents: number | null, url: string | undefined | null): Decision => ({
    status: "accepted",
    buyerId: buyer.id,
    priceCents,
    redirectUrl: url ?? ctx.acceptedWithoutRedirect,
  });

  // A sale already recorded (the worker died before deciding) stands.
  const posts = await db
    .select()
    .from(buyerCalls)
    .where(and(eq(buyerCalls.leadId, auction.leadId), eq(buyerCalls.kind, "post")));
  const sale = posts.find((p) => p.state === "accepted");
  if (sale) {
    return {
      status: "accepted",
      buyerId: sale.buyerId,
      priceCents: sale.priceCents,
      redirectUrl: sale.redirectUrl ?? ctx.acceptedWithoutRedirect,
    };
  }

  // Suppressed contacts and do-not-sell leads reach no buyer (docs/decisions/0008).
  if (lead.doNotSellAt) return rejected("do not sell");
  for (const phone of [lead.cell_phone, lead.home_phone, lead.work_phone]) {
    if (await isSuppressed(db, { email: lead.email, phone })) return rejected("suppressed");
  }

  const deadline = auction.deadlineAt.getTime();
  const remaining = () => deadline - Date.now();
  let lastRejectUrl: string | undefined;

  const post = async (buyer: Buyer, priceCents: number, pingId: string | undefined, reuseId?: number) => {
    const fields = mapFields(buyer.post.fields, {
      ...postDocument(buyer, doc),
      ping_id: pingId ?? null,
      bid_price: priceCents / 100,
    });
    const request = encodeRequest(buyer, fields);
    const id =
      reuseId ??
      (await reservePost(
        db,
        buyer,
        { leadId: auction.leadId, request: { body: request.masked }, priceCents },
        new Date(),
      ));
    if (id === undefined) return undefined; // at a cap
    // A post in flight when a worker died is sent again to the same buyer with the same lead id, so a
    // buyer that took it the first time answers the same; it may still run past the budget, once.
    const outcome = await callBuyer(
      buyer,
      buyer.post,
      request,
      reuseId ? buyer.timeoutMs : Math.min(buyer.timeoutMs, remaining()),
    );
    const sold = outcome.ok && outcome.answer.accepted;
    await finishPost(db, id, {
      state: sold ? "accepted" : "rejected",
      ...outcomeColumns(outcome, secrets),
      priceCents: sold ? (cents(outcome.answer.price) ?? priceCents) : priceCents,
    });
    if (!sold && outcome.ok && outcome.answer.redirectUrl) lastRejectUrl = outcome.answer.redirectUrl;
    return sold && outcome.ok
      ? accepted(buyer, cents(outcome.answer.price) ?? priceCents, outcome.answer.redirectUrl)
      : null;
  };

  // A post that was in flight when the last worker died is settled first, with that same buyer.
  const postedTo = new Set(posts.map((p) => p.buyerId));
  const inFlight = posts.find((p) => p.state === "sending");
  if (inFlight) {
    const buyer = byId.get(inFlight.buyerId);
    const result = buyer
      ? await post(buyer, inFlight.priceCents ?? 0, inFlight.externalId ?? undefined, inFlight.id)
      : null;
    if (!buyer) await finishPost(db, inFlight.id, { state: "rejected", reason: "buyer removed" });
    if (result) return result;
  }

  const testLead = auction.testMode || lead.test_mode;
  const eligible: Buyer[] = [];
  for (const buyer of buyers) {
    if (postedTo.has(buyer.id) || ineligibility(buyer, doc, testLead, now)) continue;
    if (await boughtBefore(db, buyer.id, auction, buyer.duplicateWindowDays)) continue;
    eligible.push(buyer);
  }
  const tiers = [...new Set(eligible.map((b) => b.tier))].sort((a, b) => a - b);

  for (const tier of tiers) {
    if (remaining() <= 0) return rejected("time budget", lastRejectUrl);
    const inTier = eligible.filter((b) => b.tier === tier);
    const offers = await collectOffers(ctx, auction.leadId, inTier, doc, secrets, remaining);
    for (const offer of offers) {
      if (remaining() <= 0) return rejected("time budget", lastRejectUrl);
      const result = await post(offer.buyer, offer.priceCents, offer.pingId);
      if (result) return result;
    }
  }
  if (eligible.length > 0 && remaining() <= 0) return rejected("time budget", lastRejectUrl);
  return rejected(eligible.length === 0 ? "no eligible buyer" : "no buyer accepted", lastRejectUrl);
}

function outcomeColumns(outcome: CallOutcome, secrets: string[]) {
  return {
    httpStatus: outcome.httpStatus ?? null,
    latencyMs: outcome.latencyMs,
    response: maskText(outcome.text, secrets),
    reason: outcome.ok ? (outcome.answer.reason ?? null) : outcome.reason,
    externalId: outcome.ok ? (outcome.answer.id ?? null) : null,
    redirectUrl: outcome.ok ? (outcome.answer.redirectUrl ?? null) : null,
  };
}

/** Pings a tier in parallel (direct-post buyers offer their fixed price unasked); the offers, best first. */
async function collectOffers(
  ctx: AuctionContext,
  leadId: string,
  buyers: Buyer[],
  doc: LeadDocument,
  secrets: string[],
  remaining: () => number,
): Promise<Offer[]> {
  const pingDoc = visibleTo(doc, PING_CLASSES);
  const results = await Promise.all(
    buyers.map(async (buyer): Promise<Offer | undefined> => {
      const fixed = buyer.pricing.kind === "fixed" ? cents(buyer.pricing.price) : undefined;
      if (buyer.mode === "direct_post" || !buyer.ping) {
        const price = fixed ?? cents(buyer.floor) ?? 0;
        return { buyer, priceCents: price, pingId: undefined, order: Math.random() };
      }
      const request = encodeRequest(buyer, mapFields(buyer.ping.fields, pingDoc));
      const outcome = await callBuyer(buyer, buyer.ping, request, Math.min(buyer.timeoutMs, remaining()));
      const price = outcome.ok && outcome.answer.accepted ? (fixed ?? cents(outcome.answer.price)) : undefined;
      const floor = cents(buyer.floor) ?? 0;
      const reason = !outcome.ok
        ? outcome.reason
        : !outcome.answer.accepted
          ? (outcome.answer.reason ?? "declined")
          : price === undefined
            ? "no price"
            : price < floor
              ? "below floor"
              : null;
      await recordCall(ctx.db, {
        leadId,
        buyerId: buyer.id,
        kind: "ping",
        state: reason === null ? "bid" : outcome.ok ? "no_bid" : "error",
        request: { body: request.body },
        ...outcomeColumns(outcome, secrets),
        reason,
        priceCents: price ?? null,
      }).catch((error: unknown) => ctx.warn(`ping record failed: ${(error as Error).name}`));
      if (reason !== null || price === undefined) return undefined;
      return { buyer, priceCents: price, pingId: outcome.ok ? outcome.answer.id : undefined, order: Math.random() };
    }),
  );
  return results
    .filter((o): o is Offer => o !== undefined)
    .sort((a, b) => b.priceCents - a.priceCents || a.order - b.order);
}
