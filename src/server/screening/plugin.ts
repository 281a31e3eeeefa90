import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { Counter } from "prom-client";
import type { Config } from "../platform/config/config.ts";
import type { Db } from "../platform/db/database.ts";
import { createPackagedZipDirectory } from "../intake/lookups/zip-directory.ts";
import { createAddressCheck } from "./address/address-check.ts";
import { createGate } from "./gate/gate.ts";
import { createScreening, type Screening } from "./gate/screening.ts";
import type { ScreeningCheck, ServiceCall } from "./gate/screening-check.ts";
import { createListCheck } from "./lists/list-check.ts";
import { createLitigatorScrubCheck } from "./lists/litigator-scrub-check.ts";
import { createCertificateCheck } from "./certificates/certificate-check.ts";
import { createCertificateClaim } from "./certificates/certificate-claim.ts";
import { createTrustedFormCertificates } from "./certificates/trustedform-certificates.ts";
import { createJornayaCertificates } from "./certificates/jornaya-certificates.ts";
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
  checks.push(createListCheck({ db, timeoutMs: LIST_TIMEOUT_MS }));
  if (config.litigatorScrub) {
    const { url, apiKey } = config.litigatorScrub;
    checks.push(createLitigatorScrubCheck({ url, apiKey, timeoutMs, fetch }));
  }
  const vendors = certificateVendors(config, fetch);
  if (vendors.trustedForm || vendors.jornaya) checks.push(createCertificateCheck({ ...vendors, timeoutMs }));
  return checks;
}

/** The consent-certificate vendors the operator has keys for. */
function certificateVendors(config: ScreeningConfig, fetch: typeof globalThis.fetch) {
  const timeoutMs = config.serviceTimeoutMs;
  return {
    ...(config.trustedForm && {
      trustedForm: createTrustedFormCertificates({
        apiUrl: config.trustedForm.url,
        apiKey: config.trustedForm.apiKey,
        timeoutMs,
        fetch,
      }),
    }),
    ...(config.jornaya && {
      jornaya: createJornayaCertificates({
        apiUrl: config.jornaya.url,
        accountCode: config.jornaya.accountCode,
        apiKey: config.jornaya.apiKey,
        timeoutMs,
        fetch,
      }),
    }),
  };
}

/** The lists are one indexed read of the shared database, not an outside call: they get their own, wider limit. */
const LIST_TIMEOUT_MS = 1_000;
/** A claim happens after the sale, off the auction's clock: it may take longer than a check. */
const CLAIM_TIMEOUT_MS = 5_000;

async function screening(app: FastifyInstance, { config, db }: ScreeningOptions) {
  const settings = createSettingsSource(db);
  const calls = new Counter({
    name: "loanpath_screening_calls_total",
    help: "Calls the gate made to outside services, by adapter and outcome (ok, failed, timeout)",
    labelNames: ["adapter", "outcome"],
    registers: [app.metrics.registry],
  });
  const fetch = guardedFetch(app.outboundGuard);
  const warn = (message: string) => app.log.warn({ screening: message }, "screening");
  const onCalls = (made: readonly ServiceCall[]) =>
    made.forEach((c) => calls.inc({ adapter: c.adapter, outcome: c.outcome }));
  const gate = createGate({
    checks: screeningChecks(db, settings, config.screening, fetch),
    budgetMs: config.screening.budgetMs,
    warn,
  });
  const { trustedForm } = certificateVendors(config.screening, fetch);
  // The disposable-domain lists take a few hundred ms to read: read at start, not by the first lead.
  app.addHook("onReady", async () => {
    await loadDisposableDomains();
  });
  app.decorate("screeningSettings", settings);
  app.decorate("screening", {
    ...createScreening({ db, gate, settings, onCalls }),
    ...(trustedForm && {
      sold: createCertificateClaim({ db, certificates: trustedForm, timeoutMs: CLAIM_TIMEOUT_MS, onCalls, warn }),
    }),
  });
}

export default fp(screening, { name: "screening" });
