import type { FastifyInstance } from "fastify";

/** Set on the server's own instance when its close begins; a plugin's instance inherits it (Fastify makes each
 * encapsulated instance with the parent's as its prototype). */
const CLOSING = Symbol("closing");
type Marked = FastifyInstance & { [CLOSING]?: boolean };

/**
 * Marks the server as closing from the start of its close (registered first, this preClose hook runs before every
 * other): a job's pass then starts no more, even while the plugins' own hooks are still draining the auctions.
 */
export function markClosingFirst(app: FastifyInstance): void {
  app.addHook("preClose", async () => {
    (app as Marked)[CLOSING] = true;
  });
}

// A background pass every process runs on a timer (the retention purge, the marketing sync, mail delivery):
// never two passes of one job at once in a process, a report logged only when it counts something, a
// failure logged by its type (never its message, which may quote data), and, when the server closes, the
// timers gone and the pass under way finished first, so an outbox's call in flight is settled and written
// down rather than cut off with the database (docs/decisions/0037-several-processes.md). A pass that works
// through a batch asks `stopping()` before each item: once the server closes, it ends after the call in flight
// and hands the rest of its batch back, so a stop waits for one call, not for a batch of them.
export function runEvery(
  app: FastifyInstance,
  job: { name: string; everyMs: number; firstAfterMs?: number; onClose?: () => void },
  pass: (stopping: () => boolean) => Promise<Record<string, number>>,
): void {
  let running: Promise<void> | undefined;
  let ended = false;
  // The job's own hook has run, or the server's close has begun (markClosingFirst).
  const stopping = () => ended || (app as Marked)[CLOSING] === true;
  const once = async () => {
    try {
      const report = await pass(stopping);
      if (Object.values(report).some((n) => n > 0)) app.log.info({ report }, job.name);
    } catch (error) {
      app.log.warn({ err: { type: (error as Error).name } }, `${job.name} failed`);
    } finally {
      running = undefined;
    }
  };
  const run = () => (stopping() ? running : (running ??= once()));
  const first = job.firstAfterMs === undefined ? undefined : setTimeout(() => void run(), job.firstAfterMs);
  const timer = setInterval(() => void run(), job.everyMs);
  first?.unref();
  timer.unref();
  app.addHook("preClose", async () => {
    ended = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
    job.onClose?.();
  });
}
