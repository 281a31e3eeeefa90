import { ConfigError, type Config } from "../config/config.ts";
import { mkdir } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { drizzle as drizzleNodePg } from "drizzle-orm/node-postgres";
import { migrate as migrateNodePg } from "drizzle-orm/node-postgres/migrator";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import pg from "pg";
import * as schema from "./schema.ts";

const MIGRATIONS_DIR = fileURLToPath(new URL("./migrations", import.meta.url));

// One type for both drivers, so services never know which one they run on.
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** The handle a `db.transaction(...)` callback receives: every write that must commit with others takes one. */
export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

export type Database = {
  db: Db;
  driver: "pglite" | "postgres";
  /** The PGlite instance when embedded (pg-boss runs on it in-process), else undefined. */
  pglite: PGlite | undefined;
  /** The pg pool when on PostgreSQL, else undefined. */
  pool: pg.Pool | undefined;
  /**
   * On PostgreSQL, where connections held for a session go (LISTEN, the migration lock, the job queue): a direct
   * address when the pool's goes through a pooler in transaction mode (docs/operations.md). Undefined when embedded.
   */
  sessionUrl: string | undefined;
  migrate(): Promise<void>;
  ping(): Promise<boolean>;
  close(): Promise<void>;
};

export type DatabaseOptions =
  | { databaseUrl: string; poolSize?: number; sessionUrl?: string | undefined }
  | {
      databaseUrl?: undefined;
      dataDir: string | undefined /* undefined: in memory */;
    };

/** The database the settings name: DATABASE_URL's PostgreSQL, else the embedded one in DATA_DIR. */
export function openConfiguredDatabase(
  config: Pick<Config, "databaseUrl" | "dataDir" | "database">,
): Promise<Database> {
  const { sessionUrl, poolSize } = config.database;
  return openDatabase(
    config.databaseUrl ? { databaseUrl: config.databaseUrl, poolSize, sessionUrl } : { dataDir: config.dataDir },
  );
}

export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.poolSize ?? 10 });
    const sessionUrl = options.sessionUrl ?? options.databaseUrl;
    // An idle client that errors (server restart) must not crash the process; the pool replaces it. Nor may
    // one that is checked out between two queries, or ending (a database restart or a forced drop terminates
    // it): its query, if any, still fails with the error, and the pool discards the client.
    pool.on("error", () => {});
    pool.on("connect", (client) => client.on("error", () => {}));
    const db = drizzleNodePg(pool, { schema }) as unknown as Db;
    return {
      db,
      driver: "postgres",
      pglite: undefined,
      pool,
      sessionUrl,
      // A session address of its own is checked first: migrating another database than the pool's would change the
      // wrong one.
      migrate: () => migrateOnce(sessionUrl, sessionUrl === options.databaseUrl ? undefined : pool),
      ping: () => ping(db),
      close: () => pool.end(),
    };
  }

  let pglite: PGlite;
  if ("dataDir" in options && options.dataDir) {
    const dir = path.join(options.dataDir, "pglite");
    // PGlite fails with ENOENT when the parent directory is missing.
    await mkdir(dir, { recursive: true });
    pglite = await PGlite.create(dir);
  } else {
    pglite = await PGlite.create();
  }
  const db = drizzlePglite(pglite, { schema }) as unknown as Db;
  return {
    db,
    driver: "pglite",
    pglite,
    pool: undefined,
    sessionUrl: undefined,
    migrate: () => migratePglite(drizzlePglite(pglite), { migrationsFolder: MIGRATIONS_DIR }),
    ping: () => ping(db),
    close: () => pglite.close(),
  };
}

/** Any fixed number: the advisory lock that lets one process at a time migrate a shared database. */
const MIGRATION_LOCK = 20261126;

/**
 * Migrates under a session advisory lock: server processes that start together on one database
 * (docs/operations.md) take turns, and each after the first finds nothing left to apply. Drizzle's
 * migrator reads what was applied before its own transaction, so two at once would both apply the same
 * migration and one start would fail. The lock and the migration each hold a connection of their own, outside the
 * pool (which may have room for one only), at the session address: a session lock through a pooler in
 * transaction mode would be taken on one server connection and released, or left held, on another.
 */
async function migrateOnce(sessionUrl: string, sameAs: pg.Pool | undefined): Promise<void> {
  // A lost connection ends the lock, or the migration; the statements' own errors still throw.
  const lock = migrateClient(sessionUrl);
  await lock.connect();
  const migrator = migrateClient(sessionUrl);
  try {
    if (sameAs) await sameDatabase(sameAs, lock);
    await lock.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
    await migrator.connect();
    await migrateNodePg(drizzleNodePg(migrator), { migrationsFolder: MIGRATIONS_DIR });
  } finally {
    await migrator.end().catch(() => {});
    await lock.end().catch(() => {});
  }
}

function migrateClient(sessionUrl: string): pg.Client {
  const client = new pg.Client({ connectionString: sessionUrl, application_name: "loanpath-migrate" });
  client.on("error", () => {});
  return client;
}

/**
 * Refuses two addresses that reach different databases: decisions announced through the pool would never reach
 * the listener, and the queue would run elsewhere. The same database answers the same name and the same server
 * start time through either, a pooler in between or not.
 */
async function sameDatabase(pool: pg.Pool, session: pg.Client): Promise<void> {
  // The start time as a number: as text it is written in each session's own time zone.
  const which =
    "select current_database() as name, (extract(epoch from pg_postmaster_start_time()) * 1e6)::bigint::text as started";
  const [viaPool, viaSession] = await Promise.all([pool.query(which), session.query(which)]);
  type Which = { name: string; started: string };
  const [a, b] = [viaPool.rows[0] as Which, viaSession.rows[0] as Which];
  if (a.name !== b.name || a.started !== b.started) {
    throw new ConfigError(
      "Invalid configuration:\n  DATABASE_SESSION_URL: " +
        `DATABASE_URL reaches database ${a.name} and DATABASE_SESSION_URL reaches ${b.name}` +
        (a.name === b.name ? " on another server" : "") +
        ": both must reach the same PostgreSQL database",
    );
  }
}

async function ping(db: Db): Promise<boolean> {
  try {
    await db.execute(sql`select 1`);
    return true;
  } catch {
    return false;
  }
}
