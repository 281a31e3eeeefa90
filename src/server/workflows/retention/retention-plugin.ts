import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { purgeExpired } from "./retention.ts";
import { runEvery } from "../../platform/jobs/run-every.ts";

/** How often the purge looks for leads past the window: a day late at most is well inside the rule. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

// The retention job (retention.ts): once soon after start, then every hour, in every process (the purge is
// idempotent). Only counts are logged.
async function retention(app: FastifyInstance, opts: { config: Config; db: Db; tokenSecret: Buffer }) {
  runEvery(app, { name: "retention purge", everyMs: PURGE_EVERY_MS, firstAfterMs: 5_000 }, () =>
    purgeExpired(opts.db, {
      now: new Date(),
      retentionMonths: opts.config.retentionMonths,
      tokenSecret: opts.tokenSecret,
    }),
  );
}

export default fp(retention, { name: "retention" });
