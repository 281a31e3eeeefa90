import type { FastifyInstance } from "fastify";
import type { Config } from "../platform/config/config.ts";
import type { Db } from "../platform/db/database.ts";
import type { PiiCipher } from "../platform/security/pii-cipher.ts";
import { actorOf, registerConsoleAccess } from "./access/console-access.ts";
import operatorAdminRoutes from "./access/operator-admin-routes.ts";
import signInRoutes from "./access/sign-in-routes.ts";
import auditRoutes from "./audit/audit-routes.ts";
import buyerRoutes from "./buyers/buyer-routes.ts";
import { figuresSince } from "./reports/buyer-day-figures.ts";
import privacyQueueRoutes from "./privacy/privacy-queue-routes.ts";
import leadRoutes from "./leads/lead-routes.ts";
import reportRoutes from "./reports/report-routes.ts";
import ledgerCheckRoutes from "./ledger/ledger-check-routes.ts";
import buyerKeyRoutes from "./buyers/buyer-key-routes.ts";
import changeRequestRoutes from "./buyers/change-request-routes.ts";
import portalChangeRequestRoutes from "./buyer-portal/portal-change-requests-routes.ts";
import portalKeysRoutes from "./buyer-portal/portal-keys-routes.ts";
import publisherRoutes from "./publishers/publisher-routes.ts";
import consentTextRoutes from "./publishers/consent-text-routes.ts";
import gateRoutes from "./screening/gate-routes.ts";
import type {} from "../screening/plugin.ts";
import myTrafficRoutes from "./publishers/my-traffic-routes.ts";
import publisherTestCallRoutes from "./publishers/publisher-test-call-routes.ts";
import { scheduleReportRollups } from "./reports/report-rollups-job.ts";
import { queuePostback } from "../partners/postbacks/postback-outbox.ts";
import { runEvery } from "../platform/jobs/run-every.ts";
import type { FailureCounts } from "../platform/security/failure-counts.ts";
import statementRoutes from "./statements/statement-routes.ts";
import invoiceRoutes from "./invoices/invoice-routes.ts";
import returnRoutes from "./returns/return-routes.ts";
import paymentRoutes from "./payments/payment-routes.ts";
import screeningListRoutes from "./screening/list-routes.ts";
import portalOverviewRoutes from "./buyer-portal/portal-overview-routes.ts";
import portalLeadsRoutes from "./buyer-portal/portal-leads-routes.ts";
import portalReturnsRoutes from "./buyer-portal/portal-returns-routes.ts";
import portalMoneyRoutes from "./buyer-portal/portal-money-routes.ts";
import portalInvoicesRoutes from "./buyer-portal/portal-invoices-routes.ts";

/** How often the shared sign-in counts drop what no rule remembers (a day after the last failure). */
const SIGN_IN_PRUNE_EVERY_MS = 3_600_000;

export type ConsoleDeps = {
  config: Config;
  db: Db;
  cipher: PiiCipher;
  tokenSecret: Buffer;
  /** Where the sign-in throttle counts failures: shared by every process on PostgreSQL, else this process's memory. */
  signInCounts?: FailureCounts | undefined;
  now?: () => Date;
};

// The operator console's API (docs/decisions/0034-operator-console.md). One encapsulated scope: its access
// check with its rate limit (its own count, so a flood of public form posts never locks the operators out, nor
// the reverse) and its routes apply to nothing else.
export default async function consolePlugin(app: FastifyInstance, deps: ConsoleDeps) {
  const now = deps.now ?? (() => new Date());
  registerConsoleAccess(app, { config: deps.config, db: deps.db, now });
  const prune = deps.signInCounts?.prune?.bind(deps.signInCounts);
  if (prune) {
    runEvery(
      app,
      { name: "sign-in counts prune", everyMs: SIGN_IN_PRUNE_EVERY_MS, firstAfterMs: 60_000 },
      async () => ({
        pruned: await prune(),
      }),
    );
  }
  await app.register(signInRoutes, {
    config: deps.config,
    db: deps.db,
    cipher: deps.cipher,
    counts: deps.signInCounts,
    now,
  });
  const buyerExists = async (id: string) => (await app.buyerRegistry.current()).some((b) => b.id === id);
  await app.register(operatorAdminRoutes, { db: deps.db, cipher: deps.cipher, now, buyerExists });
  await app.register(auditRoutes, { db: deps.db, actorOf });
  await app.register(privacyQueueRoutes, { db: deps.db, now });
  await app.register(reportRoutes, { db: deps.db, now });
  scheduleReportRollups(app, deps.db, now, deps.config.console.rollupMinutes);
  await app.register(leadRoutes, deps);
  await app.register(buyerRoutes, { db: deps.db, now, figuresSince });
  await app.register(statementRoutes, { db: deps.db, tokenSecret: deps.tokenSecret, now });
  await app.register(invoiceRoutes, { db: deps.db });
  await app.register(ledgerCheckRoutes, { db: deps.db, tokenSecret: deps.tokenSecret, now });
  await app.register(returnRoutes, { ...deps, now, sink: queuePostback });
  await app.register(paymentRoutes, { config: deps.config, db: deps.db });
  await app.register(portalMoneyRoutes, { config: deps.config, db: deps.db });
  await app.register(portalInvoicesRoutes, { db: deps.db });
  await app.register(buyerKeyRoutes, { db: deps.db });
  await app.register(changeRequestRoutes, { db: deps.db });
  await app.register(portalKeysRoutes, { db: deps.db });
  await app.register(portalChangeRequestRoutes, { db: deps.db });
  const publicBaseUrl = deps.config.publicBaseUrl;
  await app.register(publisherRoutes, { db: deps.db, cipher: deps.cipher, now, publicBaseUrl });
  await app.register(consentTextRoutes, { db: deps.db });
  await app.register(myTrafficRoutes, { db: deps.db, now, publicBaseUrl });
  await app.register(publisherTestCallRoutes, { db: deps.db });
  // The gate's settings, figures and lists (docs/product/screening.md), on the settings the screening context reads.
  await app.register(gateRoutes, { db: deps.db, settings: app.screeningSettings });
  await app.register(screeningListRoutes, { db: deps.db, tokenSecret: deps.tokenSecret });
  // The buyer portal (docs/product/buyer-money.md#the-buyer-portal): a buyer account's own overview, leads and returns.
  await app.register(portalOverviewRoutes, { db: deps.db, now });
  await app.register(portalLeadsRoutes, {
    db: deps.db,
    cipher: deps.cipher,
    tokenSecret: deps.tokenSecret,
    publicBaseUrl,
    now,
  });
  await app.register(portalReturnsRoutes, { db: deps.db, now });
}
