import type { FastifyInstance } from "fastify";

// Liveness (docs/decisions/0036-metrics-and-readiness.md): the process is up and its event loop answers. It
// reads nothing, so a database outage never gets every process restarted at once; whether a process should
// receive traffic is GET /api/ready's answer (readiness.ts). Left out of the API document: not for partners.
export default async function healthRoutes(app: FastifyInstance) {
  app.get("/api/health", { schema: { hide: true } }, async (_request, reply) =>
    reply.header("cache-control", "no-store").send({ status: 200, message: "ok" }),
  );
}
