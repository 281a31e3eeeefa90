import { eq, sql, type SQL } from "drizzle-orm";
import type { Db } from "../../platform/db/database.ts";
import { leads } from "../../platform/db/schema.ts";
import { findLead, type LeadRow } from "../../intake/leads/lead-store.ts";
import { logSensitiveRead, type SensitiveRead } from "../../compliance/sensitive-reads.ts";
import { suppressedContact, type Contact } from "../../compliance/suppression.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";
import {
  claimAuction,
  decideAuction,
  finishPost,
  readRunStart,
  recordCalls,
  releaseLease,
  renewLease,
  reservePost,
  saleStop,
  type AuctionRow,
  type Claim,
  type Decision,
} from "./auction-store.ts";
import type { Buyer } from "./buyer-config.ts";
import type { OutboundGuard } from "../../platform/net/outbound-guard.ts";
import { callBuyer } from "./buyer-http.ts";
import { buyerReason, cents, outcomeColumns } from "./buyer-answers.ts";
import { collectOffers, type Offer, type Unreadable } from "./ping-offers.ts";
import type { BuyerRegistry } from "./buyer-registry.ts";
import type { AuctionObserver } from "./auction-metrics.ts";
import type { DecidedAuction } from "./decision-log.ts";
import type { Screening } from "../../screening/gate/screening.ts";
import { ineligibility } from "./eligibility.ts";
import { alertLowRoom, noRoom } from "./buyer-room.ts";
import { notePostOutcome, type BuyerFailing } from "./post-failures.ts";
import {
  ALL_CLASSES,
  CONTACT_CLASSES,
  leadDocument,
  secretsOf,
  visibleTo,
  type LeadDocument,
} from "./lead-document.ts";
import { encodeRequest, mapFields } from "./mapping.ts";
import { failedCall, OutcomeBook, type OutcomeRecord } from "./outcome-book.ts";
import type { BuyerOutcome } from "#domain/buyers/buyer-outcomes.ts";
import { sourcesOf } from "#domain/buyers/transforms.ts";
import { MAX_DUPLICATE_WINDOW_DAYS } from "#domain/buyers/buyer-schema.ts";

// The auction (docs/product/lender-network.md#auction, docs/decisions/0018-lender-auction.md): eligible
// buyers by tier; in a tier, pings in parallel, bids above the floor ranked (ties in random order, so each
// gets its turn), the full lead posted to the best, down the ranking on reject, error or timeout, stop at
// the first accept. Every step is written down first, so a worker that dies leaves enough to resume.

export type AuctionContext = {
  db: Db;
  cipher: PiiCipher;
  /** Keys the person hashes that suppression tombstones are compared on. */
  tokenSecret: Buffer;
  buyers: BuyerRegistry;
  /** Where a buyer's URL may lead (docs/decisions/0040-outbound-guard.md). */
  outbound: OutboundGuard;
  /** This process's name, unique per process; each claim adds its own token to it. */
  owner: string;
  leaseMs: number;
  rejectUrl: string;
  acceptedWithoutRedirect: string;
  onDecided: (auction: DecidedAuction) => void;
  warn: (message: string) => void;
  /** The address of a lead's consent certificate, which a post may carry (consent_certificate_url). */
  certificateUrl?: (leadId: string) => string;
  /** The process's metrics (auction-metrics.ts): each buyer's answers and caps. */
  observe?: Pick<AuctionObserver, "buyerCall" | "capReached">;
  /**
   * True once the process is stopping and its running auctions must give way (docs/decisions/0037): each
   * then stops at its next step (never inside a buyer's call), gives its lease back and calls `handBack`.
   */
  handingBack?: () => boolean;
  /** Queues the lead again for any process's worker to resume. */
  handBack?: (leadId: string) => Promise<void>;
  /**
   * The gate every lead passes before any buyer (docs/product/screening.md): its quality record, made at the first run
   * and read again by the later ones. Unset (tests of the auction alone): no gate.
   */
  screening?: Screening;
  /** A buyer whose posts failed its `pauseAfterPostErrors` times in a row (post-failures.ts); app.ts pauses it. */
  onBuyerFailing?: BuyerFailing;
};

/** What the winner may receive: the whole application only for a lender licensed in the person's state. */
export function postDocument(buyer: Buyer, doc: LeadDocument): LeadDocument {
  const licensedHere = buyer.kind === "licensed_lender" && buyer.licensedStates?.includes(String(doc.state));
  return visibleTo(doc, licensedHere ? ALL_CLASSES : CONTACT_CLASSES);
}

