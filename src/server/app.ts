import cookie from "@fastify/cookie";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config.ts";
import type { Database } from "./db/database.ts";
import healthRoutes from "./health/routes.ts";
import zipRoutes from "./lookups/zip-routes.ts";
import yourIpRoutes from "./network/your-ip-routes.ts";
import privacyRequestRoutes from "./privacy/privacy-request-routes.ts";
import retention from "./privacy/retention-plugin.ts";
import privacyLinkRoutes from "./privacy/privacy-link-routes.ts";
import operatorRoutes from "./privacy/operator-routes.ts";
import mail from "./mail/plugin.ts";
import type { MailTransport } from "./mail/mail-transport.ts";
import { registerApiErrors } from "./http/api-errors.ts";
import leadRoutes from "./leads/routes.ts";
import certificateRoutes from "./consent/certificate-routes.ts";
import siteTrackingRoutes from "./consent/site-tracking-routes.ts";
import { vendorCspSources } from "./consent/vendor-csp-sources.ts";
import clientLogRoutes from "./client-logs/routes.ts";
import distribution from "./distribution/plugin.ts";
import marketing from "./marketing/plugin.ts";
import type { Buyer } from "./distribution/buyer-config.ts";
import { loggerOptions } from "./logger.ts";
import lookupRoutes from "./lookups/routes.ts";
import partnerRoutes from "./partners/routes.ts";
import controlCharacters from "./plugins/control-characters.ts";
import rateLimits from "./plugins/rate-limits.ts";
import securityHeaders from "./plugins/security-headers.ts";
import { PiiCipher } from "./security/pii-cipher.ts";
import type { Secrets } from "./security/secrets.ts";
import webAssets from "./web-assets/plugin.ts";

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
};

// Builds the whole server from plugins; main.ts only starts and stops it. Tests call this and use inject.
export async function buildApp({
  config,
  database,
  secrets,
  logStream,
  builtInBuyers,
  mailTransport,
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
    // Plugins that start on the database (the job queue, its workers) may take longer than Fastify's 10 s on a
    // busy host; a start that slow is still a start, and one that never ends still fails here.
    pluginTimeout: 60_000,
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerApiErrors(app);

  await app.register(securityHeaders, { hsts: config.env !== "development" });
  await app.register(rateLimits);
  await app.register(cookie);
  await app.register(controlCharacters);
  await app.register(healthRoutes, { database });
  await app.register(zipRoutes, { config });
  await app.register(yourIpRoutes, { config });
  await app.register(privacyRequestRoutes, { config, db: database.db, tokenSecret: secrets.tokenSecret });
  await app.register(lookupRoutes, { config });
  await app.register(partnerRoutes, { config });
  const cipher = new PiiCipher(secrets.piiKeyring);
  await app.register(leadRoutes, { config, db: database.db, cipher, tokenSecret: secrets.tokenSecret });
  await app.register(distribution, { config, database, cipher, tokenSecret: secrets.tokenSecret, builtInBuyers });
  await app.register(clientLogRoutes, { config, db: database.db });
  await app.register(certificateRoutes, { config, db: database.db, tokenSecret: secrets.tokenSecret });
  await app.register(siteTrackingRoutes, { config });
  await app.register(retention, { config, db: database.db, tokenSecret: secrets.tokenSecret });
  await app.register(marketing, { config, db: database.db, tokenSecret: secrets.tokenSecret });
  await app.register(mail, { config, db: database.db, transport: mailTransport });
  await app.register(privacyLinkRoutes, { config, db: database.db, tokenSecret: secrets.tokenSecret });
  if (config.operatorPassword) {
    await app.register(operatorRoutes, { config, db: database.db, password: config.operatorPassword });
  }

  // Unknown API paths answer JSON, never the web app's HTML.
  app.all("/api/*", async (_request, reply) => reply.code(404).send({ status: 404, message: "Not found" }));
  await app.register(webAssets, {
    root: config.webBuildDir,
    production: config.env === "production",
    vendors: vendorCspSources(config.consentVendors),
  });

  app.addHook("onClose", async () => database.close());
  return app;
}
