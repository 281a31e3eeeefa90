import rateLimit, { normalizeIP, type FastifyRateLimitStore } from "@fastify/rate-limit";
import type { FastifyInstance, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config/config.ts";

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
 * Hence the key below names the kind (and, for lookups, the route) and all routes share one store.
 */
export function limitFor(config: Pick<Config, "rateLimits">, kind: RateLimitKind) {
  return {
    max: config.rateLimits[kind],
    timeWindow: WINDOW_MS,
    keyGenerator: (request: FastifyRequest) => rateLimitKey(kind, request),
  };
}

/** The visitor (IPv6 per /64, as the plugin's default key) and what is counted: the kind, or the lookup route. */
function rateLimitKey(kind: RateLimitKind, request: FastifyRequest): string {
  const counted = kind === "lookups" ? `lookups ${request.routeOptions.url ?? request.url}` : kind;
  return `${counted}|${normalizeIP(request.ip)}`;
}

type Count = { current: number; startedAt: number; windowMs: number };

/** Most keys kept at once (the plugin's LocalStore keeps 5000 per route); the oldest go first past it. */
const MAX_KEYS = 50_000;

/**
 * An in-memory store that every route shares: `child` answers the same store, so equal keys from
 * different routes count together. Fixed windows, like the plugin's LocalStore; expired counts are dropped
 * as they are met, and the least recently used go first when MAX_KEYS is reached.
 */
class SharedMemoryStore implements FastifyRateLimitStore {
  private readonly counts = new Map<string, Count>();

  incr(
    key: string,
    callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
    timeWindow: number,
  ): void {
    const now = Date.now();
    let count = this.counts.get(key);
    if (count) this.counts.delete(key);
    if (!count || count.startedAt + count.windowMs <= now) count = { current: 0, startedAt: now, windowMs: timeWindow };
    count.current += 1;
    this.counts.set(key, count); // re-inserted, so the Map's order is least recently used first
    this.evict(now);
    callback(null, { current: count.current, ttl: count.startedAt + count.windowMs - now });
  }

  child(): FastifyRateLimitStore {
    return this;
  }

  private evict(now: number) {
    for (const [key, count] of this.counts) {
      if (this.counts.size <= MAX_KEYS && count.startedAt + count.windowMs > now) break;
      this.counts.delete(key);
    }
  }
}

async function rateLimits(app: FastifyInstance) {
  await app.register(rateLimit, {
    global: false,
    store: SharedMemoryStore,
    errorResponseBuilder: (_request, context) => ({
      statusCode: 429,
      status: 429,
      message: RATE_LIMIT_MESSAGE,
      retryAfterSeconds: Math.ceil(context.ttl / 1000),
    }),
  });
}

export default fp(rateLimits, { name: "rate-limits" });
