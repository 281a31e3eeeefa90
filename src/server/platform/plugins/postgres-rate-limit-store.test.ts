import pg from "pg";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { postgresReachable, POSTGRES_URL, unlessPostgres } from "../../../../tests/helpers/postgres-reachable.ts";
import { createPostgresDatabase } from "../../../../tests/helpers/test-database.ts";
import { openDatabase, type Database } from "../db/database.ts";
import {
  PostgresRateLimitStore,
  pruneRateLimitCounts,
  STORE_ANSWER_LIMIT_MS,
  STORE_PAUSE_MS,
  type PostgresStoreOptions,
} from "./postgres-rate-limit-store.ts";

// The shared rate-limit store (docs/decisions/0037-several-processes.md): one count for every process on
// PostgreSQL, and the process's own count while the database fails or is slow.

const WINDOW_MS = 60_000;

function hit(store: PostgresRateLimitStore, key: string, windowMs = WINDOW_MS) {
  return new Promise<{ current: number; ttl: number }>((resolve, reject) =>
    store.incr(
      key,
      (error, result) => (error || !result ? reject(error ?? new Error("no result")) : resolve(result)),
      windowMs,
    ),
  );
}

describe("when the database does not answer", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("counts in the process's memory, warns once, and asks the database again after the pause", async () => {
    vi.useFakeTimers();
    let asked = 0;
    const warnings: string[] = [];
    const pool: PostgresStoreOptions["pool"] = {
      query: (() => {
        asked++;
        return Promise.reject(Object.assign(new Error("connect ECONNREFUSED 10.0.0.1:5432"), { name: "ConnectError" }));
      }) as unknown as PostgresStoreOptions["pool"]["query"],
    };
    const store = new PostgresRateLimitStore({ pool, warn: (m) => warnings.push(m) });

    expect((await hit(store, "forms|192.0.2.1")).current).toBe(1);
    expect((await hit(store, "forms|192.0.2.1")).current).toBe(2);
    expect((await hit(store, "forms|192.0.2.2")).current).toBe(1);
    expect(asked).toBe(1); // paused after the first failure: the others never waited on the database
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain("ConnectError");
    expect(warnings[0]).not.toContain("192.0.2"); // a key holds an IP: never in the log
    expect(warnings[0]).not.toContain("10.0.0.1");

    vi.advanceTimersByTime(STORE_PAUSE_MS);
    expect((await hit(store, "forms|192.0.2.1")).current).toBe(3);
    expect(asked).toBe(2);
    expect(warnings).toHaveLength(2);
  });

  it("answers from memory when the database is slower than its limit", async () => {
    vi.useFakeTimers();
    const pool: PostgresStoreOptions["pool"] = {
      query: (() => new Promise(() => {})) as unknown as PostgresStoreOptions["pool"]["query"],
    };
    const warnings: string[] = [];
    const store = new PostgresRateLimitStore({ pool, warn: (m) => warnings.push(m) });
    const answer = hit(store, "steps|192.0.2.9");
    vi.advanceTimersByTime(STORE_ANSWER_LIMIT_MS);
    expect(await answer).toMatchObject({ current: 1 });
    expect(warnings[0]).toContain("slow");
  });
});

describe.skipIf(!postgresReachable)(`on PostgreSQL${unlessPostgres}`, () => {
  let fresh: Awaited<ReturnType<typeof createPostgresDatabase>>;
  let database: Database;
  const pools: pg.Pool[] = [];
  const poolOf = () => {
    const pool = new pg.Pool({ connectionString: fresh.url, max: 2 });
    // A pool's end does not wait for its connections to close, and the drop then cuts them: not an error here.
    pool.on("connect", (client) => client.on("error", () => {}));
    pools.push(pool);
    return pool;
  };
  const storeOf = (pool: pg.Pool) => new PostgresRateLimitStore({ pool, warn: (m) => expect.fail(m) });

  beforeAll(async () => {
    fresh = await createPostgresDatabase(POSTGRES_URL);
    database = await openDatabase({ databaseUrl: fresh.url, poolSize: 2 });
    await database.migrate();
  });
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.end()));
    await database?.close();
    await fresh?.drop();
  });

  it("keeps one count for two processes (two pools), per key", async () => {
    const a = storeOf(poolOf());
    const b = storeOf(poolOf());
    const counts = [];
    for (const store of [a, b, a, b]) counts.push((await hit(store, "leads|198.51.100.7")).current);
    expect(counts).toEqual([1, 2, 3, 4]);
    expect((await hit(b, "leads|198.51.100.8")).current).toBe(1);
    const first = await hit(a, "forms|198.51.100.7");
    expect(first.ttl).toBeGreaterThan(0);
    expect(first.ttl).toBeLessThanOrEqual(WINDOW_MS);
  });

  it("counts hits that arrive together without losing one", async () => {
    const stores = [storeOf(poolOf()), storeOf(poolOf())];
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => hit(stores[i % 2] as PostgresRateLimitStore, "steps|198.51.100.20")),
    );
    expect(answers.map((x) => x.current).sort((x, y) => x - y)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
  });

  it("sends the hits that arrive while a statement is on its way together in the next, each key counted in order", async () => {
    const pool = poolOf();
    const statements: string[] = [];
    const counting: PostgresStoreOptions["pool"] = {
      query: ((config: { name?: string }) => {
        statements.push(config.name ?? "");
        return pool.query(config as pg.QueryConfig);
      }) as unknown as PostgresStoreOptions["pool"]["query"],
    };
    const store = new PostgresRateLimitStore({ pool: counting, warn: (m) => expect.fail(m) });
    const keys = ["steps|198.51.100.40", "steps|198.51.100.41", "steps|198.51.100.40", "steps|198.51.100.40"];
    const answers = await Promise.all([hit(store, "steps|198.51.100.41"), ...keys.map((key) => hit(store, key))]);
    // The first went alone; the four that came while it was on its way went in one statement.
    expect(statements).toEqual(["rate-limit-hits", "rate-limit-hits"]);
    expect(answers.map((a) => a.current)).toEqual([1, 1, 2, 2, 3]);
    expect(answers.every((a) => a.ttl > 0 && a.ttl <= WINDOW_MS)).toBe(true);
  });

  it("starts a new window once the last has ended, and prunes ended windows", async () => {
    const pool = poolOf();
    const store = storeOf(pool);
    await hit(store, "logs|198.51.100.30");
    await hit(store, "logs|198.51.100.30");
    await hit(store, "logs|198.51.100.31");
    await pool.query(
      "update rate_limit_counts set window_ends_at = now() - interval '1 second' where key = 'logs|198.51.100.30'",
    );
    expect((await hit(store, "logs|198.51.100.30")).current).toBe(1);

    await pool.query(
      "update rate_limit_counts set window_ends_at = now() - interval '1 second' where key = 'logs|198.51.100.31'",
    );
    expect(await pruneRateLimitCounts(pool)).toBe(1);
    const left = await pool.query<{ key: string }>("select key from rate_limit_counts where key like 'logs|%'");
    expect(left.rows.map((r) => r.key)).toEqual(["logs|198.51.100.30"]);
  });
});
