import rateLimit, { normalizeIP, type FastifyRateLimitStore } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type pg from "pg";
import type { Config } from "../config/config.ts";
import { runEvery } from "../jobs/run-every.ts";
import { SharedMemoryStore } from "./memory-rate-limit-store.ts";
import { PostgresRateLimitStore, pruneRateLimitCounts } from "./postgres-rate-limit-store.ts";

export type RateLimitKind = keyof Config["rateLimits"];

export const RATE_LIMIT_MESSAGE = "Too many requests. Please wait a minute and try again.";

const WINDOW_MS = 60_000;

/**
 * Per-IP limits, opted into per route: `config: { rateLimit: limitFor(config, "leads") }`. As the README
 * promises, one count per IP covers every route of a kind: lead creations (POST /lead/v2 and the e-mail-link
 * entry) share one, lead reads, updates and step saves share one, unsubscribe and do-not-sell share one.
 * Lookups alone count per endpoint, so a burst on one lookup does not block another (the count is per route
 * pattern, so /api/routing/:aba is one endpoint whatever the number).
 *
 * @fastify/rate-limit 11.2 cannot do this by itself: `groupId` only changes the key, but every route gets
 * its own store (LocalStore.child makes a fresh LRU), so grouped routes never meet (fastify-rate-limit#463).
 * Hence the key below names the kind (and, for lookups, the route) and all routes share one store: in memory
 * on the embedded database, in PostgreSQL (shared by every process) on it.
 */
export function limitFor(config: Pick<Config, "rateLimits">, kind: RateLimitKind, who?: CountedBy) {
  return {
    max: config.rateLimits[kind],
    timeWindow: WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => rateLimitKey(kind, request, who),
  };
}

/**
 * Whom a request counts for when not its address: the console counts a signed-in operator's requests per session,
 * so colleagues behind one office address do not share one count. Undefined: the address.
 */
export type CountedBy = (request: FastifyRequest) => string | undefined;

/** The visitor (IPv6 per /64, as the plugin's default key) and what is counted: the kind, or the lookup route. */
function rateLimitKey(kind: RateLimitKind, request: FastifyRequest, who?: CountedBy): string {
  const counted = kind === "lookups" ? `lookups ${request.routeOptions.url ?? request.url}` : kind;
  return `${counted}|${who?.(request) ?? normalizeIP(request.ip)}`;
}

type RateLimitsOptions = {
  /**
   * PostgreSQL's pool, when the server runs on it: counts then live in the database, shared by every
   * process (docs/decisions/0037-several-processes.md). Without it (the embedded database, a bare test
   * server), each process counts in its own memory.
   */
  pool?: pg.Pool;
};

/** How often counts past their window are deleted from the shared table. */
const PRUNE_EVERY_MS = 60_000;

async function rateLimits(app: FastifyInstance, opts: RateLimitsOptions) {
  const pool = opts.pool;
  let store: new () => FastifyRateLimitStore = SharedMemoryStore;
  if (pool !== undefined) {
    // The plugin makes the one instance itself (`new store(...)`), and every route's `child` is that instance.
    const warn = (message: string) => app.log.warn(message);
    const shared = { pool, warn };
    store = class extends PostgresRateLimitStore {
      constructor() {
        super(shared);
      }
    };
    runEvery(app, { name: "rate-limit prune", everyMs: PRUNE_EVERY_MS }, async () => {
      await pruneRateLimitCounts(pool);
      return {}; // nothing to report: a count of expired windows says nothing an operator acts on
    });
  }
  await app.register(rateLimit, {
    global: false,
    store,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      status: 429,
      message: RATE_LIMIT_MESSAGE,
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });
}

export default fp(rateLimits, { name: "rate-limits" });
