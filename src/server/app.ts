import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance, type RouteOptions } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./platform/config/config.ts";
import type { Database } from "./platform/db/database.ts";
import healthRoutes from "./platform/health/routes.ts";
import readiness from "./platform/health/readiness.ts";
import metrics from "./platform/metrics/plugin.ts";
import zipRoutes from "./intake/lookups/zip-routes.ts";
import yourIpRoutes from "./intake/lookups/your-ip-routes.ts";
import privacyRequestRoutes from "./workflows/privacy/privacy-request-routes.ts";
import retention from "./workflows/retention/retention-plugin.ts";
import privacyLinkRoutes from "./workflows/privacy/privacy-link-routes.ts";
import mail from "./platform/mail/plugin.ts";
import type { MailTransport } from "./platform/mail/mail-transport.ts";
import { registerApiErrors } from "./platform/http/api-errors.ts";
import { registerOpenApi } from "./platform/http/openapi.ts";
import leadRoutes from "./intake/leads/routes.ts";
import certificateRoutes from "./intake/consent/certificate-routes.ts";
import siteTrackingRoutes from "./intake/consent/site-tracking-routes.ts";
import { vendorCspSources } from "./platform/plugins/vendor-csp-sources.ts";
import clientLogRoutes from "./intake/client-logs/routes.ts";
import distribution from "./distribution/auction/plugin.ts";
import screening from "./screening/plugin.ts";
import marketing from "./workflows/marketing/plugin.ts";
import reminders from "./workflows/reminders/plugin.ts";
import { reminderSendCheck } from "./workflows/reminders/reminder-send-check.ts";
import type { Buyer } from "./distribution/auction/buyer-config.ts";
import { lazyRequestLogger } from "./platform/logging/lazy-child-logger.ts";
import { loggerOptions } from "./platform/logging/logger.ts";
import { RequestLogsAtDebug } from "./platform/logging/request-logs.ts";
import { bindLeadIdToLogs } from "./platform/logging/lead-id-logs.ts";
import lookupRoutes from "./intake/lookups/routes.ts";
import partnerRoutes from "./distribution/partner-list/routes.ts";
import controlCharacters from "./platform/plugins/control-characters.ts";
import rateLimits from "./platform/plugins/rate-limits.ts";
import securityHeaders from "./platform/plugins/security-headers.ts";
import { PiiCipher } from "./platform/security/pii-cipher.ts";
import type { Secrets } from "./platform/security/secrets.ts";
import webAssets from "./platform/web-assets/plugin.ts";
import consolePlugin from "./console/plugin.ts";
import { pauseFailingBuyer } from "./console/buyers/buyer-auto-pause.ts";
import { markClosingFirst } from "./platform/jobs/run-every.ts";
import { PostgresFailureCounts } from "./platform/security/postgres-failure-counts.ts";
import partnersPlugin, { paymentProviderPlugin, publisherCallsPlugin } from "./partners/plugin.ts";
import { CONSOLE_PAGES, consoleIsServed, registerConsoleHost } from "./console/console-host.ts";
import { sessionCookieName } from "./console/access/console-access.ts";
import { createOutboundGuard } from "./platform/net/outbound-guard.ts";

export type AppOptions = {
  config: Config;
  database: Database;
  secrets: Secrets;
  /** Where pino writes; tests pass a stream to read the logs back. */
  logStream?: NodeJS.WritableStream;
  /** Buyers that come with the process (the simulated lender network), before BUYERS_FILE and the table. */
  builtInBuyers?: Buyer[];
  /** How e-mail leaves (tests pass one); otherwise SMTP_URL's, or none: mail stays in the outbox. */
  mailTransport?: MailTransport;
  /**
   * Internal `host:port`s this process itself serves that configured calls may reach (the simulated lenders), beside
   * OUTBOUND_ALLOWED_HOSTS.
   */
  ownOutboundHosts?: string[];
  /** Sees each route as it is registered: the OpenAPI test lists them to find any the document misses. */
  onRoute?: (route: RouteOptions) => void;
};

