import { clientLogAnswer, clientLogRequest } from "#domain/contracts/lead-send.ts";
import { failureAnswer } from "#domain/contracts/envelope.ts";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { clientLogs } from "../../platform/db/schema.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import { stripPersonalData } from "./strip-personal-data.ts";

// POST /api/logs (docs/product/server-calls.md): the browser's log of submission and ping answers and
// errors. Bounded by its schema and the logs rate limit, stored with personal data stripped; the browser
// ignores failures, so this never answers anything it would have to act on.
export default async function clientLogRoutes(appBase: FastifyInstance, opts: { config: Config; db: Db }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  app.post(
    "/api/logs",
    {
      config: { rateLimit: limitFor(opts.config, "logs") },
      bodyLimit: 8 * 1024,
      schema: { body: clientLogRequest, response: { 200: clientLogAnswer, 400: failureAnswer } },
    },
    async (request, reply) => {
      const { level, event, lead_id, data } = request.body;
      await opts.db.insert(clientLogs).values({
        level,
        event: stripPersonalData(event) as string,
        leadId: lead_id ?? null,
        data: data ? stripPersonalData(data) : null,
      });
      return reply.send({ status: 200, message: "ok", data: { stored: true } });
    },
  );
}
