import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { openDatabase } from "../../src/server/platform/db/database.ts";
import { createPostgresDatabase, PGLITE_TEMPLATE_ENV, POSTGRES_TEMPLATE_ENV } from "../helpers/test-database.ts";

// Global setup of the server suites: migrates one template database for the whole run, which every test's
// fresh database then copies (tests/helpers/test-database.ts). Migrating an empty embedded database costs
// seconds; loading a migrated one's data directory, or PostgreSQL's copy of a template, a fraction of that.
// The workers inherit the template's place through the environment set here.
export default async function setup(): Promise<() => Promise<void>> {
  const adminUrl = process.env.DATABASE_URL;
  if (adminUrl) {
    const template = await createPostgresDatabase(adminUrl, { prefix: "loanpath_template" });
    const database = await openDatabase({ databaseUrl: template.url, poolSize: 1 });
    await database.migrate();
    await database.close();
    process.env[POSTGRES_TEMPLATE_ENV] = template.name;
    return async () => {
      delete process.env[POSTGRES_TEMPLATE_ENV];
      await template.drop();
    };
  }

  const database = await openDatabase({ dataDir: undefined });
  await database.migrate();
  const dump = await database.pglite!.dumpDataDir("none");
  await database.close();
  const dir = await mkdtemp(path.join(tmpdir(), "loanpath-template-"));
  const file = path.join(dir, "pgdata.tar");
  await writeFile(file, Buffer.from(await dump.arrayBuffer()));
  process.env[PGLITE_TEMPLATE_ENV] = file;
  return async () => {
    delete process.env[PGLITE_TEMPLATE_ENV];
    await rm(dir, { recursive: true, force: true });
  };
}
