import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { purgeExpired } from "./retention.ts";

/** How often the purge looks for leads past the window: a day late at most is well inside the rule. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

// The retention job (retention.ts): once soon after start, then every hour, in every process (the purge is
// idempotent). Only counts are logged.
async function retention(app: FastifyInstance, opts: { config: Config; db: Db }) {
  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      const report = await purgeExpired(opts.db, { now: new Date(), retentionMonths: opts.config.retentionMonths });
      if (Object.values(report).some((n) => n > 0)) app.log.info({ report }, "retention purge");
    } catch (error) {
      app.log.warn({ err: { type: (error as Error).name } }, "retention purge failed");
    } finally {
      running = false;
    }
  };
  const first = setTimeout(() => void pass(), 5_000);
  const timer = setInterval(() => void pass(), PURGE_EVERY_MS);
  first.unref();
  timer.unref();
  app.addHook("preClose", async () => {
    clearTimeout(first);
    clearInterval(timer);
  });
}

export default fp(retention, { name: "retention" });
