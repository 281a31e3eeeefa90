import type { BuyerOutcome } from "#domain/buyers/buyer-outcomes.ts";
import type { PresetOffers } from "../../platform/db/schema.ts";
import type { OutboundGuard } from "../../platform/net/outbound-guard.ts";
import type { AuctionObserver } from "./auction-metrics.ts";
import type { BuyerRegistry } from "./buyer-registry.ts";
import type { CallRecord } from "./auction-store.ts";
import { buyerReason, cents, outcomeColumns } from "./buyer-answers.ts";
import type { Buyer } from "./buyer-config.ts";
import { callBuyer, type CallOutcome } from "./buyer-http.ts";
import { ineligibility } from "./eligibility.ts";
import { PING_CLASSES, secretsOf, visibleTo, type LeadDocument } from "./lead-document.ts";
import { encodeRequest, mapFields } from "./mapping.ts";
import { failedCall, OutcomeBook, type OutcomeExtra } from "./outcome-book.ts";
import { fixedPriceFor, floorFor } from "#domain/buyers/price-rules.ts";

// The pings of an auction's tier, and of a publisher's ping (docs/decisions/0051-publisher-ping-post.md): each
// eligible buyer asked in parallel with the ping fields only, its answer recorded, and the bids above its floor ranked.

export type Offer = { buyer: Buyer; priceCents: number; pingId: string | undefined; order: number };

/** A ping's record, before the lead it belongs to exists (a publisher's ping) or is named. */
export type PingCall = Omit<CallRecord, "leadId">;

/** Notes an answer that came but could not be read: recorded as such, never as a sale or a plain reject. */
export type Unreadable = (buyer: Buyer, kind: "ping" | "post", reason: string) => void;

/** What pinging needs of the auction's context (auction.ts AuctionContext has it all). */
type PingContext = {
  buyers: BuyerRegistry;
  outbound: OutboundGuard;
  observe?: Pick<AuctionObserver, "buyerCall">;
  warn: (message: string) => void;
};

type PingEnv = Pick<PingContext, "outbound" | "observe"> & { book: OutcomeBook };

/** What a ping came to, when it is not an offer to post to (a bid replaces it with `offered`). */
function pingOutcome(
  buyer: Buyer,
  outcome: CallOutcome,
  reason: string | null,
  price: number | undefined,
  secrets: string[],
  floorCents: number,
): [BuyerOutcome, OutcomeExtra] {
  const offeredCents = price ?? null;
  // A shadow buyer is only reported: what it answered is the detail, its bid the price.
  if (buyer.shadow) return ["shadow", { detail: reason === null ? null : buyerReason(reason, secrets), offeredCents }];
  if (!outcome.ok) {
    const failed = failedCall(outcome, "ping");
    return [failed.outcome, { detail: failed.detail }];
  }
  if (reason === "below floor") return ["below_floor", { detail: `floor $${floorCents / 100}`, offeredCents }];
  if (reason === LEAD_FLOOR) return ["below_floor", { detail: LEAD_FLOOR, offeredCents }];
  if (reason === "no price") return ["ping_rejected", { detail: "no price" }];
  return ["ping_rejected", { detail: buyerReason(outcome.answer.reason, secrets) }];
}

/** Why an offer under the lead's own floor (a posted lead's publisher terms) is passed over. */
const LEAD_FLOOR = "below the lead's floor (its publisher's terms)";

/**
 * Pings `buyers` in parallel (direct-post buyers offer their fixed price unasked): the offers, best first, and the
 * calls made, for the caller to record. `remaining` is the time left to wait for an answer; `leadFloorCents` the least
 * any buyer's price may be for this lead (0 for the funnel's).
 */
