import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database.ts";

export default async function healthRoutes(app: FastifyInstance, opts: { database: Database }) {
  // For the load balancer and uptime checks, not for partners: left out of the API document.
  app.get("/api/health", { schema: { hide: true } }, async (_request, reply) => {
    const up = await opts.database.ping();
    return reply.code(up ? 200 : 503).send({
      status: up ? 200 : 503,
      message: up ? "ok" : "database unavailable",
      data: { database: opts.database.driver },
    });
  });
}
