import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { buildApp, type AppOptions } from "../../src/server/app.ts";
import { loadConfig, type Config } from "../../src/server/platform/config/config.ts";
import type { Database } from "../../src/server/platform/db/database.ts";
import type { Secrets } from "../../src/server/platform/security/secrets.ts";
import { GENEROUS_RATE_LIMITS } from "./generous-rate-limits.ts";
import { createTestDatabase } from "./test-database.ts";

export type TestApp = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  secrets: Secrets;
  logs: () => string;
};

export function randomSecrets(): Secrets {
  return {
    piiKeyring: { currentKeyId: "test1", keys: new Map([["test1", randomBytes(32)]]) },
    tokenSecret: randomBytes(32),
  };
}

// Builds the real app on a fresh database and captures everything it logs, so tests can also assert
// on what reached the log: at debug, so the per-request lines (debug, request-logs.ts) are checked for
// personal data too.
export async function createTestApp(
  env: Record<string, string> = {},
  options: Pick<AppOptions, "onRoute"> = {},
): Promise<TestApp> {
  // The tests' fake buyers, publishers and services listen on loopback, which the outbound guard refuses unless
  // allowed; the guard's own tests pass OUTBOUND_ALLOWED_HOSTS: "" to see it refuse.
  const config = loadConfig({
    NODE_ENV: "test",
    LOG_LEVEL: "debug",
    ...GENEROUS_RATE_LIMITS,
    // The longest allowed: the fake services answer at once, and a shorter wall-clock timer, on a machine too loaded
    // to run the test for a while, fires before an answer that came is read (docs/decisions/0046-tests-under-load.md).
    LOOKUP_TIMEOUT_MS: "30000",
    // The gate's too (docs/product/screening.md): its checks read the database and the local fakes, which a loaded
    // machine may hold up past the production budget; tests of a dead service set their own, short one.
    SCREENING_BUDGET_MS: "5000",
    SCREENING_SERVICE_TIMEOUT_MS: "5000",
    OUTBOUND_ALLOWED_HOSTS: "127.0.0.1",
    ...env,
  });
  const database = await createTestDatabase();
  const stream = new PassThrough();
  let captured = "";
  stream.on("data", (chunk: Buffer) => (captured += chunk.toString("utf8")));
  const secrets = randomSecrets();
  const app = await buildApp({ config, database, secrets, logStream: stream, ...options });
  await app.ready();
  return { app, database, config, secrets, logs: () => captured };
}