export async function collectOffers(
  env: PingEnv,
  buyers: Buyer[],
  doc: LeadDocument,
  secrets: string[],
  remaining: () => number,
  unreadable: Unreadable,
  leadFloorCents = 0,
): Promise<{ offers: Offer[]; calls: PingCall[] }> {
  const pingDoc = visibleTo(doc, PING_CLASSES);
  const calls: PingCall[] = [];
  const results = await Promise.all(
    buyers.map(async (buyer): Promise<Offer | undefined> => {
      // Its price for this lead by its rules, or its floor for this lead (docs/product/buyer-money.md#prices).
      const fixed = buyer.pricing.kind === "fixed" ? cents(fixedPriceFor(buyer.pricing, doc).price) : undefined;
      const floor = cents(floorFor(buyer, doc)) ?? 0;
      if (buyer.mode === "direct_post" || !buyer.ping) {
        const price = fixed ?? floor;
        if (price < leadFloorCents) {
          env.book.set(buyer.id, "below_floor", { detail: LEAD_FLOOR, offeredCents: price });
          return undefined;
        }
        env.book.offered(buyer.id, price);
        return { buyer, priceCents: price, pingId: undefined, order: Math.random() };
      }
      const request = encodeRequest(buyer, mapFields(buyer.ping.fields, pingDoc));
      const outcome = await callBuyer(env.outbound, buyer, buyer.ping, request, Math.min(buyer.timeoutMs, remaining()));
      const price = outcome.ok && outcome.answer.accepted ? (fixed ?? cents(outcome.answer.price)) : undefined;
      if (!outcome.ok && outcome.unreadable) unreadable(buyer, "ping", outcome.reason);
      const reason = !outcome.ok
        ? outcome.reason
        : !outcome.answer.accepted
          ? (outcome.answer.reason ?? "declined")
          : price === undefined
            ? "no price"
            : price < floor
              ? "below floor"
              : price < leadFloorCents
                ? LEAD_FLOOR
                : null;
      env.observe?.buyerCall(buyer.id, "ping", outcome, reason === null);
      const state = reason === null ? "bid" : outcome.ok ? "no_bid" : outcome.unreadable ? "unreadable" : "error";
      calls.push({
        buyerId: buyer.id,
        kind: "ping",
        // A shadow buyer's bid is only reported (docs/product/lender-network.md#shadow-mode): its own state, so
        // no count of bids or of pings that led to a post takes it for a real one.
        state: buyer.shadow && state === "bid" ? "shadow_bid" : state,
        // A ping carries no personal value, but may carry the buyer's credentials: kept masked like a post's.
        request: { body: request.masked },
        ...outcomeColumns(outcome, secrets),
        reason: buyer.shadow ? (reason === null ? "shadow" : `shadow: ${reason}`) : reason,
        priceCents: price ?? null,
      });
      if (reason !== null || price === undefined || buyer.shadow) {
        env.book.set(buyer.id, ...pingOutcome(buyer, outcome, reason, price, secrets, floor));
        return undefined;
      }
      env.book.offered(buyer.id, price);
      return { buyer, priceCents: price, pingId: outcome.ok ? outcome.answer.id : undefined, order: Math.random() };
    }),
  );
  const offers = results
    .filter((o): o is Offer => o !== undefined)
    .sort((a, b) => b.priceCents - a.priceCents || a.order - b.order);
  return { offers, calls };
}

/** A publisher's ping as the network answers it: the offers to post to in turn, and the pings made. */
export type PingedOffers = PresetOffers & { calls: PingCall[] };

/**
 * A publisher's ping (docs/decisions/0051-publisher-ping-post.md): every buyer the ping's fields make eligible, of
 * every tier at once (the publisher is answered one price), pinged in parallel until `untilMs`. The offers come in the
 * order a post will try them, tier by tier and best first in a tier; the buyers that made none keep their outcome,
 * which the post's auction reports as its own.
 */
export async function offersForPing(
  ctx: PingContext,
  doc: LeadDocument,
  test: boolean,
  untilMs: number,
  leadFloorCents = 0,
): Promise<PingedOffers> {
  const buyers = await ctx.buyers.current();
  const book = new OutcomeBook();
  book.consider(buyers.map((b) => b.id));
  const now = new Date();
  const eligible = buyers.filter((buyer) => {
    const why = ineligibility(buyer, doc, test, now);
    if (why) book.set(buyer.id, why.outcome, { detail: why.detail });
    return why === undefined;
  });
  const { offers, calls } = await collectOffers(
    { ...ctx, book },
    eligible,
    doc,
    secretsOf(doc),
    () => untilMs - Date.now(),
    (buyer, _kind, reason) =>
      ctx.warn(
        `${buyer.id}: its ping answer could not be read (${reason}); check its answer mapping and answer.format`,
      ),
    leadFloorCents,
  );
  const ranked = offers.sort((a, b) => a.buyer.tier - b.buyer.tier);
  const offered = new Set(ranked.map((o) => o.buyer.id));
  return {
    offers: ranked.map((o) => ({
      buyerId: o.buyer.id,
      priceCents: o.priceCents,
      pingId: o.pingId ?? null,
      tier: o.buyer.tier,
    })),
    outcomes: book
      .close({ reason: "not pinged" })
      .filter((r) => !offered.has(r.buyerId))
      .map((r) => ({ buyerId: r.buyerId, outcome: r.outcome, detail: r.detail, offeredCents: r.offeredCents })),
    calls,
  };
}
