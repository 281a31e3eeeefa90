import { randomBytes } from "node:crypto";
import { rm } from "node:fs/promises";
import pg from "pg";
import { openDatabase, type Database } from "../../src/server/platform/db/database.ts";
import { copyDirectory } from "./copy-directory.ts";

// Where the migrated template of this test run is (tests/setup/database-template.ts): a PGlite data directory,
// or a database on the PostgreSQL server of DATABASE_URL. Unset (the bench, a script), every database
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
 * Waits (up to `withinMs`) until no connection to `name` is left, or none with `applicationName` if given; answers
 * how many are left. A connection's end resolves before the server has let it go: it leaves `pg_stat_activity` a
 * few ms later.
 */
export async function untilNoConnections(
  adminUrl: string,
  name: string,
  { applicationName, withinMs = 5_000 }: { applicationName?: string; withinMs?: number } = {},
): Promise<number> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    for (const deadline = Date.now() + withinMs; ;) {
      const { rows } = await admin.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where datname = $1 and ($2::text is null or application_name = $2)",
        [name, applicationName ?? null],
      );
      const left = rows[0]?.n ?? 0;
      if (left === 0 || Date.now() >= deadline) return left;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
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
    drop: async () => {
      // A pool's end resolves before its connections have closed on the server; a forced drop would cut them, and a
      // client still ending reports that as an error no one listens for any more (an uncaught exception that failed
      // a run). A connection left open past the wait is cut.
      await untilNoConnections(adminUrl, name);
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

let copies = 0;

// A fresh, migrated database per call: PGlite by default, or a new database on the PostgreSQL server named by
// DATABASE_URL (dropped on close), so every driver runs the same suites in isolation. Both start as a copy of the
// run's migrated template when there is one: a copy takes a fraction of a migration from empty.
export async function createTestDatabase(): Promise<Database> {
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) {
    const templateDir = process.env[PGLITE_TEMPLATE_ENV];
    if (!templateDir) {
      const database = await openDatabase({ dataDir: undefined });
      await database.migrate();
      return cuttable(database, async () => {});
    }
    // A copy beside the template, removed on close (the run's teardown removes any a test left open).
    const dir = `${templateDir}-${process.pid}-${++copies}`;
    await copyDirectory(templateDir, dir);
    const database = await openDatabase({ dataDir: dir });
    return cuttable(database, () => rm(dir, { recursive: true, force: true }));
  }

  const template = process.env[POSTGRES_TEMPLATE_ENV];
  const fresh = await nextCopy(adminUrl, template);
  const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 4 });
  if (!template) await database.migrate();
  return cuttable(database, fresh.drop);
}

type Fresh = Awaited<ReturnType<typeof createPostgresDatabase>>;
let spare: { key: string; fresh: Promise<Fresh> } | undefined;

/** The prefix of every copy of `template`: the run's teardown drops those a worker made and never used. */
export const copyPrefix = (template: string) => `${template}_c`;

/**
 * A copy of the run's template, and the next one started at once: PostgreSQL takes about half a second to create
 * a database (most of it waiting on the disk), so the next test's copy is made while this test runs. The spare
 * left at the end is dropped with the template (tests/setup/database-template.ts); without a template (a script),
 * nothing would drop it, so none is made.
 */
function nextCopy(adminUrl: string, template: string | undefined): Promise<Fresh> {
  if (!template) return createPostgresDatabase(adminUrl);
  const create = () => {
    const fresh = createPostgresDatabase(adminUrl, { template, prefix: copyPrefix(template) });
    fresh.catch(() => {}); // a failed spare fails the test that takes it, not the run in between
    return fresh;
  };
  const key = `${adminUrl} ${template}`;
  const taken = spare && spare.key === key ? spare.fresh : create();
  spare = { key, fresh: create() };
  return taken;
}

const cuts = new WeakMap<Database, () => Promise<void>>();

/** Makes a test's database stop answering (an outage) while its app runs; the app's close still removes it. */
export async function cutDatabase(database: Database): Promise<void> {
  const cut = cuts.get(database);
  if (!cut) throw new Error("not a database of createTestDatabase");
  await cut();
}

/**
 * `close` ends the handle once, then removes the database. A database cut while its app still runs (the app's job
 * queue holding connections of its own) is removed only when the app closes it: removed at the cut, a PostgreSQL
 * drop waited its whole limit for those connections.
 */
function cuttable(database: Database, remove: () => Promise<void>): Database {
  let ended: Promise<void> | undefined;
  const end = () => (ended ??= database.close());
  const handle = {
    ...database,
    close: async () => {
      await end();
      await remove();
    },
  };
  cuts.set(handle, end);
  return handle;
}