/**
 * Thrown inside a run that is fenced out (its lease lost, or the auction decided or sold meanwhile): it
 * stops without sending or deciding anything more.
 */
class Fenced extends Error {}

/** Thrown inside a run when its process is stopping: it stops between two steps and hands its lease back. */
class HandedBack extends Error {}

/** Runs a lead's auction under a new claim, or under `claimed`, the claim it was created under. */
export async function runAuction(ctx: AuctionContext, leadId: string, claimed?: Claim): Promise<void> {
  // A job taken just as the process began to stop: left to another process without a claim.
  if (ctx.handingBack?.()) {
    if (claimed) await releaseLease(ctx.db, leadId, claimed.token);
    return ctx.handBack?.(leadId);
  }
  const claim = claimed ?? (await claimAuction(ctx.db, leadId, ctx.owner, ctx.leaseMs));
  if (!claim) return; // decided already, or another claim holds it
  // A lease that is lost (run out, taken over) is never renewed again, and the run stops at its next
  // step; reservePost and decideAuction check the lease in the database anyway, so a run that has not
  // noticed yet still cannot post or decide (docs/decisions/0019-auction-fencing.md).
  let lost = false;
  const keepAlive = setInterval(
    () => {
      renewLease(ctx.db, leadId, claim.token, ctx.leaseMs).then(
        (held) => {
          if (held) return;
          lost = true;
          clearInterval(keepAlive);
        },
        () => {}, // a failed renewal is tried again; the lease running out is what counts
      );
    },
    Math.max(200, ctx.leaseMs / 3),
  );
  const run: Run = { ...ctx, token: claim.token, lost: () => lost, book: new OutcomeBook() };
  try {
    const { decision, outcomes } = await decide(run, claim.auction, claimed?.lead);
    if (await decideAuction(ctx.db, leadId, claim.token, decision, { run: claim.auction.runs, records: outcomes })) {
      ctx.onDecided({ ...decision, leadId, createdAt: claim.auction.createdAt });
    }
  } catch (error) {
    if (error instanceof HandedBack) {
      // Another claim may take it at once, with no lease to wait out; what was done so far is recorded.
      clearInterval(keepAlive);
      if (await releaseLease(ctx.db, leadId, claim.token)) {
        // Unqueued, it still waits only for another process's sweeper, as after a crash.
        await ctx.handBack?.(leadId).catch(() => ctx.warn("an auction handed back could not be queued again"));
      }
      return;
    }
    // Whoever holds the lease now (or the sweeper, once it runs out) carries the auction on.
    if (!(error instanceof Fenced)) throw error;
  } finally {
    clearInterval(keepAlive);
  }
}

/** `book`: every buyer's outcome as the run reaches it (outcome-book.ts), written with the decision. */
type Run = AuctionContext & { token: string; lost: () => boolean; book: OutcomeBook };

/** Between two steps: a run whose lease is lost stops, and so does one whose process is stopping. */
function checkpoint(ctx: Run) {
  if (ctx.lost()) throw new Fenced();
  if (ctx.handingBack?.()) throw new HandedBack();
}

/** The e-mail and phones the document carries: what suppression is asked about. */
const contactOf = (lead: LeadRow): Contact => ({
  email: lead.email,
  phones: [lead.cell_phone, lead.home_phone, lead.work_phone],
});

/**
 * The same question before each post, in one statement (docs/decisions/0038-auction-cost.md): the lead's
 * state read afresh, and suppression asked of the contact the document carries, which is what would leave.
 */
async function stoppedBeforePost(
  db: Db,
  leadId: string,
  suppressed: SQL<boolean> | undefined,
): Promise<string | undefined> {
  const [now] = await db
    .select({
      status: leads.status,
      doNotSellAt: leads.doNotSellAt,
      suppressed: suppressed ?? sql<boolean>`false`,
    })
    .from(leads)
    .where(eq(leads.id, leadId))
    .limit(1);
  if (!now) return "lead gone";
  return saleStop({ status: now.status, doNotSell: now.doNotSellAt !== null, suppressed: now.suppressed });
}

/** The run's decision, and every buyer's outcome in it (docs/product/lender-network.md#every-buyers-outcome). */
type Decided = { decision: Decision; outcomes: OutcomeRecord[] };

