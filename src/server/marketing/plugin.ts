import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config.ts";
import type { Db } from "../db/database.ts";
import { createBrevoClient, type MarketingLists } from "./brevo-client.ts";
import marketingRoutes from "./routes.ts";
import { syncMarketingOutbox } from "./sync-outbox.ts";

// E-mail marketing (docs/product/marketing.md): the list routes always; the sync to Brevo only with a key
// (BREVO_API_KEY). Without one the outbox simply keeps the entries, and nothing leaves the machine.
async function marketing(app: FastifyInstance, opts: { config: Config; db: Db; lists?: MarketingLists }) {
  const settings = opts.config.marketing;
  await app.register(marketingRoutes, { config: opts.config, db: opts.db });
  const lists =
    opts.lists ??
    (settings.brevoApiKey
      ? createBrevoClient({ apiKey: settings.brevoApiKey, baseUrl: settings.brevoApiUrl })
      : undefined);
  if (!lists) return;

  let running = false;
  const pass = async () => {
    if (running) return;
    running = true;
    try {
      const report = await syncMarketingOutbox(opts.db, lists);
      if (report.sent + report.suppressed + report.failed + report.retrying > 0)
        app.log.info({ report }, "marketing sync");
    } catch (error) {
      app.log.warn({ err: { type: (error as Error).name } }, "marketing sync failed");
    } finally {
      running = false;
    }
  };
  const timer = setInterval(() => void pass(), settings.syncIntervalMs);
  timer.unref();
  app.addHook("preClose", async () => clearInterval(timer));
}

export default fp(marketing, { name: "marketing" });
