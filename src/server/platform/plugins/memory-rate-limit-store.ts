import type { FastifyRateLimitStore } from "@fastify/rate-limit";

type Count = { current: number; startedAt: number; windowMs: number };

export type StoreCallback = (error: Error | null, result?: { current: number; ttl: number }) => void;

/** Most keys kept at once (the plugin's LocalStore keeps 5000 per route); the oldest go first past it. */
const MAX_KEYS = 50_000;

/**
 * An in-memory store that every route shares: `child` answers the same store, so equal keys from
 * different routes count together. Fixed windows, like the plugin's LocalStore; expired counts are dropped
 * as they are met, and the least recently used go first when MAX_KEYS is reached. The embedded database's
 * store, and the PostgreSQL store's fallback while its database does not answer.
 */
export class SharedMemoryStore implements FastifyRateLimitStore {
  private readonly counts = new Map<string, Count>();

  incr(key: string, callback: StoreCallback, timeWindow: number): void {
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
