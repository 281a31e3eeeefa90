import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Counter } from "prom-client";
import type { Config } from "../platform/config/config.ts";
import type { Db } from "../platform/db/database.ts";
import { createPackagedZipDirectory } from "../intake/lookups/zip-directory.ts";
import { createAddressCheck } from "./address/address-check.ts";
import { createGate } from "./gate/gate.ts";
import { createScreening, type Screening } from "./gate/screening.ts";
import type { ScreeningCheck } from "./gate/screening-check.ts";
import { createSettingsSource, type SettingsSource } from "./gate/settings-store.ts";
import { createVelocityCheck } from "./velocity/velocity-check.ts";
import { phonePlanCheck } from "./phone/phone-plan-check.ts";
import { createTwilioLineTypeCheck } from "./phone/line-type-check.ts";
import { emailOfflineCheck, loadDisposableDomains } from "./email/email-offline-check.ts";
import { createMxCheck } from "./email/mx-check.ts";
import type { ScreeningConfig } from "../platform/config/screening-config.ts";
import { guardedFetch } from "../platform/net/guarded-fetch.ts";

// The gate every lead passes before any buyer (docs/product/screening.md): its checks as configured, the operator's
// settings, and the count of its outside calls in /metrics. The auction runs it (distribution reads `app.screening`);
// the console edits its settings and lists.

declare module "fastify" {
  interface FastifyInstance {
    screening: Screening;
    screeningSettings: SettingsSource;
  }
}

type ScreeningOptions = { config: Config; db: Db };

/** The checks the configuration switches on: the offline ones always, each outside service once it has credentials. */
function screeningChecks(
  db: Db,
  settings: SettingsSource,
  config: ScreeningConfig,
  fetch: typeof globalThis.fetch,
): ScreeningCheck[] {
  const timeoutMs = config.serviceTimeoutMs;
  const checks: ScreeningCheck[] = [
    phonePlanCheck,
    emailOfflineCheck,
    createAddressCheck(createPackagedZipDirectory()),
    createVelocityCheck(db, () => settings.current()),
  ];
  if (config.twilio) {
    const { url, accountSid, authToken } = config.twilio;
    checks.push(createTwilioLineTypeCheck({ baseUrl: url, accountSid, authToken, timeoutMs, fetch }));
  }
  if (config.mx) checks.push(createMxCheck({ servers: config.mx.servers, timeoutMs }));
  return checks;
}

async function screening(app: FastifyInstance, { config, db }: ScreeningOptions) {
  const settings = createSettingsSource(db);
  const calls = new Counter({
    name: "loanpath_screening_calls_total",
    help: "Calls the gate made to outside services, by adapter and outcome (ok, failed, timeout)",
    labelNames: ["adapter", "outcome"],
    registers: [app.metrics.registry],
  });
  const gate = createGate({
    checks: screeningChecks(db, settings, config.screening, guardedFetch(app.outboundGuard)),
    budgetMs: config.screening.budgetMs,
    warn: (message) => app.log.warn({ screening: message }, "screening"),
  });
  // The disposable-domain lists take a few hundred ms to read: read at start, not by the first lead.
  app.addHook("onReady", async () => {
    await loadDisposableDomains();
  });
  app.decorate("screeningSettings", settings);
  app.decorate(
    "screening",
    createScreening({
      db,
      gate,
      settings,
      onCalls: (made) => made.forEach((c) => calls.inc({ adapter: c.adapter, outcome: c.outcome })),
    }),
  );
}

export default fp(screening, { name: "screening" });