// Builds the whole server from plugins; main.ts only starts and stops it. Tests call this and use inject.
export async function buildApp({
  config,
  database,
  secrets,
  logStream,
  builtInBuyers,
  mailTransport,
  ownOutboundHosts = [],
  onRoute,
}: AppOptions): Promise<FastifyInstance> {
  // A given stream (tests read the lines) takes the JSON lines themselves, never the pretty transport.
  const logger = logStream
    ? { ...loggerOptions({ ...config, logPretty: false }), stream: logStream }
    : loggerOptions(config);
  const app = Fastify({
    logger,
    trustProxy: config.trustProxy,
    bodyLimit: 64 * 1024,
    requestIdHeader: false,
    logController: new RequestLogsAtDebug(),
    childLoggerFactory: lazyRequestLogger,
    // Plugins that start on the database (the job queue, its workers) may take longer than Fastify's 10 s on a
    // busy host; a start that slow is still a start, and one that never ends still fails here.
    pluginTimeout: 60_000,
    // While the stop hands running auctions on (preClose), requests are served as usual rather than refused
    // with a bare 503: a load balancer may still send some before it sees the process go
    // (docs/decisions/0037-several-processes.md).
    return503OnClosing: false,
  }).withTypeProvider<ZodTypeProvider>();

  // Fastify runs onClose hooks last registered first: registered before every plugin, the database closes after
  // all of them have closed what they hold on it (the queue, the decision listener's connection). Registered at the
  // end, it closed first, and a test database's drop waited 5 s for the listener every time.
  app.addHook("onClose", async () => database.close());
  // First of the preClose hooks: the background jobs start no pass once the close has begun.
  markClosingFirst(app);
  if (onRoute) app.addHook("onRoute", onRoute);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerApiErrors(app);
  // Before every context: each calls out through the one guard (docs/decisions/0040-outbound-guard.md).
  app.decorate(
    "outboundGuard",
    createOutboundGuard({ allowedHosts: [...config.outboundAllowedHosts, ...ownOutboundHosts] }),
  );
  bindLeadIdToLogs(app);
  // First, so that every route registered after it is in the document.
  await registerOpenApi(app, { consoleCookie: sessionCookieName(config) });
  // Before the routes, so each request is timed; the contexts below register their own instruments on it.
  await app.register(metrics, { config, db: database.db, pool: database.pool });

  await app.register(securityHeaders, { hsts: config.env !== "development" });
  await app.register(rateLimits, { pool: database.pool });
  await app.register(cookie);
  await app.register(controlCharacters);
  registerConsoleHost(app, config);
  await app.register(healthRoutes);
  await app.register(readiness, { config, database });
  await app.register(zipRoutes, { config });
  await app.register(yourIpRoutes, { config });
  await app.register(privacyRequestRoutes, { config, db: database.db, tokenSecret: secrets.tokenSecret });
  await app.register(lookupRoutes, { config });
  await app.register(partnerRoutes, { config });
  const cipher = new PiiCipher(secrets.piiKeyring);
  await app.register(leadRoutes, { config, db: database.db, cipher, tokenSecret: secrets.tokenSecret });
  await app.register(screening, { config, db: database.db });
  await app.register(distribution, {
    config,
    database,
    cipher,
    tokenSecret: secrets.tokenSecret,
    builtInBuyers,
    // The console's pause, in every process, console or not (docs/product/buyer-money.md#pause-after-post-errors).
    onBuyerFailing: async (buyer) => {
      const inARow = await pauseFailingBuyer(database.db, app.buyerRegistry.seeds(), buyer.id);
      if (inARow !== undefined)
        app.log.warn({ buyer_id: buyer.id, in_a_row: inARow }, "buyer paused after failed posts");
    },
  });
  await app.register(clientLogRoutes, { config, db: database.db });
  await app.register(certificateRoutes, { config, db: database.db, tokenSecret: secrets.tokenSecret });
  await app.register(siteTrackingRoutes, { config });
  await app.register(retention, { config, db: database.db, tokenSecret: secrets.tokenSecret });
  await app.register(marketing, { config, db: database.db, tokenSecret: secrets.tokenSecret });
  await app.register(reminders, { config, db: database.db, tokenSecret: secrets.tokenSecret });
  await app.register(mail, {
    config,
    db: database.db,
    transport: mailTransport,
    check: reminderSendCheck(database.db, secrets.tokenSecret),
  });
  await app.register(privacyLinkRoutes, { config, db: database.db, tokenSecret: secrets.tokenSecret });
  const partners = { config, db: database.db, cipher, tokenSecret: secrets.tokenSecret };
  await app.register(publisherCallsPlugin, partners);
  await app.register(paymentProviderPlugin, partners);
  await app.register(partnersPlugin, partners);
  if (consoleIsServed(config)) {
    await app.register(consolePlugin, {
      config,
      db: database.db,
      cipher,
      tokenSecret: secrets.tokenSecret,
      // Every process counts the same sign-in failures on PostgreSQL (docs/decisions/0029-sign-in-throttle.md).
      signInCounts:
        database.driver === "postgres" ? new PostgresFailureCounts(database.db, secrets.tokenSecret) : undefined,
    });
  }

  // Unknown API paths answer JSON, never the web app's HTML.
  app.all("/api/*", { schema: { hide: true } }, async (_request, reply) =>
    reply.code(404).send({ status: 404, message: "Not found" }),
  );
  await app.register(webAssets, {
    root: config.webBuildDir,
    production: config.env === "production",
    vendors: vendorCspSources(config.consentVendors),
    // The console's components write their theme and layout as <style> elements (docs/decisions/0049-console-components.md).
    styleNoncePages: CONSOLE_PAGES,
  });

  return app;
}
