import type { FastifyInstance } from "fastify";
import { guardedFetch } from "../../platform/net/guarded-fetch.ts";
import fp from "fastify-plugin";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { createBrevoClient, type MarketingLists } from "./brevo-client.ts";
import marketingRoutes from "./routes.ts";
import { syncMarketingOutbox } from "./sync-outbox.ts";
import { runEvery } from "../../platform/jobs/run-every.ts";

// E-mail marketing (docs/product/marketing.md): the list routes always; the sync to Brevo only with a key
// (BREVO_API_KEY). Without one the outbox simply keeps the entries, and nothing leaves the machine.
async function marketing(
  app: FastifyInstance,
  opts: { config: Config; db: Db; tokenSecret: Buffer; lists?: MarketingLists },
) {
  const settings = opts.config.marketing;
  await app.register(marketingRoutes, { config: opts.config, db: opts.db });
  const lists =
    opts.lists ??
    (settings.brevoApiKey
      ? createBrevoClient({
          apiKey: settings.brevoApiKey,
          baseUrl: settings.brevoApiUrl,
          fetch: guardedFetch(app.outboundGuard),
        })
      : undefined);
  if (!lists) return;

  runEvery(app, { name: "marketing sync", everyMs: settings.syncIntervalMs }, (stopping) =>
    syncMarketingOutbox({ db: opts.db, lists, tokenSecret: opts.tokenSecret }, new Date(), stopping),
  );
}

export default fp(marketing, { name: "marketing" });
