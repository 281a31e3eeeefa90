import { randomBytes } from "node:crypto";
import { PassThrough } from "node:stream";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../../src/server/app.ts";
import { loadConfig, type Config } from "../../src/server/platform/config/config.ts";
import type { Database } from "../../src/server/platform/db/database.ts";
import type { Secrets } from "../../src/server/platform/security/secrets.ts";
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
// on what reached the log.
export async function createTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  // Limits high enough that only a test about rate limiting (which sets its own) ever meets them.
  const generous = {
    RATE_LIMIT_LEADS_PER_MINUTE: "10000",
    RATE_LIMIT_STEPS_PER_MINUTE: "10000",
    RATE_LIMIT_LOOKUPS_PER_MINUTE: "10000",
    RATE_LIMIT_FORMS_PER_MINUTE: "10000",
  };
  const config = loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info", ...generous, ...env });
  const database = await createTestDatabase();
  const stream = new PassThrough();
  let captured = "";
  stream.on("data", (chunk: Buffer) => (captured += chunk.toString("utf8")));
  const secrets = randomSecrets();
  const app = await buildApp({ config, database, secrets, logStream: stream });
  await app.ready();
  return { app, database, config, secrets, logs: () => captured };
}
