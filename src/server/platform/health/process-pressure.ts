import { monitorEventLoopDelay } from "node:perf_hooks";
import { getHeapStatistics } from "node:v8";

/** How often the event loop's delay is summed up, and how finely it is measured (as @fastify/under-pressure). */
const SAMPLE_MS = 1_000;
const RESOLUTION_MS = 10;

let delayMs = 0;
let started = false;

/**
 * The event loop's mean delay over the last second, beyond the monitor's own resolution, as @fastify/under-pressure
 * measures it; Infinity when the loop was blocked for the whole second.
 *
 * One monitor per process, started by the first app that asks: pressure is the process's, whatever number of
 * apps read it. @fastify/under-pressure keeps a monitor per app and never stops it, so the tests, which build
 * hundreds of apps in one worker, would pile up hundreds of 10 ms timers (docs/decisions/0036-metrics-and-readiness.md).
 */
export function eventLoopDelayMs(): number {
  if (!started) {
    started = true;
    const histogram = monitorEventLoopDelay({ resolution: RESOLUTION_MS });
    histogram.enable();
    setInterval(() => {
      const mean = histogram.mean / 1e6 - RESOLUTION_MS;
      delayMs = Number.isNaN(mean) ? Number.POSITIVE_INFINITY : Math.max(0, mean);
      histogram.reset();
    }, SAMPLE_MS).unref();
  }
  return delayMs;
}

/** The V8 heap in use now. */
export const heapUsedBytes = () => getHeapStatistics().used_heap_size;
