import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import type pg from "pg";
import { SharedMemoryStore, type StoreCallback } from "./memory-rate-limit-store.ts";

// The rate-limit store every server process shares on PostgreSQL (docs/decisions/0037-several-processes.md):
// one atomic upsert per counted request in the UNLOGGED table rate_limit_counts, fixed windows like the
// in-memory store. A count whose window has ended starts again at 1 in the same statement, so no process
// ever needs to read before it writes.

const HIT = {
  name: "rate-limit-hit",
  text: `insert into rate_limit_counts as c (key, count, window_ends_at)
    values ($1, 1, now() + make_interval(secs => $2::double precision / 1000))
    on conflict (key) do update set
      count = case when c.window_ends_at <= now() then 1 else c.count + 1 end,
      window_ends_at = case when c.window_ends_at <= now() then excluded.window_ends_at else c.window_ends_at end
    returning count, greatest(0, ceil(extract(epoch from c.window_ends_at - now()) * 1000))::int as ttl`,
};

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
  private readonly options: PostgresStoreOptions;

  constructor(options: PostgresStoreOptions) {
    this.options = options;
  }

  incr(key: string, callback: StoreCallback, timeWindow: number): void {
    if (Date.now() < this.pausedUntil) return this.memory.incr(key, callback, timeWindow);
    let answered = false;
    const fallBack = (why: string) => {
      if (answered) return;
      answered = true;
      this.pause(why);
      this.memory.incr(key, callback, timeWindow);
    };
    const timer = setTimeout(() => fallBack("slow"), STORE_ANSWER_LIMIT_MS);
    this.options.pool.query<{ count: number; ttl: number }>({ ...HIT, values: [key, timeWindow] }).then(
      (result) => {
        clearTimeout(timer);
        const row = result.rows[0];
        if (answered) return;
        if (!row) return fallBack("no row");
        answered = true;
        callback(null, { current: row.count, ttl: row.ttl });
      },
      (error: Error) => {
        clearTimeout(timer);
        fallBack(error.name);
      },
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
