import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  LEAD_COUNT_CAP,
  LEAD_CSV_COLUMNS,
  leadExportQuery,
  leadFilterValuesAnswer,
  leadIdParams,
  leadSearchAnswer,
  leadSearchQuery,
  leadTimelineAnswer,
  revealAnswer,
  revealRequest,
  type LeadSearchRow,
} from "#domain/contracts/console-leads.ts";
import { failureAnswer } from "#domain/contracts/envelope.ts";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { actorOf } from "../access/console-access.ts";
import { recordAction } from "../audit/audit-log.ts";
import { csvAnswer, csvStream } from "../../platform/csv/csv-stream.ts";
import { leadFilterValues } from "./lead-filter-values.ts";
import { countLeads, searchLeads, SearchInputError, type LeadSearch } from "./lead-search.ts";
import { leadTimeline } from "./lead-timeline.ts";
import { fieldsToReveal, revealLead } from "./lead-reveal.ts";

type Deps = { config: Config; db: Db; cipher: PiiCipher; tokenSecret: Buffer };

const NOT_FOUND = { status: 404, message: "No lead with that id." } as const;
const failures = { 400: failureAnswer, 404: failureAnswer };
/** Rows per read of the CSV export: one batch in memory at a time. */
export const EXPORT_BATCH = 1000;

const refused = (error: SearchInputError) => ({
  status: 400,
  message: "Please correct the highlighted fields.",
  errors: { [error.field]: error.message },
});

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
        // The count is the first page's: a later page keeps the number its search showed.
        const [found, count] = await Promise.all([
          searchLeads(deps.db, deps.tokenSecret, request.query),
          request.query.cursor ? null : countLeads(deps.db, deps.tokenSecret, request.query, LEAD_COUNT_CAP),
        ]);
        return {
          status: 200,
          message: "ok",
          data: {
            leads: found.leads,
            next_cursor: found.nextCursor,
            total: count?.total ?? null,
            total_capped: count?.capped ?? false,
          },
        };
      } catch (error) {
        if (!(error instanceof SearchInputError)) throw error;
        return reply.code(400).send(refused(error));
      }
    },
  );

  typed.get(
    "/api/console/leads/filters",
    { schema: { response: { 200: leadFilterValuesAnswer } }, config: { access: "leads:read" } },
    async () => ({ status: 200, message: "ok", data: await leadFilterValues(deps.db) }),
  );

  typed.get(
    "/api/console/leads/export",
    {
      // The answer is the CSV itself, streamed (a stream is never serialized).
      schema: {
        querystring: leadExportQuery,
        response: { 200: csvAnswer, 400: failureAnswer },
      },
      config: { access: "leads:read" },
    },
    async (request, reply) => {
      const filters: Omit<LeadSearch, "limit"> = request.query;
      const batch = (cursor: string | undefined) =>
        searchLeads(deps.db, deps.tokenSecret, { ...filters, cursor, limit: EXPORT_BATCH });
      let first;
      try {
        // The first batch is read before the answer starts, so a bad filter is still a 400.
        first = await batch(undefined);
      } catch (error) {
        if (!(error instanceof SearchInputError)) throw error;
        return reply.code(400).send(refused(error));
      }
      // Many leads at once: who took which filters is kept (never `q`'s value, which may be an e-mail or phone).
      const { q, ...kept } = filters;
      await recordAction(deps.db, actorOf(request), {
        action: "leads.export",
        details: { filters: kept, q_given: q !== undefined && q !== "" },
      });
      const columns = LEAD_CSV_COLUMNS.map((name) => ({ header: name, value: (row: LeadSearchRow) => row[name] }));
      const stream = csvStream(columns, async (cursor: string | undefined) => {
        const found = cursor === undefined ? first : await batch(cursor);
        return { rows: found.leads, next: found.nextCursor };
      });
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="leads-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(stream);
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
