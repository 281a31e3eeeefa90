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
export function screeningChecks(db: Db, settings: SettingsSource): ScreeningCheck[] {
  return [createAddressCheck(createPackagedZipDirectory()), createVelocityCheck(db, () => settings.current())];
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
    checks: screeningChecks(db, settings),
    budgetMs: config.screening.budgetMs,
    warn: (message) => app.log.warn({ screening: message }, "screening"),
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
