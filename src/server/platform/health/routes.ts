import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database.ts";

export default async function healthRoutes(app: FastifyInstance, opts: { database: Database }) {
  app.get("/api/health", async (_request, reply) => {
    const up = await opts.database.ping();
    return reply.code(up ? 200 : 503).send({
      status: up ? 200 : 503,
      message: up ? "ok" : "database unavailable",
      data: { database: opts.database.driver },
    });
  });
}
