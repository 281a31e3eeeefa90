import type { FastifyInstance, FastifyRequest } from "fastify";

/** Routes whose `:id` is a lead's: the funnel's lead routes and the console's lead pages. */
const LEAD_ROUTE = /\/leads?\/(v2\/)?:id(\/|$)/;

const asLeadId = (value: unknown) =>
  typeof value === "string" && value.length > 0 && value.length <= 100 ? value : undefined;

/** The lead a request is about: its `lead_id` (body or query), or the `:id` of a lead route. */
function leadIdOf(request: FastifyRequest): string | undefined {
  const body = request.body as { lead_id?: unknown } | undefined;
  const query = request.query as { lead_id?: unknown } | undefined;
  const params = request.params as { id?: unknown } | undefined;
  return (
    asLeadId(body?.lead_id) ??
    asLeadId(query?.lead_id) ??
    (LEAD_ROUTE.test(request.routeOptions.url ?? "") ? asLeadId(params?.id) : undefined)
  );
}

// Every line a request about a lead writes carries lead_id (a step save, a send, a ping, a console read), the
// request line included, so one lead's story is one filter on the logs. A lead id identifies no one by itself
// (docs/decisions/0008-lead-access-and-pii.md); the person's data stays redacted (logger.ts). Bound once the
// body is parsed and validated, so a refused body logs without it.
export function bindLeadIdToLogs(app: FastifyInstance): void {
  app.addHook("preHandler", async (request, reply) => {
    const leadId = leadIdOf(request);
    if (leadId === undefined) return;
    request.log = request.log.child({ lead_id: leadId });
    reply.log = request.log;
  });
}
