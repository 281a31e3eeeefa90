import { certificateUrl, issueCertificateToken } from "../../intake/consent/consent-certificate.ts";
import { randomBytes } from "node:crypto";
import { EventEmitter } from "node:events";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { CONGRATULATIONS_PAGE_PATH, rejectPageAddress } from "#domain/client-routes.ts";
import type { Config } from "../../platform/config/config.ts";
import type { Database } from "../../platform/db/database.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { runAuction, type AuctionContext } from "./auction.ts";
import { auctionMetrics, registerQueueDepth } from "./auction-metrics.ts";
import { orphanedAuctions, releaseLease, type Claim } from "./auction-store.ts";
import type { Buyer } from "./buyer-config.ts";
import { createBuyerRegistry } from "./buyer-registry.ts";
import { logDecision, type DecidedAuction } from "./decision-log.ts";
import { listenForDecisions, type DecisionListener } from "./decision-listener.ts";
import { startJobQueue } from "./job-queue.ts";
import { createAuctionRunner } from "./auction-runner.ts";
import { createDecisionWatch } from "./decision-watch.ts";
import distributionRoutes from "./routes.ts";
import { createAuctionDesk, EVERY_LEAD, type AuctionDesk } from "./auction-desk.ts";
import { offersForPing } from "./ping-offers.ts";
import type { BuyerFailing } from "./post-failures.ts";
import type {} from "../../screening/plugin.ts";

// The lender network's server side (docs/product/lender-network.md): the job queue and its auction workers,
// a sweeper that re-queues auctions nobody is running (after a crash), the decisions heard from other
// processes, the stop that hands running auctions on (docs/decisions/0037-several-processes.md), and the routes.

declare module "fastify" {
  interface FastifyInstance {
    buyerRegistry: ReturnType<typeof createBuyerRegistry>;
    auctionDesk: AuctionDesk;
  }
}

type DistributionOptions = {
  config: Config;
  database: Database;
  cipher: PiiCipher;
  tokenSecret: Buffer;
  /** Buyers that come with the process (the simulated network), before the file and the table. */
  builtInBuyers?: Buyer[];
  /** Pauses a buyer whose posts keep failing (docs/product/buyer-money.md#pause-after-post-errors): the console's. */
  onBuyerFailing?: BuyerFailing;
};

// "-2": the first queue, "lead-auction", was created with pg-boss's standard policy, which does not keep
// one waiting job per lead and cannot be changed in place (job-queue.ts). Jobs left in it need no
// worker: the auction's state is in `auctions`, and the sweeper queues every pending auction here.
const AUCTION_QUEUE = "lead-auction-2";
/** Queue workers polling for auctions this process did not start itself (overflow, retries, the sweeper's). */
const QUEUE_POLLERS = 8;
/** How often the auctions that pings wait on are read again, for decisions made by another process. */
const DECISION_REREAD_MS = 100;

