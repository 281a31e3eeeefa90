import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../platform/config/config.ts";
import type { Db } from "../platform/db/database.ts";
import type { PiiCipher } from "../platform/security/pii-cipher.ts";
import { scheduleDailyHeads } from "./heads/daily-heads.ts";
import headsRoutes from "./heads/heads-routes.ts";
import { receiptKeyOf } from "./receipts/receipt-key.ts";
import receiptRoutes from "./receipts/receipt-routes.ts";
import { scheduleInvoices } from "./invoices/invoice-job.ts";
import { scheduleSettle } from "./settle/settle-job.ts";
import buyerApiRoutes from "./returns/buyer-api-routes.ts";
import { termsOf } from "./returns/return-terms.ts";
import { queuePostback } from "./postbacks/postback-outbox.ts";
import { schedulePostbacks } from "./postbacks/postback-worker.ts";
import trackingLinkRoutes from "./tracking/tracking-link-routes.ts";
import { createPackagedZipDirectory } from "../intake/lookups/zip-directory.ts";
import { runEvery } from "../platform/jobs/run-every.ts";
import { purgeIdempotencyKeys } from "./publisher-api/idempotency-keys.ts";
import { postLeadRoutes } from "./publisher-api/post-lead-routes.ts";
import { pingRoutes } from "./publisher-api/ping-routes.ts";
import { publisherCalls } from "./publisher-api/publisher-calls.ts";
import { purgePings } from "./publisher-api/publisher-pings.ts";
import { publisherApiScope } from "./publisher-api/publisher-api-scope.ts";
import { offlineProvider } from "./payments/payment-provider.ts";
import { stripeProvider } from "./payments/stripe-provider.ts";
import stripeWebhookRoutes from "./payments/stripe-webhook-routes.ts";
import { guardedFetch } from "../platform/net/guarded-fetch.ts";

export type PartnersDeps = { config: Config; db: Db; cipher: PiiCipher; tokenSecret: Buffer; now?: () => Date };

/** The publisher API (docs/decisions/0050-publisher-post-api.md): posted leads submit and wait as the funnel's do. */
const publisherApiOf = (app: FastifyInstance, deps: PartnersDeps) => ({
  config: deps.config,
  db: deps.db,
  keys: { cipher: deps.cipher, hashSecret: deps.tokenSecret },
  desk: app.auctionDesk,
  zips: createPackagedZipDirectory(),
});

/**
 * `app.publisherCalls` for the whole app, so the console's test of a publisher's post or ping runs the API's own path
 * as that publisher (publisher-calls.ts). A plugin of its own without encapsulation: decorated inside the partners
 * plugin's scope, the console's scope would not see it.
 */
export const publisherCallsPlugin = fp(
  async (app: FastifyInstance, deps: PartnersDeps) => {
    app.decorate("publisherCalls", publisherCalls(publisherApiOf(app, deps)));
  },
  { name: "publisher-calls", dependencies: ["distribution"] },
);

/**
 * `app.paymentProvider` for the whole app (docs/product/buyer-money.md#payments): Stripe when configured, through the
 * outbound guard, else the offline default. Decorated outside the partners plugin's scope so the console sees it.
 */
export const paymentProviderPlugin = fp(
  async (app: FastifyInstance, deps: Pick<PartnersDeps, "config">) => {
    const stripe = deps.config.payments.stripe;
    const warn = (detail: Record<string, unknown>) => app.log.warn(detail, "payment provider");
    app.decorate(
      "paymentProvider",
      stripe ? stripeProvider(stripe, guardedFetch(app.outboundGuard), warn) : offlineProvider,
    );
  },
  { name: "payment-provider" },
);

// The partners context's routes and jobs (docs/product/partners.md): the partner API (/api/buyer/..., /api/publisher/...)
// behind partner keys, the tracking links, the payment provider's webhook, the settle pass, the buyers' invoices, the
// daily hand-out of the signed head and the postback outbox.
export default async function partnersPlugin(app: FastifyInstance, deps: PartnersDeps) {
  const now = deps.now ?? (() => new Date());
  const jobs = deps.config.partnerJobs;
  const key = receiptKeyOf(deps.tokenSecret);
  scheduleSettle(app, { db: deps.db, sink: queuePostback, key, now, everyMs: jobs.everyMs });
  scheduleInvoices(app, { db: deps.db, buyers: () => app.buyerRegistry.current(), now });
  await app.register(receiptRoutes, { db: deps.db, tokenSecret: deps.tokenSecret, now });
  await app.register(headsRoutes, { db: deps.db });
  scheduleDailyHeads(app, { db: deps.db, key, now });
  const termsFor = async (id: string) => termsOf((await app.buyerRegistry.current()).find((b) => b.id === id));
  await app.register(buyerApiRoutes, { config: deps.config, db: deps.db, termsFor, now });
  await app.register(trackingLinkRoutes, { config: deps.config, db: deps.db, now });
  await app.register(stripeWebhookRoutes, {
    db: deps.db,
    provider: app.paymentProvider,
    billingOf: async (id: string) => (await app.buyerRegistry.current()).find((b) => b.id === id)?.billing,
    now,
  });
  const publisherApi = publisherApiOf(app, deps);
  const posts = postLeadRoutes(publisherApi);
  const pings = pingRoutes(publisherApi);
  await app.register(
    publisherApiScope({ db: deps.db, config: deps.config }, (scope) => {
      posts(scope);
      pings(scope);
    }),
  );
  // Publishers' Idempotency-Keys past their 7 days and pings past theirs, every hour in every process (the deletes
  // are idempotent).
  runEvery(app, { name: "publisher idempotency keys purged", everyMs: 60 * 60 * 1000, firstAfterMs: 25_000 }, () =>
    purgeIdempotencyKeys(deps.db, now()),
  );
  runEvery(app, { name: "publisher pings purged", everyMs: 60 * 60 * 1000, firstAfterMs: 35_000 }, () =>
    purgePings(deps.db, now()),
  );
  schedulePostbacks(
    app,
    { db: deps.db, cipher: deps.cipher, outbound: app.outboundGuard, firstRetryMs: jobs.postbackFirstRetryMs },
    jobs.everyMs,
  );
}
