import { PassThrough } from "node:stream";
import pg from "pg";
import { Registry } from "prom-client";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/platform/config/config.ts";
import { openConfiguredDatabase, openDatabase } from "../../src/server/platform/db/database.ts";
import { registerPoolGauges } from "../../src/server/platform/metrics/pool-gauges.ts";
import { sampleOf } from "../helpers/prometheus-text.ts";
import { GENEROUS_RATE_LIMITS } from "../helpers/generous-rate-limits.ts";
import { postgresReachable, POSTGRES_URL, unlessPostgres } from "../helpers/postgres-reachable.ts";
import { randomSecrets } from "../helpers/test-app.ts";
import { createPostgresDatabase } from "../helpers/test-database.ts";

// The PostgreSQL settings that matter at scale (docs/operations.md): the pool's size, the job queue's, and the
// session address that LISTEN, the migration lock and the job queue use, so that the pool alone can go through a
// pooler in transaction mode.

async function adminQuery<Row extends pg.QueryResultRow>(text: string, values: unknown[] = []): Promise<Row[]> {
  const client = new pg.Client({ connectionString: POSTGRES_URL });
  await client.connect();
  try {
    return (await client.query<Row>(text, values)).rows;
  } finally {
    await client.end();
  }
}

/** The same database reached over the server's Unix socket: told apart from TCP by its connections' client_addr. */
async function socketUrl(name: string): Promise<string> {
  const [row] = await adminQuery<{ dirs: string }>("select current_setting('unix_socket_directories') as dirs");
  const dir = row?.dirs.split(",")[0]?.trim();
  if (!dir) throw new Error("this PostgreSQL server listens on no Unix socket");
  const url = new URL(POSTGRES_URL);
  return `postgresql://${url.username}@/${name}?host=${encodeURIComponent(dir)}`;
}

describe.skipIf(!postgresReachable)(`the PostgreSQL settings${unlessPostgres}`, () => {
  it("holds the listener and the job queue at DATABASE_SESSION_URL, and the pool at DATABASE_URL", async () => {
    const fresh = await createPostgresDatabase(POSTGRES_URL);
    const config = loadConfig({
      NODE_ENV: "test",
      LOG_LEVEL: "warn",
      ...GENEROUS_RATE_LIMITS,
      DATABASE_URL: fresh.url,
      DATABASE_SESSION_URL: await socketUrl(fresh.name),
    });
    const database = await openConfiguredDatabase(config);
    await database.migrate();
    // The app closes the database with itself.
    const app = await buildApp({ config, database, secrets: randomSecrets(), logStream: new PassThrough() });
    try {
      await app.ready();
      await database.pool?.query("select 1");
      const rows = await adminQuery<{ app: string; tcp: boolean }>(
        `select application_name as app, client_addr is not null as tcp from pg_stat_activity
          where datname = $1 and pid <> pg_backend_pid()`,
        [fresh.name],
      );
      const over = (tcp: boolean) => [...new Set(rows.filter((r) => r.tcp === tcp).map((r) => r.app))].sort();
      expect(over(false)).toEqual(["loanpath-decisions", "loanpath-queue"]);
      expect(over(true)).toEqual([""]); // the pool's connections
    } finally {
      await app.close();
      await fresh.drop();
    }
  });

  it("migrates at the session address: the pool's address alone is not enough", async () => {
    const fresh = await createPostgresDatabase(POSTGRES_URL);
    const unreachable = new URL(fresh.url);
    unreachable.port = "1";
    const database = await openDatabase({ databaseUrl: fresh.url, sessionUrl: unreachable.toString() });
    try {
      await expect(database.migrate()).rejects.toThrow();
      const [row] = await adminQuery<{ n: number }>(
        "select count(*)::int as n from information_schema.tables where table_catalog = $1 and table_name = 'leads'",
        [fresh.name],
      );
      expect(row?.n).toBe(0);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });

  it("refuses a session address that reaches another database, naming both", async () => {
    const [one, other] = [await createPostgresDatabase(POSTGRES_URL), await createPostgresDatabase(POSTGRES_URL)];
    const database = await openDatabase({ databaseUrl: one.url, sessionUrl: other.url });
    try {
      await expect(database.migrate()).rejects.toThrow(
        `DATABASE_URL reaches database ${one.name} and DATABASE_SESSION_URL reaches ${other.name}: both must reach the same PostgreSQL database`,
      );
      // Refused before anything was migrated, in either.
      for (const url of [one.url, other.url]) {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        try {
          const found = await client.query("select to_regclass('public.leads') is not null as migrated");
          expect(found.rows[0]?.migrated).toBe(false);
        } finally {
          await client.end();
        }
      }
    } finally {
      await database.close();
      await one.drop();
      await other.drop();
    }
  });

  it("takes the same database reached with other session settings (a time zone) as the same", async () => {
    const fresh = await createPostgresDatabase(POSTGRES_URL);
    const elsewhere = new URL(fresh.url);
    elsewhere.searchParams.set("options", "-c TimeZone=America/New_York");
    const database = await openDatabase({ databaseUrl: fresh.url, sessionUrl: elsewhere.toString() });
    try {
      await database.migrate();
      expect(await database.ping()).toBe(true);
    } finally {
      await database.close();
      await fresh.drop();
    }
  });

  it("opens no more connections than DATABASE_POOL_SIZE, queues the rest, and says so in /metrics", async () => {
    const fresh = await createPostgresDatabase(POSTGRES_URL);
    const database = await openConfiguredDatabase(
      loadConfig({ NODE_ENV: "test", DATABASE_URL: fresh.url, DATABASE_POOL_SIZE: "2" }),
    );
    // Four statements that wait on a lock held here: the pool runs two, and the other two wait for a connection.
    const holder = new pg.Client({ connectionString: fresh.url });
    await holder.connect();
    try {
      await holder.query("select pg_advisory_lock(42)");
      const pool = database.pool!;
      const waiting = Array.from({ length: 4 }, () => pool.query("select pg_advisory_lock_shared(42)"));
      while (pool.waitingCount < 2 || pool.totalCount < 2) await new Promise((r) => setTimeout(r, 20));
      const blocked = async () =>
        (
          await adminQuery<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
            [fresh.name],
          )
        )[0]?.n;
      while ((await blocked()) !== 2) await new Promise((r) => setTimeout(r, 20));
      expect(pool.totalCount).toBe(2);
      expect(pool.waitingCount).toBe(2);
      const registry = new Registry();
      registerPoolGauges(registry, pool);
      const text = await registry.metrics();
      expect(sampleOf(text, "loanpath_db_pool_connections", { state: "busy" })).toBe(2);
      expect(sampleOf(text, "loanpath_db_pool_connections", { state: "waiting" })).toBe(2);
      expect(sampleOf(text, "loanpath_db_pool_max_connections")).toBe(2);
      await holder.query("select pg_advisory_unlock(42)");
      await Promise.all(waiting);
    } finally {
      await holder.end();
      await database.close();
      await fresh.drop();
    }
  });
});
