import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { failureAnswer } from "#domain/contracts/envelope.ts";
import {
  mappingStepRequest,
  marketingAnswer,
  marketingSignupRequest,
  SIGNUP_LIST_ID,
} from "#domain/contracts/marketing.ts";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { holdsLeadToken } from "../../intake/leads/lead-access.ts";
import { findLead } from "../../intake/leads/lead-store.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import { queueListAddition } from "../../platform/outbox/marketing-outbox.ts";

const NOT_FOUND = { status: 404, message: "Lead not found" } as const;
const QUEUED = { status: 200, message: "ok", data: { queued: true } } as const;

// POST /api/brevo and PUT /api/brevo/mapping-step (docs/product/server-calls.md; docs/product/marketing.md):
// each queues a list addition for the lead the request's cookie opens, and answers at once; the sync job
// sends it (or, for a person who opted out, never does).
export default async function marketingRoutes(app: FastifyInstance, opts: { config: Config; db: Db }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = opts;
  const limit = { rateLimit: limitFor(opts.config, "steps") };
  const failures = { 400: failureAnswer, 404: failureAnswer };

  const accessibleLead = async (request: FastifyRequest, id: string) => {
    const row = await findLead(db, id);
    return row && holdsLeadToken(request, row.id, row.accessTokenHash) ? row : undefined;
  };

  typed.post(
    "/api/brevo",
    { config: limit, schema: { body: marketingSignupRequest, response: { 200: marketingAnswer, ...failures } } },
    async (request, reply) => {
      const lead = await accessibleLead(request, request.body.lead_id);
      if (!lead?.email) return reply.code(404).send(NOT_FOUND);
      // updateEnabled false: a contact Brevo already has keeps what it has (the spec's first list call).
      await queueListAddition(db, { leadId: lead.id, listIds: [SIGNUP_LIST_ID], updateEnabled: false });
      return reply.send(QUEUED);
    },
  );

  typed.put(
    "/api/brevo/mapping-step",
    { config: limit, schema: { body: mappingStepRequest, response: { 200: marketingAnswer, ...failures } } },
    async (request, reply) => {
      const lead = await accessibleLead(request, request.body.lead_id);
      if (!lead?.email) return reply.code(404).send(NOT_FOUND);
      await queueListAddition(db, { leadId: lead.id, listIds: request.body.listIds, updateEnabled: true });
      return reply.send(QUEUED);
    },
  );
}
