import { Gauge, type Registry } from "prom-client";

/** What a pg pool tells of itself (pg-pool's counts). */
export type PoolCounts = { totalCount: number; idleCount: number; waitingCount: number; options: { max: number } };

// The PostgreSQL pool's connections, read at each scrape (docs/operations-watch.md): requests waiting for a
// connection while the database is idle say the pool (DATABASE_POOL_SIZE) is too small for the process's work.
export function registerPoolGauges(registry: Registry, pool: PoolCounts): void {
  new Gauge({
    name: "loanpath_db_pool_connections",
    help: "The process's PostgreSQL pool: connections busy and idle, and statements waiting for a connection.",
    labelNames: ["state"] as const,
    registers: [registry],
    collect() {
      this.set({ state: "busy" }, pool.totalCount - pool.idleCount);
      this.set({ state: "idle" }, pool.idleCount);
      this.set({ state: "waiting" }, pool.waitingCount);
    },
  });
  new Gauge({
    name: "loanpath_db_pool_max_connections",
    help: "The most connections the process's PostgreSQL pool opens (DATABASE_POOL_SIZE).",
    registers: [registry],
    collect() {
      this.set(pool.options.max);
    },
  });
}
