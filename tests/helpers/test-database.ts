import { randomBytes } from "node:crypto";
import { readFile } from "node:fs/promises";
import pg from "pg";
import { openDatabase, type Database } from "../../src/server/platform/db/database.ts";

// Where the migrated template of this test run is (tests/setup/database-template.ts): a PGlite data directory
// dump, or a database on the PostgreSQL server of DATABASE_URL. Unset (the bench, a script), every database
// is migrated from empty.
export const PGLITE_TEMPLATE_ENV = "LOANPATH_TEST_PGLITE_TEMPLATE";
export const POSTGRES_TEMPLATE_ENV = "LOANPATH_TEST_POSTGRES_TEMPLATE";

async function adminQuery(adminUrl: string, query: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(query);
  } finally {
    await admin.end();
  }
}

/**
 * A new database on the PostgreSQL server of `adminUrl` (whose user may create databases), empty or a copy of
 * `template`: its URL, and `drop` to remove it (closing any connection still open to it).
 */
export async function createPostgresDatabase(
  adminUrl: string,
  options: { template?: string; prefix?: string } = {},
): Promise<{ name: string; url: string; drop: () => Promise<void> }> {
  const name = `${options.prefix ?? "loanpath_test"}_${randomBytes(6).toString("hex")}`;
  await adminQuery(adminUrl, `create database ${name}${options.template ? ` template ${options.template}` : ""}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}

// The template's dump, read once per test file.
let pgliteTemplate: Promise<Blob> | undefined;

// A fresh, migrated database per call: in-memory PGlite by default, or a new database on the PostgreSQL
// server named by DATABASE_URL (dropped on close), so every driver runs the same suites in isolation. Both
// start as a copy of the run's migrated template when there is one: a copy takes a fraction of a migration
// from empty.
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const dump = process.env[PGLITE_TEMPLATE_ENV];
    if (dump) {
      pgliteTemplate ??= readFile(dump).then((bytes) => new Blob([bytes]));
      return openDatabase({ dataDir: undefined, fromDump: await pgliteTemplate });
    }
    const database = await openDatabase({ dataDir: undefined });
    await database.migrate();
    return database;
  }

  const template = process.env[POSTGRES_TEMPLATE_ENV];
  const fresh = await createPostgresDatabase(adminUrl, { template });
  const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
  if (!template) await database.migrate();
  const close = database.close;
  return {
    ...database,
    close: async () => {
      await close();
      await fresh.drop();
    },
  };
}
