import type { FastifyInstance } from "fastify";

// A background pass every process runs on a timer (the retention purge, the marketing sync, mail delivery):
// never two passes of one job at once in a process, a report logged only when it counts something, a
// failure logged by its type (never its message, which may quote data), and the timers gone when the
// server closes.
export function runEvery(
  app: FastifyInstance,
  job: { name: string; everyMs: number; firstAfterMs?: number; onClose?: () => void },
  pass: () => Promise<Record<string, number>>,
): void {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const report = await pass();
      if (Object.values(report).some((n) => n > 0)) app.log.info({ report }, job.name);
    } catch (error) {
      app.log.warn({ err: { type: (error as Error).name } }, `${job.name} failed`);
    } finally {
      running = false;
    }
  };
  const first = job.firstAfterMs === undefined ? undefined : setTimeout(() => void run(), job.firstAfterMs);
  const timer = setInterval(() => void run(), job.everyMs);
  first?.unref();
  timer.unref();
  app.addHook("preClose", async () => {
    clearTimeout(first);
    clearInterval(timer);
    job.onClose?.();
  });
}
