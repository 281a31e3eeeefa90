import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import type pg from "pg";
import { SharedMemoryStore, type StoreCallback } from "./memory-rate-limit-store.ts";

// The rate-limit store every server process shares on PostgreSQL (docs/decisions/0037-several-processes.md):
// atomic upserts in the UNLOGGED table rate_limit_counts, fixed windows like the in-memory store. A count whose
// window has ended starts again in the same statement, so no process ever needs to read before it writes.
//
// Hits go together: while one statement is on its way, the hits that arrive wait for it and then go in the
// next, one row per key with its number of hits. Under load that is one statement per round trip instead of one
// per request (each statement costs the server a socket write and PostgreSQL a round of work), and alone a hit
// goes at once. The statement takes its keys in one order, so two processes' statements never wait on each
// other's rows in a circle.

const HITS = {
  name: "rate-limit-hits",
  text: `insert into rate_limit_counts as c (key, count, window_ends_at)
    select h.key, h.hits, now() + make_interval(secs => h.window_ms / 1000)
      from unnest($1::text[], $2::int[], $3::double precision[]) as h(key, hits, window_ms)
      order by h.key
    on conflict (key) do update set
      count = case when c.window_ends_at <= now() then excluded.count else c.count + excluded.count end,
      window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
    returning c.key, c.count, greatest(0, ceil(extract(epoch from c.window_ends_at - now()) * 1000))::int as ttl`,
};

type Hit = { key: string; timeWindow: number; callback: StoreCallback };

/** Past this, a request is counted in the process's memory rather than wait on a slow database. */
export const STORE_ANSWER_LIMIT_MS = 250;
/** After a failure or a slow answer, how long the process counts in memory before it asks the database again. */
export const STORE_PAUSE_MS = 5_000;

export type PostgresStoreOptions = {
  pool: Pick<pg.Pool, "query">;
  /** Told once per pause that counting fell back to memory (no key in it: a key holds an IP). */
  warn: (message: string) => void;
};

/**
 * The store: `child` answers the same instance, so equal keys from different routes count together (as
 * SharedMemoryStore). When the database fails or takes longer than STORE_ANSWER_LIMIT_MS, the request is
 * counted in this process's memory instead, and so are all for STORE_PAUSE_MS: limits then hold per
 * process, as they did before the shared store, rather than fail open for everyone or refuse every visitor
 * while the database is away.
 */
export class PostgresRateLimitStore implements FastifyRateLimitStore {
  private readonly memory = new SharedMemoryStore();
  private pausedUntil = 0;
  private readonly waiting: Hit[] = [];
  private sending = false;
  private readonly options: PostgresStoreOptions;

  constructor(options: PostgresStoreOptions) {
    this.options = options;
  }

  incr(key: string, callback: StoreCallback, timeWindow: number): void {
    if (Date.now() < this.pausedUntil) return this.memory.incr(key, callback, timeWindow);
    this.waiting.push({ key, timeWindow, callback });
    if (!this.sending) this.send();
  }

  /** Sends every waiting hit in one statement, and the hits that arrive meanwhile once it has answered. */
  private send() {
    const hits = this.waiting.splice(0);
    if (hits.length === 0) return;
    this.sending = true;
    let settled = false;
    const settle = () => {
      settled = true;
      this.sending = false;
      clearTimeout(timer);
    };
    const fallBack = (why: string) => {
      if (settled) return;
      settle();
      this.pause(why);
      for (const hit of [...hits, ...this.waiting.splice(0)]) this.memory.incr(hit.key, hit.callback, hit.timeWindow);
    };
    const timer = setTimeout(() => fallBack("slow"), STORE_ANSWER_LIMIT_MS);
    const byKey = new Map<string, Hit[]>();
    for (const hit of hits) {
      const group = byKey.get(hit.key);
      if (group) group.push(hit);
      else byKey.set(hit.key, [hit]);
    }
    const keys = [...byKey.keys()];
    const values = [keys, keys.map((key) => byKey.get(key)!.length), keys.map((key) => byKey.get(key)![0]!.timeWindow)];
    this.options.pool.query<{ key: string; count: number; ttl: number }>({ ...HITS, values }).then(
      (result) => {
        if (settled) return;
        const rows = new Map(result.rows.map((row) => [row.key, row]));
        if (keys.some((key) => !rows.has(key))) return fallBack("no row");
        settle();
        // The hits of one key were counted together: each gets its own place in the count, in arrival order.
        for (const [key, group] of byKey) {
          const row = rows.get(key)!;
          group.forEach((hit, i) => hit.callback(null, { current: row.count - group.length + 1 + i, ttl: row.ttl }));
        }
        this.send();
      },
      (error: Error) => fallBack(error.name),
    );
  }

  child(): FastifyRateLimitStore {
    return this;
  }

  private pause(why: string) {
    const first = Date.now() >= this.pausedUntil;
    this.pausedUntil = Date.now() + STORE_PAUSE_MS;
    if (first) {
      this.options.warn(
        `rate-limit store unavailable (${why}): counting in this process's memory for ${STORE_PAUSE_MS / 1000} s`,
      );
    }
  }
}

/** Deletes the counts whose window has ended (the upsert restarts them anyway; this keeps the table small). */
export async function pruneRateLimitCounts(pool: Pick<pg.Pool, "query">): Promise<number> {
  const result = await pool.query("delete from rate_limit_counts where window_ends_at < now()");
  return result.rowCount ?? 0;
}
