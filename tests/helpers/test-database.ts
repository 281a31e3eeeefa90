import { randomBytes } from "node:crypto";
import pg from "pg";
import { openDatabase, type Database } from "../../src/server/db/database.ts";

/**
 * A new, empty database on the PostgreSQL server of `adminUrl` (whose user may create databases): its URL,
 * and `drop` to remove it (closing any connection still open to it).
 */
export async function createPostgresDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `loanpath_test_${randomBytes(6).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

// A fresh, migrated database per call: in-memory PGlite by default, or a new database on the PostgreSQL
// server named by DATABASE_URL (dropped on close), so every driver runs the same suites in isolation.
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const database = await openDatabase({ dataDir: undefined });
    await database.migrate();
    return database;
  }

  const fresh = await createPostgresDatabase(adminUrl);
  const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
  await database.migrate();
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      await fresh.drop();
    },
  };
}
