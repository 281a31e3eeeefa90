import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig } from "../../src/server/platform/config/config.ts";
import { openDatabase } from "../../src/server/platform/db/database.ts";
import { GENEROUS_RATE_LIMITS } from "../helpers/generous-rate-limits.ts";
import { postgresReachable, POSTGRES_URL, unlessPostgres } from "../helpers/postgres-reachable.ts";
import { randomSecrets } from "../helpers/test-app.ts";
import { createPostgresDatabase, untilNoConnections } from "../helpers/test-database.ts";

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
    const listeners = () =>
      untilNoConnections(POSTGRES_URL, fresh.name, { applicationName: "loanpath-decisions", withinMs: 0 });
    expect(await listeners()).toBe(1);
    // What the database still serves when it is asked to close: a closed connection is given a moment to leave; one
    // closed only after the database would never leave.
    let listenersAtClose: number | undefined;
    const close = database.close;
    database.close = async () => {
      listenersAtClose = await untilNoConnections(POSTGRES_URL, fresh.name, {
        applicationName: "loanpath-decisions",
        withinMs: 2_000,
      });
      await close();
    };
    await app.close();
    await fresh.drop();
    expect(listenersAtClose).toBe(0);
  });
});