async function decide(ctx: Run, auction: AuctionRow, given: LeadRow | undefined): Promise<Decided> {
  const { db, book } = ctx;
  const byId = new Map<string, Buyer>();
  const rejected = (reason: string, rejectUrl = ctx.rejectUrl): Decided => ({
    decision: { status: "rejected", reason, rejectUrl },
    outcomes: book.close({ reason }),
  });
  // What ends an auction for every buyer not yet done with: the lead may no longer be sold, or the time is spent.
  const stopped = (reason: string) => {
    book.rest("stopped", reason);
    return rejected(reason);
  };
  const outOfTime = (rejectUrl?: string) => {
    book.rest("not_reached", "time budget");
    return rejected("time budget", rejectUrl);
  };
  const accepted = (buyerId: string, priceCents: number | null, url: string | undefined | null): Decided => ({
    decision: { status: "accepted", buyerId, priceCents, redirectUrl: url ?? ctx.acceptedWithoutRedirect },
    outcomes: book.close({ soldInTier: byId.get(buyerId)?.tier ?? 0 }),
  });
  // The lead as the send read it (a queued run reads it here); then, in one statement beside the buyers, what the
  // run starts from: the lead's state afresh, suppression, consent, earlier posts, and the buyers that already
  // bought this person, asked over the longest window any buyer may have (each buyer's own is applied below).
  const lead = given ?? (await findLead(db, auction.leadId));
  if (!lead) return rejected("lead gone");
  // Asked of the e-mail and phones the document carries, at the start and again at every post's gate.
  const suppressed = suppressedContact(db, ctx.tokenSecret, contactOf(lead));
  // The buyers' accounts are read with the rest (their room, docs/product/buyer-money.md#room), beside the buyers.
  const [start, buyers] = await Promise.all([
    readRunStart(db, auction, MAX_DUPLICATE_WINDOW_DAYS, suppressed),
    ctx.buyers.current(),
  ]);
  if (!start) return rejected("lead gone");
  const { consent, posts, lastBought } = start;
  for (const b of buyers) byId.set(b.id, b);
  book.consider(buyers.map((b) => b.id));
  // The posts of an earlier run are outcomes already; this run pings everyone else again.
  for (const p of posts) {
    const offeredCents = p.priceCents;
    if (p.state === "accepted") book.set(p.buyerId, "post_accepted", { offeredCents, paidCents: p.priceCents });
    else if (p.state === "unreadable") {
      book.set(p.buyerId, "unreadable", { detail: p.reason ? `post: ${p.reason}` : "post", offeredCents });
    } else if (p.state !== "sending") book.set(p.buyerId, "post_rejected", { detail: p.reason, offeredCents });
  }
  // A sale already recorded (the worker died before deciding) stands.
  const sale = posts.find((p) => p.state === "accepted");
  if (sale) return accepted(sale.buyerId, sale.priceCents, sale.redirectUrl);

  // Suppressed contacts and do-not-sell leads reach no buyer (docs/decisions/0008); asked again before
  // every post below. A post left in flight is not sent again: it is closed with the reason, so it does not
  // count as in flight against the buyer's caps for ever.
  const notResent = (id: number, why: string) =>
    finishPost(db, id, { state: "rejected", reason: `not resent: ${why}` });
  const stop = saleStop(start.sale);
  if (stop) {
    for (const p of posts.filter((x) => x.state === "sending")) await notResent(p.id, stop);
    return stopped(stop);
  }

  // The gate (docs/product/screening.md#refusals): a lead its rules refuse reaches no buyer, with the rule's reason.
  const quality = await ctx.screening?.screen(lead, auction);
  checkpoint(ctx);
  if (quality?.refusedReason) {
    book.rest("screened", quality.refusedReason);
    return rejected(`screened: ${quality.refusedReason}`);
  }

  // The answers are decrypted only for a lead that may be sold.
  const now = new Date();
  const doc = leadDocument(lead, ctx.cipher, {
    attribution: auction.attribution,
    consent,
    certificateUrl: ctx.certificateUrl?.(lead.id),
    today: now,
    quality: quality?.checks,
  });
  const secrets = secretsOf(doc);
  // A test lead is paid for by nobody: it is held against no buyer's room.
  const testLead = auction.testMode || lead.test_mode;

  const deadline = auction.deadlineAt.getTime();
  const remaining = () => deadline - Date.now();
  let lastRejectUrl: string | undefined;
  // A buyer whose answer could not be read may believe it bought the lead: the operator must hear of it, and
  // the auction's reason says so when nobody else bought (docs/decisions/0018-lender-auction.md).
  let unreadableAnswers = false;
  const unreadable: Unreadable = (buyer, kind, reason) => {
    unreadableAnswers = true;
    ctx.warn(
      `${buyer.id}: its ${kind} answer could not be read (${reason}); check its answer mapping and answer.format`,
    );
  };

  /** Posts the full lead; a sale answers its decision, anything else null, and a stop answers a reason. */
  const post = async (
    buyer: Buyer,
    priceCents: number,
    pingId: string | undefined,
    resend?: number,
  ): Promise<Decided | null | { stop: string }> => {
    checkpoint(ctx);
    const visible = postDocument(buyer, doc);
    const fields = mapFields(buyer.post.fields, { ...visible, ping_id: pingId ?? null, bid_price: priceCents / 100 });
    const request = encodeRequest(buyer, fields);
    // The full application leaves only after this: which of its sensitive answers go to whom is logged first.
    const read: SensitiveRead = {
      leadId: auction.leadId,
      fields: [...new Set(buyer.post.fields.flatMap((map) => sourcesOf(map).filter((from) => visible[from] != null)))],
      purpose: "post to lender",
      recipient: buyer.id,
    };
    let id: number;
    if (resend !== undefined) {
      // The opt-out that arrived since the post left stops its resend.
      const stop = await stoppedBeforePost(db, auction.leadId, suppressed);
      if (stop) {
        await notResent(resend, stop);
        return { stop };
      }
      // The resend is a post like any other: only under this claim's lease.
      if (!(await renewLease(db, auction.leadId, ctx.token, ctx.leaseMs))) throw new Fenced();
      id = resend;
      await logSensitiveRead(db, read);
    } else {
      // The opt-out that arrived while buyers were pinged stops the sale at the gate, before the application
      // leaves; the gate writes the post row and its sensitive read together.
      const reservation = await reservePost(
        db,
        buyer,
        { leadId: auction.leadId, request: { body: request.masked }, priceCents },
        ctx.token,
        new Date(),
        { suppressed, read, test: testLead },
      );
      if ("stopped" in reservation) return { stop: reservation.stopped };
      if ("refused" in reservation) {
        if (reservation.refused === "fenced") throw new Fenced();
        if (reservation.refused === "no room") {
          // Its room was spent by another auction since this one read it: passed over, the price it offered kept.
          book.set(buyer.id, "no_room", { detail: buyer.billing.kind, offeredCents: priceCents });
          return null;
        }
        ctx.observe?.capReached(buyer.id);
        // At a cap: its offer is passed over, and the outcome says which cap, with the price it offered.
        book.set(buyer.id, "cap_full", { detail: reservation.caps.join(", "), offeredCents: priceCents });
        return null;
      }
      id = reservation.id;
    }
    // A post in flight when a worker died is sent again to the same buyer with the same lead id, so a
    // buyer that took it the first time answers the same; it may still run past the budget, once.
    const outcome = await callBuyer(
      ctx.outbound,
      buyer,
      buyer.post,
      request,
      resend !== undefined ? buyer.timeoutMs : Math.min(buyer.timeoutMs, remaining()),
    );
    const sold = outcome.ok && outcome.answer.accepted;
    ctx.observe?.buyerCall(buyer.id, "post", outcome, sold);
    if (!outcome.ok && outcome.unreadable) unreadable(buyer, "post", outcome.reason);
    const settled = await finishPost(db, id, {
      state: sold ? "accepted" : !outcome.ok && outcome.unreadable ? "unreadable" : "rejected",
      ...outcomeColumns(outcome, secrets),
      // A fixed-price buyer pays its price, whatever its answer says; a bidder may confirm another price.
      priceCents: sold && buyer.pricing.kind !== "fixed" ? (cents(outcome.answer.price) ?? priceCents) : priceCents,
    });
    await notePostOutcome(ctx, buyer, outcome);
    // The row as settled decides, not this answer: a run that lost its lease may have settled it first.
    if (settled?.state === "accepted") {
      book.set(buyer.id, "post_accepted", { offeredCents: priceCents, paidCents: settled.priceCents });
      // The sale's price is charged by the statement that settled it; the alert, once per crossing, after.
      if (settled.heldCents !== null) {
        await alertLowRoom(db, buyer).catch(() => ctx.warn(`${buyer.id}: its low-room alert could not be queued`));
      }
      return accepted(buyer.id, settled.priceCents, settled.redirectUrl);
    }
    if (outcome.ok) {
      book.set(buyer.id, "post_rejected", {
        detail: buyerReason(outcome.answer.reason, secrets),
        offeredCents: priceCents,
      });
    } else {
      const failed = failedCall(outcome, "post");
      book.set(buyer.id, failed.outcome, { detail: failed.detail, offeredCents: priceCents });
    }
    if (!sold && outcome.ok && outcome.answer.redirectUrl) lastRejectUrl = outcome.answer.redirectUrl;
    return null;
  };

  // A post that was in flight when the last worker died is settled first, with that same buyer.
  const postedTo = new Set(posts.map((p) => p.buyerId));
  const inFlight = posts.find((p) => p.state === "sending");
  if (inFlight) {
    const buyer = byId.get(inFlight.buyerId);
    const result = buyer
      ? await post(buyer, inFlight.priceCents ?? 0, inFlight.externalId ?? undefined, inFlight.id)
      : null;
    if (!buyer) {
      await finishPost(db, inFlight.id, { state: "rejected", reason: "buyer removed" });
      book.set(inFlight.buyerId, "post_rejected", { detail: "buyer removed", offeredCents: inFlight.priceCents });
    }
    if (result && "stop" in result) return stopped(result.stop);
    if (result) return result;
  }

  const eligible: Buyer[] = [];
  for (const buyer of buyers) {
    if (postedTo.has(buyer.id)) continue; // its post is its outcome
    const why = ineligibility(buyer, doc, testLead, now);
    if (why) {
      book.set(buyer.id, why.outcome, { detail: why.detail });
      continue;
    }
    // A buyer who already bought this person inside its own window is skipped.
    const last = lastBought.get(buyer.id);
    if (last && last.getTime() >= now.getTime() - buyer.duplicateWindowDays * 86_400_000) {
      book.set(buyer.id, "duplicate_window", { detail: `${buyer.duplicateWindowDays} days` });
      continue;
    }
    const short = testLead ? undefined : noRoom(buyer, doc, start.accounts.get(buyer.id));
    if (short) {
      book.set(buyer.id, "no_room", { detail: short });
      continue;
    }
    eligible.push(buyer);
  }
  /** Posts to each offer in turn until one sells; a stop or a sale ends it. */
  const postInTurn = async (offers: Offer[]): Promise<Decided | undefined> => {
    for (const offer of offers) {
      if (remaining() <= 0) return outOfTime(lastRejectUrl);
      const result = await post(offer.buyer, offer.priceCents, offer.pingId);
      if (result && "stop" in result) return stopped(result.stop);
      if (result) return result;
    }
    return undefined;
  };
  const notSold = (): Decided => {
    if (eligible.length > 0 && remaining() <= 0) return outOfTime(lastRejectUrl);
    if (eligible.length === 0) return rejected("no eligible buyer");
    return rejected(unreadableAnswers ? "answer unreadable" : "no buyer accepted", lastRejectUrl);
  };

  // A publisher's ping collected the offers already (docs/decisions/0051-publisher-ping-post.md): the lead goes to
  // them in that order, with no ping of its own; a buyer it no longer suits (its filters on the whole lead, its
  // duplicate window) is passed over, and the buyers that made no offer keep the ping's outcome.
  if (auction.preset) {
    const open = new Set(eligible.map((b) => b.id));
    for (const o of auction.preset.outcomes) {
      if (open.has(o.buyerId)) book.set(o.buyerId, o.outcome as BuyerOutcome, o);
    }
    const offers = auction.preset.offers.flatMap((o, order): Offer[] => {
      const buyer = byId.get(o.buyerId);
      if (!buyer || !open.has(o.buyerId)) return [];
      book.offered(o.buyerId, o.priceCents);
      return [{ buyer, priceCents: o.priceCents, pingId: o.pingId ?? undefined, order }];
    });
    return (await postInTurn(offers)) ?? notSold();
  }

  const tiers = [...new Set(eligible.map((b) => b.tier))].sort((a, b) => a - b);
  for (const tier of tiers) {
    if (remaining() <= 0) return outOfTime(lastRejectUrl);
    checkpoint(ctx);
    const inTier = eligible.filter((b) => b.tier === tier);
    const { offers, calls } = await collectOffers(
      ctx,
      inTier,
      doc,
      secrets,
      remaining,
      unreadable,
      auction.minPriceCents ?? 0,
    );
    // The tier's pings are written together once all have answered: one insert, not one per buyer, before the post
    // (a timeline reads the pings before the post they led to). A run that dies before writing them pings again.
    await recordCalls(
      db,
      calls.map((call) => ({ ...call, leadId: auction.leadId })),
    ).catch((error: unknown) => ctx.warn(`ping record failed: ${(error as Error).name}`));
    const result = await postInTurn(offers);
    if (result) return result;
  }
  return notSold();
}
