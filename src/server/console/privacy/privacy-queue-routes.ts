import { asc, ne } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { privacyQueueAnswer, type PrivacyQueueRow } from "../../../domain/contracts/console.ts";
import { failureAnswer, messageAnswer } from "../../../domain/contracts/envelope.ts";
import type { Db } from "../../platform/db/database.ts";
import { privacyRequests } from "../../platform/db/schema.ts";
import { completeRequest } from "../../compliance/privacy-request-store.ts";
import { actorOf } from "../access/console-access.ts";
import { recordAction } from "../audit/audit-log.ts";

const DAY_MS = 86_400_000;

// The privacy request queue (docs/product/privacy-requests.md#operator): every request not yet completed,
// soonest due first, overdue ones counted; a correction is marked done here once made. Reading the queue
// shows requesters' contact details, so each read is in the audit log as well as each completion.
export default async function privacyQueueRoutes(app: FastifyInstance, deps: { db: Db; now: () => Date }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const access = { access: "privacy:handle" } as const;

  typed.get(
    "/api/console/privacy-requests",
    { schema: { response: { 200: privacyQueueAnswer } }, config: access },
    async (request) => {
      const rows = await deps.db
        .select()
        .from(privacyRequests)
        .where(ne(privacyRequests.status, "completed"))
        .orderBy(asc(privacyRequests.dueAt));
      const at = deps.now().getTime();
      const open: PrivacyQueueRow[] = rows.map((r) => ({
        reference: r.id,
        type: r.requestType,
        status: r.status,
        email: r.email,
        phone: r.phone,
        details: r.payload as Record<string, string>,
        received_at: r.createdAt.toISOString(),
        due_at: r.dueAt?.toISOString() ?? null,
        // Whole days past due; a request due an hour ago is already 1 day late.
        days_overdue:
          r.dueAt && r.dueAt.getTime() < at ? Math.max(1, Math.floor((at - r.dueAt.getTime()) / DAY_MS)) : 0,
      }));
      await recordAction(deps.db, actorOf(request), {
        action: "privacy.queue.read",
        details: { requests: open.length },
      });
      return {
        status: 200,
        message: "ok",
        data: { overdue: open.filter((r) => r.days_overdue > 0).length, open },
      };
    },
  );

  typed.post(
    "/api/console/privacy-requests/:id/complete",
    {
      schema: {
        params: z.object({ id: z.string().regex(/^PR-[0-9A-Z]{10}$/) }),
        response: { 200: messageAnswer, 404: failureAnswer },
      },
      config: access,
    },
    async (request, reply) => {
      const id = request.params.id;
      const done = await deps.db.transaction(async (tx) => {
        if (!(await completeRequest(tx, id, deps.now()))) return false;
        await recordAction(tx, actorOf(request), { action: "privacy.complete", target: id });
        return true;
      });
      if (!done) return reply.code(404).send({ status: 404, message: "No open request with that reference." });
      return reply.send({ status: 200, message: "Marked done." });
    },
  );
}
