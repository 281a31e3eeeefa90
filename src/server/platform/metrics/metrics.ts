import { Histogram, Registry } from "prom-client";
import { processMetrics } from "./process-metrics.ts";

// One registry per app, never prom-client's global one: tests build many apps in one process, and each must
// count its own (docs/decisions/0036-metrics-and-readiness.md). Every label is bounded: route patterns, methods,
// status classes, outcomes, and buyer ids, which operators set; never a lead id, a URL or anything of a person.

export type Metrics = {
  /** This app's own instruments: contexts register theirs here. */
  registry: Registry;
  /** Time from a request's arrival to its answer, by route pattern ("/api/personal_loan/lead/v2/:id/step"). */
  requestDuration: Histogram<"method" | "route" | "status_class">;
  /** The whole text a scrape answers: this app's metrics and the process's (process-metrics.ts). */
  scrape(): Promise<string>;
  contentType: string;
};

/** How long a scrape's database figures are reused (cached-read.ts). */
export const SCRAPE_CACHE_MS = 5_000;

export function createMetrics(): Metrics {
  const registry = new Registry();
  const requestDuration = new Histogram({
    name: "loanpath_http_request_duration_seconds",
    help: "Time from a request's arrival to its answer, by route pattern, method and status class (2xx, 4xx...).",
    labelNames: ["method", "route", "status_class"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  return {
    registry,
    requestDuration,
    scrape: () => Registry.merge([registry, processMetrics()]).metrics(),
    contentType: registry.contentType,
  };
}
