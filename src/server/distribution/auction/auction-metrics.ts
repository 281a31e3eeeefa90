import { Counter, Gauge, Histogram, type Registry } from "prom-client";
import { cachedRead } from "../../platform/metrics/cached-read.ts";
import { SCRAPE_CACHE_MS } from "../../platform/metrics/metrics.ts";
import type { CallOutcome } from "./buyer-http.ts";
import type { DecidedAuction } from "./decision-log.ts";

// The auction's instruments (docs/operations-watch.md). Labels are bounded: outcomes, the reasons below, and
// buyer ids, which operators set (a handful to a few hundred); never a lead id.

/** The reasons an auction is rejected for (auction.ts, auction-store.ts); anything else is counted as "other". */
const KNOWN_REASONS = new Set([
  "time budget",
  "no eligible buyer",
  "no buyer accepted",
  "answer unreadable",
  "lead gone",
  "erased",
  "do not sell",
  "suppressed",
  "duplicate",
]);

/** What the auction tells its instruments; each call is cheap and never throws. */
export type AuctionObserver = {
  /** A ping or post answered (or not): `accepted` is a bid for a ping, a sale for a post. */
  buyerCall(buyerId: string, kind: "ping" | "post", outcome: CallOutcome, accepted: boolean): void;
  /** A post not sent because the buyer is at one of its caps. */
  capReached(buyerId: string): void;
  decided(auction: DecidedAuction, now?: Date): void;
};

/** What a call came to: accept, reject, timeout, error (no usable HTTP answer) or unreadable (an answer we could not read). */
function callResult(outcome: CallOutcome, accepted: boolean): string {
  if (outcome.ok) return accepted ? "accept" : "reject";
  if (outcome.reason === "timeout") return "timeout";
  return outcome.unreadable ? "unreadable" : "error";
}

export function auctionMetrics(registry: Registry): AuctionObserver {
  const registers = [registry];
  const duration = new Histogram({
    name: "loanpath_auction_duration_seconds",
    help: "From the send to the decision, by outcome (accepted, rejected).",
    labelNames: ["outcome"] as const,
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 20, 30, 60, 120],
    registers,
  });
  const decided = new Counter({
    name: "loanpath_auctions_decided_total",
    help: "Auctions decided by this process, by outcome and reason (none for a sale).",
    labelNames: ["outcome", "reason"] as const,
    registers,
  });
  const callDuration = new Histogram({
    name: "loanpath_buyer_call_duration_seconds",
    help: "How long a buyer took to answer a ping or a post (to the timeout when it did not).",
    labelNames: ["buyer", "kind"] as const,
    buckets: [0.025, 0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30],
    registers,
  });
  const calls = new Counter({
    name: "loanpath_buyer_calls_total",
    help: "Pings and posts by buyer and result: accept (a bid, a sale), reject, timeout, error, unreadable.",
    labelNames: ["buyer", "kind", "result"] as const,
    registers,
  });
  const caps = new Counter({
    name: "loanpath_buyer_caps_reached_total",
    help: "Posts a buyer did not get because it was at one of its caps.",
    labelNames: ["buyer"] as const,
    registers,
  });
  return {
    buyerCall(buyerId, kind, outcome, accepted) {
      callDuration.observe({ buyer: buyerId, kind }, outcome.latencyMs / 1000);
      calls.inc({ buyer: buyerId, kind, result: callResult(outcome, accepted) });
    },
    capReached(buyerId) {
      caps.inc({ buyer: buyerId });
    },
    decided(auction, now = new Date()) {
      const outcome = auction.status === "accepted" ? "accepted" : "rejected";
      const reason =
        outcome === "accepted"
          ? ""
          : KNOWN_REASONS.has(auction.reason ?? "")
            ? auction.reason!
            : // The gate's refusals by one label: their codes are the operator's to name (docs/product/screening.md).
              auction.reason?.startsWith("screened: ")
              ? "screened"
              : "other";
      duration.observe({ outcome }, Math.max(0, now.getTime() - auction.createdAt.getTime()) / 1000);
      decided.inc({ outcome, reason });
    },
  };
}

/** The auction queue's jobs, as pg-boss counts them, read when scraped (cached like the other database figures). */
export function registerQueueDepth(registry: Registry, depth: () => Promise<{ queued: number; active: number }>) {
  const read = cachedRead(depth, SCRAPE_CACHE_MS);
  new Gauge({
    name: "loanpath_job_queue_jobs",
    help: "Auction jobs in pg-boss: queued (waiting for a worker) and active (being run), across every process.",
    labelNames: ["state"] as const,
    registers: [registry],
    async collect() {
      this.reset();
      const figures = await read().catch(() => undefined);
      if (!figures) return;
      this.set({ state: "queued" }, figures.queued);
      this.set({ state: "active" }, figures.active);
    },
  });
}
