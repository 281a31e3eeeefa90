import { clientLogAnswer, clientLogRequest } from "#domain/contracts/lead-send.ts";
import { failureAnswer } from "#domain/contracts/envelope.ts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { clientLogs } from "../../platform/db/schema.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import { holdsLeadToken } from "../leads/lead-access.ts";
import { findLead } from "../leads/lead-store.ts";
import { stripPersonalData } from "./strip-personal-data.ts";

// POST /api/logs (docs/product/server-calls.md): the browser's log of submission and ping answers and
// errors. Bounded by its schema and the logs rate limit, stored with personal data stripped (strip-personal-data.ts); the browser
// ignores failures, so this never answers anything it would have to act on. An event is filed under a lead
// only when the request holds that lead's cookie: the events appear in the person's know export, and a
// stranger must not be able to write there. Without it the event is kept, under no lead.
export default async function clientLogRoutes(appBase: FastifyInstance, opts: { config: Config; db: Db }) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const leadOf = async (request: FastifyRequest, leadId: string | undefined) => {
    const row = leadId ? await findLead(opts.db, leadId) : undefined;
    return row && holdsLeadToken(request, row.id, row.accessTokenHash) ? row.id : null;
  };
  app.post(
    "/api/logs",
    {
      config: { rateLimit: limitFor(opts.config, "logs") },
      bodyLimit: 8 * 1024,
      schema: { body: clientLogRequest, response: { 200: clientLogAnswer, 400: failureAnswer } },
    },
    async (request, reply) => {
      const { level, event, lead_id, data } = request.body;
      const kept = stripPersonalData(event, data);
      await opts.db.insert(clientLogs).values({
        level,
        event: kept.event,
        leadId: await leadOf(request, lead_id),
        data: kept.data ?? null,
      });
      return reply.send({ status: 200, message: "ok", data: { stored: true } });
    },
  );
}
