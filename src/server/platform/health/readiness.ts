import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config/config.ts";
import type { Database } from "../db/database.ts";
import { missingMigration, shippedMigrations } from "../db/migrations-applied.ts";
import { eventLoopDelayMs, heapUsedBytes } from "./process-pressure.ts";

/** A check answers undefined when it passes, or what is wrong (no personal data: it is shown to the prober). */
type ReadinessCheck = () => Promise<string | undefined> | string | undefined;

declare module "fastify" {
  interface FastifyInstance {
    /** Adds a check GET /api/ready runs (the job queue adds its own, distribution/auction/plugin.ts). */
    addReadinessCheck(name: string, check: ReadinessCheck): void;
  }
}

/** A check that has not answered by then has failed: a hung database must not hang the load balancer's probe. */
const CHECK_TIMEOUT_MS = 2_000;

async function settle(check: ReadinessCheck): Promise<string | undefined> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<string>((resolve) => {
    timer = setTimeout(() => resolve(`no answer within ${CHECK_TIMEOUT_MS} ms`), CHECK_TIMEOUT_MS);
  });
  try {
    return await Promise.race([Promise.resolve().then(check), late]);
  } catch (error) {
    return `failed (${(error as Error).name})`;
  } finally {
    clearTimeout(timer);
  }
}

// Readiness (docs/decisions/0036-metrics-and-readiness.md): whether this process should receive traffic. The
// database answers, every migration this build ships is applied, the job queue runs, and the process is not
// under pressure (event-loop delay, heap; process-pressure.ts). Pressure answers 503 here only, never on the
// site's routes: the load balancer then sends new visitors elsewhere, while the requests and auctions already
// here finish instead of failing.
async function readiness(app: FastifyInstance, opts: { config: Config; database: Database }) {
  const { maxEventLoopDelayMs, maxHeapUsedBytes } = opts.config.readiness;
  eventLoopDelayMs(); // starts the process's monitor, so the first probe reads a measured second

  const shipped = shippedMigrations();
  const checks = new Map<string, ReadinessCheck>([
    ["database", async () => ((await opts.database.ping()) ? undefined : "does not answer")],
    [
      "migrations",
      async () => {
        const missing = await missingMigration(opts.database.db, shipped);
        return missing && `not applied: ${missing}`;
      },
    ],
    [
      "pressure",
      () => {
        const delay = eventLoopDelayMs();
        if (maxEventLoopDelayMs > 0 && delay > maxEventLoopDelayMs) {
          return `event loop delay ${Math.round(delay)} ms over ${maxEventLoopDelayMs} ms`;
        }
        const heap = heapUsedBytes();
        if (maxHeapUsedBytes > 0 && heap > maxHeapUsedBytes) {
          const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
          return `heap used ${mb(heap)} MB over ${mb(maxHeapUsedBytes)} MB`;
        }
        return undefined;
      },
    ],
  ]);
  app.decorate("addReadinessCheck", (name: string, check: ReadinessCheck) => void checks.set(name, check));

  app.get("/api/ready", { schema: { hide: true } }, async (_request, reply) => {
    const results = await Promise.all([...checks].map(async ([name, check]) => [name, await settle(check)] as const));
    const failed = results.filter(([, problem]) => problem !== undefined);
    const status = failed.length === 0 ? 200 : 503;
    return reply
      .code(status)
      .header("cache-control", "no-store")
      .send({
        status,
        message: status === 200 ? "ready" : `not ready: ${failed.map(([name]) => name).join(", ")}`,
        data: { checks: Object.fromEntries(results.map(([name, problem]) => [name, problem ?? "ok"])) },
      });
  });
}

export default fp(readiness, { name: "readiness" });
