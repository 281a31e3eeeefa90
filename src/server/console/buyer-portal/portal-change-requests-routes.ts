import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  changeRequestAnswer,
  changeRequestParams,
  portalChangeRequestBody,
  portalChangeRequestsAnswer,
  type PortalInForce,
} from "../../../domain/contracts/console-change-requests.ts";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import type { Db } from "../../platform/db/database.ts";
import type { Buyer } from "../../distribution/auction/buyer-config.ts";
import { actorOf } from "../access/console-access.ts";
import { latestVersions } from "../buyers/buyer-store.ts";
import {
  fileChangeRequest,
  isFailure,
  listChangeRequests,
  requestRows,
  withdrawChangeRequest,
} from "../buyers/change-request-store.ts";
import { BUYER_GONE, PORTAL_ACCESS, portalBuyerOf } from "./portal-buyer.ts";

// A buyer's change requests from its portal (docs/product/buyer-money.md#change-requests): its terms in force (only
// the parts it may ask to change, never an address or a credential), a request for new ones, its requests with what
// each changes, and taking back one that waits. The buyer is always the account's own.

const gone = { status: 403, message: BUYER_GONE };
const failures = { 400: failureAnswer, 403: failureAnswer, 404: failureAnswer, 409: failureAnswer };

/** The parts a buyer may ask to change, as in force (the registry's configuration: defaults filled in). */
function inForceOf(buyer: Buyer, version: number | null): PortalInForce {
  const { pricing } = buyer;
  return {
    version,
    caps: buyer.caps,
    budget: buyer.budget,
    pricing: pricing.kind === "fixed" ? { kind: "fixed", price: pricing.price, rules: pricing.rules } : { kind: "bid" },
    floor: buyer.floor,
    stateFloors: buyer.stateFloors,
    filters: buyer.filters,
    schedule: buyer.schedule,
    timeZone: buyer.timeZone,
  };
}

export default async function portalChangeRequestRoutes(app: FastifyInstance, deps: { db: Db }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const seeds = () => app.buyerRegistry.seeds();

  typed.get(
    "/api/console/portal/change-requests",
    { schema: { response: { 200: portalChangeRequestsAnswer, 403: failureAnswer } }, config: PORTAL_ACCESS },
    async (request, reply) => {
      const buyer = await portalBuyerOf(request, app.buyerRegistry);
      if (!buyer) return reply.code(403).send(gone);
      const [versions, requests] = await Promise.all([
        latestVersions(db),
        listChangeRequests(db, { buyerId: buyer.id }),
      ]);
      return {
        status: 200,
        message: "ok",
        data: {
          buyer: { id: buyer.id, name: buyer.name },
          in_force: inForceOf(buyer, versions.get(buyer.id) ?? null),
          requests: await requestRows(db, seeds(), requests, { portal: true }),
        },
      };
    },
  );

  typed.post(
    "/api/console/portal/change-requests",
    {
      schema: { body: portalChangeRequestBody, response: { 201: changeRequestAnswer, ...failures } },
      config: PORTAL_ACCESS,
    },
    async (request, reply) => {
      const buyer = await portalBuyerOf(request, app.buyerRegistry);
      if (!buyer) return reply.code(403).send(gone);
      const filed = await fileChangeRequest(db, seeds(), actorOf(request), {
        buyerId: buyer.id,
        changes: request.body.changes,
        note: request.body.note,
      });
      if (isFailure(filed)) return reply.code(filed.status).send(filed);
      const [row] = await requestRows(db, seeds(), [filed], { portal: true });
      return reply.code(201).send({
        status: 201,
        message: "Request sent. It takes effect once an operator approves it.",
        data: row!,
      });
    },
  );

  typed.post(
    "/api/console/portal/change-requests/:id/withdraw",
    {
      schema: { params: changeRequestParams, response: { 200: changeRequestAnswer, ...failures } },
      config: PORTAL_ACCESS,
    },
    async (request, reply) => {
      const buyer = await portalBuyerOf(request, app.buyerRegistry);
      if (!buyer) return reply.code(403).send(gone);
      const withdrawn = await withdrawChangeRequest(db, actorOf(request), request.params.id, buyer.id);
      if (isFailure(withdrawn)) return reply.code(withdrawn.status).send(withdrawn);
      const [row] = await requestRows(db, seeds(), [withdrawn], { portal: true });
      return { status: 200, message: "Request withdrawn.", data: row! };
    },
  );
}