async function distribution(app: FastifyInstance, opts: DistributionOptions) {
  const { config, database, cipher } = opts;
  const settings = config.distribution;
  const db = database.db;
  const decisions = new EventEmitter();
  decisions.setMaxListeners(0);
  const warn = (message: string) => app.log.warn({ distribution: message }, "lender network");
  const observe = auctionMetrics(app.metrics.registry);
  // Every decision, made by a run or at the send (a duplicate), is logged once, counted, and wakes the waiting
  // pings with itself, so they answer without reading it back.
  const announce = (auction: DecidedAuction) => {
    logDecision(app.log, auction);
    observe.decided(auction);
    decisions.emit(auction.leadId, auction);
    // A sold lead's consent certificate is claimed (docs/product/screening.md#consent-certificates), off the auction.
    if (auction.status === "accepted" && app.hasDecorator("screening")) void app.screening.sold?.(auction.leadId);
  };

  // Stopping (docs/decisions/0037-several-processes.md): `draining` from SIGTERM on (this process's workers
  // take no more jobs), `handingBack` once AUCTION_DRAIN_MS has passed (the runs left give their leases
  // back at their next step), `pingsEnded` once that is done (held pings answer what they have).
  const stopping = { draining: false, handingBack: false, pingsEnded: false };

  // On PostgreSQL, decisions made by any process wake this one's held pings (NOTIFY from a trigger); when
  // listening (re)starts, every held ping looks again, as it may have missed one.
  let listener: DecisionListener | undefined;
  const connectionString = database.sessionUrl;
  if (connectionString) {
    listener = await listenForDecisions(connectionString, {
      // A decision of this process arrives here too, often just before the run's own announcement with the decision
      // itself: heard a turn of the event loop later, a ping already answered from that announcement is not woken
      // to read the row again.
      decided: (leadId) => setImmediate(() => decisions.emit(leadId)),
      connected: () => decisions.emit(EVERY_LEAD),
      warn,
    });
  }

  const registry = createBuyerRegistry(db, { file: settings.buyersFile, extra: opts.builtInBuyers, warn });
  // The console lists the buyers by their source and edits the table on top of them (src/server/console/buyers).
  app.decorate("buyerRegistry", registry);
  const context: AuctionContext = {
    db,
    cipher,
    tokenSecret: opts.tokenSecret,
    buyers: registry,
    outbound: app.outboundGuard,
    // The process's part of every claim's token; each claim adds its own (auction-store.ts claimAuction).
    owner: `${process.pid}-${randomBytes(6).toString("hex")}`,
    leaseMs: settings.leaseMs,
    rejectUrl: rejectPageAddress(settings.duplicateWindowDays),
    acceptedWithoutRedirect: CONGRATULATIONS_PAGE_PATH,
    onDecided: announce,
    warn,
    certificateUrl: (leadId) => certificateUrl(config.publicBaseUrl, issueCertificateToken(opts.tokenSecret, leadId)),
    observe,
    handingBack: () => stopping.handingBack,
    handBack: (leadId) => enqueue(leadId),
    // The gate (docs/product/screening.md), when the app has it (src/server/screening/plugin.ts).
    screening: app.hasDecorator("screening") ? app.screening : undefined,
    onBuyerFailing: opts.onBuyerFailing,
  };

  const queue = await startJobQueue(database, {
    retryLimit: 5,
    expireInSeconds: Math.ceil(settings.auctionBudgetMs / 1000) + 120,
    onError: (error) => app.log.warn({ err: { type: error.name } }, "job queue error"),
    poolSize: config.database.queuePoolSize,
  });
  // Keyed by lead: while a job of a lead waits, sending it again adds nothing.
  const enqueue = (leadId: string) => queue.send(AUCTION_QUEUE, { leadId }, leadId);
  const runner = createAuctionRunner({
    slots: settings.workers,
    run: (leadId, claim) => {
      // What a run warns about (an unreadable answer, a failed record) names its lead: lead_id on the line.
      const log = app.log.child({ lead_id: leadId });
      return runAuction(
        { ...context, warn: (message) => log.warn({ distribution: message }, "lender network") },
        leadId,
        claim,
      );
    },
    enqueue,
    release: (claim) => releaseLease(db, claim.auction.leadId, claim.token),
    warn: (message, leadId) => app.log.warn({ lead_id: leadId, distribution: message }, "lender network"),
  });
  // The queue is the fallback (auction-runner.ts), so a few pollers suffice; each waits for one of the slots.
  await queue.work(AUCTION_QUEUE, Math.min(settings.workers, QUEUE_POLLERS), async (data) => {
    const leadId = (data as { leadId?: unknown }).leadId;
    if (typeof leadId === "string") await runner.runQueued(leadId);
  });
  // Running, and its tables answer (on PostgreSQL pg-boss has a pool of its own).
  app.addReadinessCheck("queue", async () => {
    if (!queue.running()) return "the job queue is stopped";
    await queue.depth(AUCTION_QUEUE);
    return undefined;
  });
  registerQueueDepth(app.metrics.registry, () => queue.depth(AUCTION_QUEUE));
  // A stopping process is not ready: the load balancer sends new visitors elsewhere while it drains.
  app.addReadinessCheck("stopping", async () => (stopping.draining ? "this process is stopping" : undefined));

  // Auctions whose worker died (its lease ran out) or whose job was never queued go back on the queue,
  // at most one waiting job per lead; a job that runs while another claim holds the lease does nothing
  // (docs/decisions/0019-auction-fencing.md).
  let sweeping = false;
  const sweep = async () => {
    if (sweeping) return;
    sweeping = true;
    try {
      for (const leadId of await orphanedAuctions(db, settings.leaseMs)) await enqueue(leadId);
    } catch (error) {
      app.log.warn({ err: { type: (error as Error).name } }, "auction sweep failed");
    } finally {
      sweeping = false;
    }
  };
  const sweeper = setInterval(() => void sweep(), Math.max(250, Math.min(5_000, settings.leaseMs / 2)));
  sweeper.unref();
  app.addHook("onReady", async () => void sweep());
  // The clean stop: no new job here; running auctions get AUCTION_DRAIN_MS to finish, then each hands its
  // lease back at its next step and queues itself for another process (never cut inside a buyer's call);
  // the queue stops once none runs. Until the end of this hook, requests are served as usual.
  app.addHook("preClose", async () => {
    clearInterval(sweeper);
    stopping.draining = true;
    await queue.stopTaking(AUCTION_QUEUE);
    // From here a send is queued for the other processes (auction-runner.ts: closing).
    if (runner.running() > 0) app.log.info({ auctions: runner.running() }, "stopping: running auctions may finish");
    await runner.close(settings.drainMs);
    stopping.handingBack = true;
    if (runner.running() > 0) app.log.info({ auctions: runner.running() }, "stopping: handing running auctions back");
    await runner.idle();
    await queue.stop();
    stopping.pingsEnded = true;
    decisions.emit(EVERY_LEAD);
  });
  app.addHook("onClose", async () => listener?.close());

  const desk = createAuctionDesk({
    db,
    start: (leadId: string, claim?: Claim) => runner.start(leadId, claim),
    claimAs: { owner: context.owner, leaseMs: settings.leaseMs },
    decisions,
    // Without NOTIFY (the embedded database, or while the listener reconnects) waiting requests learn of other
    // processes' decisions from one shared re-read.
    watch: createDecisionWatch(db, decisions, DECISION_REREAD_MS, warn, () => listener?.listening() === true),
    announce,
    stopping,
    // A send while stopping is queued for the other processes on PostgreSQL; the embedded database has none.
    sharedQueue: database.driver === "postgres",
    recheckMs: () => (listener?.listening() ? settings.pingRecheckMs : undefined),
    offers: (doc, test, untilMs, floorCents) => offersForPing(context, doc, test, untilMs, floorCents),
  });
  // The publishers' posts (src/server/partners/publisher-api) submit and wait through the same desk.
  app.decorate("auctionDesk", desk);
  await app.register(distributionRoutes, { config, db, cipher, tokenSecret: opts.tokenSecret, desk });
}

export default fp(distribution, { name: "distribution" });
