import type { FastifyInstance } from "fastify";

// A background pass every process runs on a timer (the retention purge, the marketing sync, mail delivery):
// never two passes of one job at once in a process, a report logged only when it counts something, a
// failure logged by its type (never its message, which may quote data), and, when the server closes, the
// timers gone and the pass under way finished first, so an outbox's call in flight is settled and written
// down rather than cut off with the database (docs/decisions/0037-several-processes.md).
export function runEvery(
  app: FastifyInstance,
  job: { name: string; everyMs: number; firstAfterMs?: number; onClose?: () => void },
  pass: () => Promise<Record<string, number>>,
): void {
  let running: Promise<void> | undefined;
  const once = async () => {
    try {
      const report = await pass();
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
    clearTimeout(first);
    clearInterval(timer);
    await running;
    job.onClose?.();
  });
}
