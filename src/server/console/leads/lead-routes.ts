import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  leadIdParams,
  leadSearchAnswer,
  leadSearchQuery,
  leadTimelineAnswer,
  revealAnswer,
  revealRequest,
} from "#domain/contracts/console-leads.ts";
import { failureAnswer } from "#domain/contracts/envelope.ts";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { actorOf } from "../access/console-access.ts";
import { recordAction } from "../audit/audit-log.ts";
import { searchLeads, SearchInputError } from "./lead-search.ts";
import { leadTimeline } from "./lead-timeline.ts";
import { fieldsToReveal, revealLead } from "./lead-reveal.ts";

type Deps = { config: Config; db: Db; cipher: PiiCipher; tokenSecret: Buffer };

const NOT_FOUND = { status: 404, message: "No lead with that id." } as const;
const failures = { 400: failureAnswer, 404: failureAnswer };

// The console's Leads (issue 19): search and timeline for `leads:read`, personal data masked; the reveal for
// `leads:reveal` only, with a reason, audited.
export default async function leadRoutes(app: FastifyInstance, deps: Deps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    "/api/console/leads",
    {
      schema: { querystring: leadSearchQuery, response: { 200: leadSearchAnswer, 400: failureAnswer } },
      config: { access: "leads:read" },
    },
    async (request, reply) => {
      try {
        const found = await searchLeads(deps.db, deps.tokenSecret, request.query);
        return { status: 200, message: "ok", data: { leads: found.leads, next_cursor: found.nextCursor } };
      } catch (error) {
        if (!(error instanceof SearchInputError)) throw error;
        return reply.code(400).send({
          status: 400,
          message: "Please correct the highlighted fields.",
          errors: { [error.field]: error.message },
        });
      }
    },
  );

  typed.get(
    "/api/console/leads/:id",
    {
      schema: { params: leadIdParams, response: { 200: leadTimelineAnswer, ...failures } },
      config: { access: "leads:read" },
    },
    async (request, reply) => {
      const timeline = await leadTimeline(
        { db: deps.db, tokenSecret: deps.tokenSecret, publicBaseUrl: deps.config.publicBaseUrl },
        request.params.id,
      );
      if (!timeline) return reply.code(404).send(NOT_FOUND);
      // Masked, but still the record of one person: who looked at whom is kept.
      await recordAction(deps.db, actorOf(request), { action: "lead.read", target: request.params.id });
      return { status: 200, message: "ok", data: timeline };
    },
  );

  typed.post(
    "/api/console/leads/:id/reveal",
    {
      schema: { params: leadIdParams, body: revealRequest, response: { 200: revealAnswer, ...failures } },
      config: { access: "leads:reveal" },
    },
    async (request, reply) => {
      const fields = fieldsToReveal(request.body.fields);
      if ("unknown" in fields) {
        return reply.code(400).send({
          status: 400,
          message: "Please correct the highlighted fields.",
          errors: { fields: `Not a personal field: ${fields.unknown.join(", ")}.` },
        });
      }
      const revealed = await revealLead(deps, actorOf(request), {
        leadId: request.params.id,
        reason: request.body.reason,
        fields,
      });
      if (!revealed) return reply.code(404).send(NOT_FOUND);
      return { status: 200, message: "ok", data: revealed };
    },
  );
}
