import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { startJobQueue } from "../../src/server/distribution/auction/job-queue.ts";
import { openDatabase, type Database } from "../../src/server/platform/db/database.ts";
import pg from "pg";
import {
  copyPrefix,
  createPostgresDatabase,
  PGLITE_TEMPLATE_ENV,
  POSTGRES_TEMPLATE_ENV,
} from "../helpers/test-database.ts";

// Global setup of the server suites: migrates one template database for the whole run (a PGlite data directory, or a PostgreSQL database), which every test's
// fresh database then copies (tests/helpers/test-database.ts). Migrating an empty embedded database costs
// seconds; copying a migrated one's data directory, or PostgreSQL's copy of a template, a fraction of that.
// The template also holds the job queue's own tables: pg-boss creates them on its first start, which costs as
// much as loading the template again, and every test that builds an app would pay it.
// The workers inherit the template's place through the environment set here.
export default async function setup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const template = await createPostgresDatabase(adminUrl, { prefix: "loanpath_template" });
    const database = await openDatabase({ databaseUrl: template.url, poolSize: 1 });
    await prepareTemplate(database);
    await database.close();
    process.env[POSTGRES_TEMPLATE_ENV] = template.name;
    return async () => {
      delete process.env[POSTGRES_TEMPLATE_ENV];
      // The spare copy each worker had ready, and any copy a test left open, go with the template.
      await dropDatabasesStartingWith(adminUrl, copyPrefix(template.name));
      await template.drop();
    };
  }

  // A data directory on a memory-backed file system where there is one: each test copies it and opens PGlite on
  // the copy, about half the work of loading a dump into PGlite's own in-memory file system.
  const runDir = await mkdtemp(path.join(existsSync("/dev/shm") ? "/dev/shm" : tmpdir(), "loanpath-test-"));
  const templateDir = path.join(runDir, "template");
  await migrateEmbeddedTemplate(templateDir);
  process.env[PGLITE_TEMPLATE_ENV] = templateDir;
  return async () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    // The copies of tests that never closed their database go with the run.
    await rm(runDir, { recursive: true, force: true });
  };
}

/**
 * A data directory holding a migrated embedded database with the job queue's tables, as a server leaves it: the
 * template of this run's tests, and of the end-to-end run's servers (tests/e2e/global-setup.ts).
 */
export async function migrateEmbeddedTemplate(dataDir: string): Promise<void> {
  const database = await openDatabase({ dataDir });
  await prepareTemplate(database);
  await database.close();
}

/** Migrated, with the job queue's schema in place (the queues themselves are made by each app, with its settings). */
async function prepareTemplate(database: Database): Promise<void> {
  await database.migrate();
  const queue = await startJobQueue(database, {
    retryLimit: 0,
    expireInSeconds: 60,
    onError: (error) => {
      throw error;
    },
  });
  await queue.stop();
}

async function dropDatabasesStartingWith(adminUrl: string, prefix: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // A worker stopped while its spare was being created leaves that statement running on the server.
    for (const deadline = Date.now() + 10_000; Date.now() < deadline;) {
      const { rows } = await admin.query<{ n: number }>(
        "select count(*)::int as n from pg_stat_activity where state = 'active' and query ilike $1",
        [`create database ${prefix}%`],
      );
      if (rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const { rows } = await admin.query<{ datname: string }>(
      "select datname from pg_database where starts_with(datname, $1)",
      [prefix],
    );
    for (const { datname } of rows) await admin.query(`drop database if exists "${datname}" with (force)`);
  } finally {
    await admin.end();
  }
}
