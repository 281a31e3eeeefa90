import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { purgeExpired } from "./retention.ts";
import { clearBuyerCallBodies } from "./clear-buyer-call-bodies.ts";
import { runEvery } from "../../platform/jobs/run-every.ts";

/** How often the purge looks for leads past the window: a day late at most is well inside the rule. */
const PURGE_EVERY_MS = 60 * 60 * 1000;

// The retention jobs: the purge (retention.ts) and the clearing of old buyer-call bodies (clear-buyer-call-bodies.ts),
// each once soon after start, then every hour, in every process (both are idempotent). Only counts are logged. The
// partners' own (publishers' Idempotency-Keys) are the partners plugin's.
async function retention(app: FastifyInstance, opts: { config: Config; db: Db; tokenSecret: Buffer }) {
  runEvery(app, { name: "retention purge", everyMs: PURGE_EVERY_MS, firstAfterMs: 5_000 }, () =>
    purgeExpired(opts.db, {
      now: new Date(),
      retentionMonths: opts.config.retentionMonths,
      tokenSecret: opts.tokenSecret,
    }),
  );
  runEvery(app, { name: "buyer call bodies cleared", everyMs: PURGE_EVERY_MS, firstAfterMs: 15_000 }, () =>
    clearBuyerCallBodies(opts.db, { now: new Date(), days: opts.config.buyerCallBodyDays }),
  );
}

export default fp(retention, { name: "retention" });
