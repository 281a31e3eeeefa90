import type { FastifyInstance } from "fastify";

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
  let closing = false;
  const stopping = () => closing;
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
  const run = () => (running ??= once());
  const first = job.firstAfterMs === undefined ? undefined : setTimeout(() => void run(), job.firstAfterMs);
  const timer = setInterval(() => void run(), job.everyMs);
  first?.unref();
  timer.unref();
  app.addHook("preClose", async () => {
    closing = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
    job.onClose?.();
  });
}
