import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  changeRequestApproval,
  changeRequestDecidedAnswer,
  changeRequestListAnswer,
  changeRequestParams,
  changeRequestQuery,
  changeRequestRejection,
} from "../../../domain/contracts/console-change-requests.ts";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import type { Db } from "../../platform/db/database.ts";
import { actorOf } from "../access/console-access.ts";
import {
  decideChangeRequest,
  isFailure,
  listChangeRequests,
  requestRows,
  type Decision,
} from "./change-request-store.ts";

// The operators' side of buyers' change requests (docs/product/buyer-money.md#change-requests): every buyer's, or one
// buyer's on its page, each with what it changes (credentials masked, as everywhere in the buyers' API), and the
// decision. Reading them is reading the buyers (buyers:read); deciding is changing one (buyers:write).

const failures = { 400: failureAnswer, 404: failureAnswer, 409: failureAnswer };

export default async function changeRequestRoutes(app: FastifyInstance, deps: { db: Db }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const seeds = () => app.buyerRegistry.seeds();

  typed.get(
    "/api/console/change-requests",
    {
      schema: { querystring: changeRequestQuery, response: { 200: changeRequestListAnswer, 400: failureAnswer } },
      config: { access: "buyers:read" },
    },
    async (request) => {
      const { state, buyer } = request.query;
      const requests = await listChangeRequests(db, { state, buyerId: buyer });
      return {
        status: 200,
        message: "ok",
        data: { requests: await requestRows(db, seeds(), requests, { portal: false }) },
      };
    },
  );

  for (const [path, decision, body] of [
    ["approve", "approved", changeRequestApproval],
    ["reject", "rejected", changeRequestRejection],
  ] as const) {
    typed.post(
      `/api/console/change-requests/:id/${path}`,
      {
        schema: { params: changeRequestParams, body, response: { 200: changeRequestDecidedAnswer, ...failures } },
        config: { access: "buyers:write" },
      },
      async (request, reply) => {
        const result = await decideChangeRequest(db, seeds(), actorOf(request), {
          id: request.params.id,
          decision: decision satisfies Decision,
          note: request.body.note,
        });
        if (isFailure(result)) return reply.code(result.status).send(result);
        return reply.send({
          status: 200,
          message:
            decision === "approved" ? `Request approved: version ${result.version} is in force.` : "Request rejected.",
          data: { id: result.request.id, state: result.request.state, version: result.version },
        });
      },
    );
  }
}
