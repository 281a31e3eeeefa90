import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { auditAnswer, auditQuery } from "../../../domain/contracts/console.ts";
import type { Db } from "../../platform/db/database.ts";
import { readAudit } from "./audit-log.ts";

// The audit log, newest first, for owners.
export default async function auditRoutes(app: FastifyInstance, deps: { db: Db }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/console/audit",
      { schema: { querystring: auditQuery, response: { 200: auditAnswer } }, config: { access: "audit:read" } },
      async (request) => {
        const { limit, ...filters } = request.query;
        const rows = await readAudit(deps.db, { ...filters, limit: limit + 1 });
        const page = rows.slice(0, limit);
        return {
          status: 200,
          message: "ok",
          data: {
            entries: page.map((r) => ({
              id: r.id,
              at: r.createdAt.toISOString(),
              operator_email: r.operatorEmail,
              action: r.action,
              target: r.target,
              reason: r.reason,
              details: r.details,
              ip: r.ip,
            })),
            next_before: rows.length > limit ? page[page.length - 1]!.id : null,
          },
        };
      },
    );
}
