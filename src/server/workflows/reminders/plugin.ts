import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { runEvery } from "../../platform/jobs/run-every.ts";
import { sendDueReminders } from "./send-reminders.ts";

/** How often leads are looked at for a reminder due: a few minutes late is nothing against hours of delay. */
const SWEEP_EVERY_MS = 5 * 60_000;

// The reminders to finish an application (docs/product/mail.md#reminders), unless REMINDERS=off: every
// process sweeps; the reminder's row is the claim, so two never queue the same one. Only counts are logged.
async function reminders(app: FastifyInstance, opts: { config: Config; db: Db; tokenSecret: Buffer }) {
  const { config } = opts;
  if (!config.reminders.enabled) return;
  runEvery(app, { name: "resume reminders", everyMs: SWEEP_EVERY_MS, firstAfterMs: 60_000 }, () =>
    sendDueReminders({
      db: opts.db,
      tokenSecret: opts.tokenSecret,
      publicBaseUrl: config.publicBaseUrl,
      resumeTokenTtlHours: config.resumeTokenTtlHours,
      delayHours: config.reminders.delayHours,
    }),
  );
}

export default fp(reminders, { name: "reminders" });
