import type { EventEmitter } from "node:events";
import type { LeadRow } from "../../intake/leads/lead-store.ts";
import type { Db } from "../../platform/db/database.ts";
import { findAuction, type AuctionRow, type Claim } from "./auction-store.ts";
import type { DecidedAuction } from "./decision-log.ts";
import type { DecisionWatch } from "./decision-watch.ts";
import type { LeadDocument } from "./lead-document.ts";
import type { PingedOffers } from "./ping-offers.ts";

// What a route that submits a lead needs of the lender network (the funnel's send, a publisher's post): the claim
// to create its auction under, the start once the creation has committed, and the wait for the decision. One
// implementation, so a posted lead is started and waited on exactly as a funnel lead is. And a publisher's ping's
// offers, collected as an auction's tier collects them.

/** The event on `decisions` that wakes every waiting request (the listener reconnected, the process is stopping). */
export const EVERY_LEAD = Symbol("every lead");

export type Created = { row: AuctionRow; created: boolean; claim?: Claim };
export type AuctionState = AuctionRow | DecidedAuction;

export type AuctionDesk = {
  /** The claim createAuction takes when this process will run the auction at once; none while stopping. */
  claimAs(): { owner: string; leaseMs: number } | undefined;
  /** While this process stops and no other would run its auction (the embedded database), sends are refused. */
  refusesSends(): boolean;
  /** After the creation committed: a pending auction starts, one decided at its creation (a duplicate) is announced. */
  started(created: Created, lead: LeadRow): Promise<void>;
  /**
   * Holds until the auction is decided, `untilMs` (epoch ms) passes, `hangUp` closes or the process's stop ends the
   * waits; answers the auction as it then stands.
   */
  decision(row: AuctionState, untilMs: number, hangUp?: EventEmitter): Promise<AuctionState>;
  /**
   * A publisher's ping: the buyers' offers for a document of ping fields, waited for until `untilMs`, none under
   * `floorCents` (ping-offers.ts).
   */
  offers(doc: LeadDocument, test: boolean, untilMs: number, floorCents: number): Promise<PingedOffers>;
};

type DeskOptions = {
  db: Db;
  start: (leadId: string, claim?: Claim) => Promise<void>;
  claimAs: { owner: string; leaseMs: number };
  decisions: EventEmitter;
  watch: DecisionWatch;
  announce: (auction: DecidedAuction) => void;
  stopping: { readonly draining: boolean; readonly pingsEnded: boolean };
  sharedQueue: boolean;
  /** How often a waiting request re-reads while decisions arrive by NOTIFY; undefined while they do not. */
  recheckMs: () => number | undefined;
  offers: AuctionDesk["offers"];
};

export function createAuctionDesk(opts: DeskOptions): AuctionDesk {
  const { db, decisions, stopping } = opts;
  return {
    claimAs: () => (stopping.draining ? undefined : opts.claimAs),
    refusesSends: () => stopping.draining && !opts.sharedQueue,
    offers: opts.offers,
    async started({ row, created, claim }, lead) {
      if (created && row.status === "pending") {
        // While stopping, this process's queue may already be closed: the row waits for another's sweeper.
        // The run starts from the lead as read here (its state and suppression are read afresh when it starts).
        await opts.start(lead.id, claim && { ...claim, lead }).catch((error: unknown) => {
          if (!stopping.draining) throw error;
        });
      }
      if (created && row.status !== "pending") opts.announce(row);
    },
    // Wakes at once on a decision, this process's or another's (by NOTIFY on PostgreSQL; without it, through the
    // shared re-read of decision-watch.ts), and while NOTIFY is heard looks at the database every PING_RECHECK_MS in
    // case one was missed. A stopping process answers what it has.
    async decision(first, untilMs, hangUp) {
      let row = first;
      const leadId = row.leadId;
      let closed = false;
      const onClose = () => (closed = true);
      hangUp?.once("close", onClose);
      const unwatch = opts.watch.watch(leadId);
      try {
        while (row.status === "pending" && Date.now() < untilMs && !closed && !stopping.pingsEnded) {
          const remaining = Math.max(0, untilMs - Date.now());
          const wait = Math.min(opts.recheckMs() ?? remaining, remaining);
          // A decision made in this process comes with the wake; any other wake reads the row.
          const decided = await new Promise<DecidedAuction | undefined>((resolve) => {
            const done = (decision?: DecidedAuction) => {
              clearTimeout(timer);
              decisions.off(leadId, done);
              decisions.off(EVERY_LEAD, done);
              hangUp?.off("close", done);
              resolve(decision);
            };
            const timer = setTimeout(done, wait);
            decisions.once(leadId, done);
            decisions.once(EVERY_LEAD, done);
            hangUp?.once("close", done);
          });
          row = decided ?? (await findAuction(db, leadId)) ?? row;
        }
      } finally {
        unwatch();
        hangUp?.off("close", onClose);
      }
      return row;
    },
  };
}
