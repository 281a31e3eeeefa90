import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import type { Config } from "../config/config.ts";
import type { Db } from "../db/database.ts";
import { registerBacklogGauges } from "./backlog-gauges.ts";
import { registerPoolGauges, type PoolCounts } from "./pool-gauges.ts";
import { carriesToken } from "./bearer-token.ts";
import { createMetrics, SCRAPE_CACHE_MS, type Metrics } from "./metrics.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** This app's metrics: contexts register their own instruments on `metrics.registry`. */
    metrics: Metrics;
  }
}

const NOT_FOUND = { status: 404, message: "Not found" };

// GET /metrics in Prometheus' text format (docs/decisions/0036-metrics-and-readiness.md). On the site's port
// only behind METRICS_TOKEN: without it the path answers 404 as if it did not exist, and metrics are served
// only on METRICS_PORT (loopback by default; main.ts starts it), or not at all.
async function metricsPlugin(app: FastifyInstance, opts: { config: Config; db: Db; pool?: PoolCounts | undefined }) {
  const metrics = createMetrics();
  app.decorate("metrics", metrics);
  registerBacklogGauges(metrics.registry, opts.db, SCRAPE_CACHE_MS);
  // On PostgreSQL only: the embedded database has no pool.
  if (opts.pool) registerPoolGauges(metrics.registry, opts.pool);

  app.addHook("onResponse", async (request, reply) => {
    // The pattern, never the URL: "/api/personal_loan/lead/v2/:id/step", not the lead's id.
    const route = request.routeOptions.url ?? "unmatched";
    metrics.requestDuration.observe(
      { method: request.method, route, status_class: `${Math.floor(reply.statusCode / 100)}xx` },
      reply.elapsedTime / 1000,
    );
  });

  const token = opts.config.metrics.token;
  app.get("/metrics", { schema: { hide: true } }, async (request, reply) => {
    if (!token) return reply.code(404).send(NOT_FOUND);
    if (!carriesToken(request.headers.authorization, token)) {
      return reply
        .code(401)
        .header("www-authenticate", 'Bearer realm="metrics"')
        .send({ status: 401, message: "The metrics need the bearer token set in METRICS_TOKEN." });
    }
    const body = await metrics.scrape();
    return reply.header("cache-control", "no-store").type(metrics.contentType).send(body);
  });
}

export default fp(metricsPlugin, { name: "metrics" });
