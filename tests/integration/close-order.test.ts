import { PassThrough } from "node:stream";
import type pg from "pg";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/platform/config/config.ts";
import { openDatabase } from "../../src/server/platform/db/database.ts";
import { GENEROUS_RATE_LIMITS } from "../helpers/generous-rate-limits.ts";
import { postgresReachable, POSTGRES_URL, unlessPostgres } from "../helpers/postgres-reachable.ts";
import { randomSecrets } from "../helpers/test-app.ts";
import { createPostgresDatabase } from "../helpers/test-database.ts";

// Fastify runs onClose hooks last registered first (src/server/app.ts): the database must close after every part
// that holds a connection to it. The decision listener (docs/decisions/0037-several-processes.md) is the one that
// shows it: its own connection outside the pool, only on PostgreSQL.
describe.skipIf(!postgresReachable)(`the app's stop${unlessPostgres}`, () => {
  it("closes the decision listener's connection before it closes the database", async () => {
    const fresh = await createPostgresDatabase(POSTGRES_URL);
    const database = await openDatabase({ databaseUrl: fresh.url, poolSize: 2 });
    await database.migrate();
    const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "warn", ...GENEROUS_RATE_LIMITS });
    const app = await buildApp({ config, database, secrets: randomSecrets(), logStream: new PassThrough() });
    await app.ready();
    const listeners = async () =>
      (
        await (database.pool as pg.Pool).query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and application_name = 'loanpath-decisions'",
          [fresh.name],
        )
      ).rows[0]!.n;
    expect(await listeners()).toBe(1);
    // What the database still serves when it is asked to close: a closed connection leaves pg_stat_activity a few ms
    // after its end, so it is given a moment; one closed only after the database would never leave.
    let listenersAtClose: number | undefined;
    const close = database.close;
    database.close = async () => {
      for (const until = Date.now() + 2_000; Date.now() < until;) {
        listenersAtClose = await listeners();
        if (listenersAtClose === 0) break;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      await close();
    };
    await app.close();
    await fresh.drop();
    expect(listenersAtClose).toBe(0);
  });
});
