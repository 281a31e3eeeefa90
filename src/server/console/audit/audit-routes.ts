import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AUDIT_CSV_COLUMNS, auditAnswer, auditFilters, auditQuery, type AuditRow } from "#domain/contracts/console.ts";
import { csvAnswer, csvStream } from "../../platform/csv/csv-stream.ts";
import type { Db } from "../../platform/db/database.ts";
import { readAudit, recordAction, type Actor, type AuditRecord } from "./audit-log.ts";

/** Rows per read of the CSV export. */
export const AUDIT_EXPORT_BATCH = 1000;

const rowOf = (r: AuditRecord): AuditRow => ({
  id: r.id,
  at: r.createdAt.toISOString(),
  operator_email: r.operatorEmail,
  action: r.action,
  target: r.target,
  reason: r.reason,
  details: r.details,
  ip: r.ip,
});

// The audit log, newest first, for owners: filtered by action, target, person and dates, a page at a time or
// every matching row as CSV (docs/decisions/0048-console-exports.md).
// Who acts comes from the access folder through `deps` (access records into this folder, so it cannot be imported).
export default async function auditRoutes(
  app: FastifyInstance,
  deps: { db: Db; actorOf: (request: FastifyRequest) => Actor },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    "/api/console/audit",
    { schema: { querystring: auditQuery, response: { 200: auditAnswer } }, config: { access: "audit:read" } },
    async (request) => {
      const { limit, ...filters } = request.query;
      const rows = await readAudit(deps.db, { ...filters, limit: limit + 1 });
      const page = rows.slice(0, limit);
      return {
        status: 200,
        message: "ok",
        data: { entries: page.map(rowOf), next_before: rows.length > limit ? page[page.length - 1]!.id : null },
      };
    },
  );

  typed.get(
    "/api/console/audit/export",
    {
      schema: { querystring: auditFilters, response: { 200: csvAnswer } },
      config: { access: "audit:read" },
    },
    async (request, reply) => {
      // The log holds operators' addresses and IPs: taking it whole is itself kept.
      await recordAction(deps.db, deps.actorOf(request), {
        action: "audit.export",
        details: { filters: request.query },
      });
      const columns = AUDIT_CSV_COLUMNS.map((name) => ({
        header: name,
        value: (row: AuditRow) => (name === "details" ? JSON.stringify(row.details) : row[name]),
      }));
      const stream = csvStream(columns, async (before: number | undefined) => {
        const rows = await readAudit(deps.db, { ...request.query, before, limit: AUDIT_EXPORT_BATCH });
        return { rows: rows.map(rowOf), next: rows.length === AUDIT_EXPORT_BATCH ? rows[rows.length - 1]!.id : null };
      });
      return reply
        .header("content-type", "text/csv; charset=utf-8")
        .header("content-disposition", `attachment; filename="audit-${new Date().toISOString().slice(0, 10)}.csv"`)
        .send(stream);
    },
  );
}
