import { collectDefaultMetrics, Registry } from "prom-client";

let shared: Registry | undefined;

/**
 * prom-client's process metrics (CPU, memory, handles, GC, event-loop delay as nodejs_eventloop_lag_*): a property
 * of the process, not of an app, so one registry per process, made by the first app that asks. Each collection
 * starts an event-loop monitor and a GC observer that nothing stops; one per app would pile up in the tests,
 * which build hundreds of apps in one worker.
 */
export function processMetrics(): Registry {
  if (!shared) {
    shared = new Registry();
    collectDefaultMetrics({ register: shared, eventLoopMonitoringPrecision: 20 });
  }
  return shared;
}
