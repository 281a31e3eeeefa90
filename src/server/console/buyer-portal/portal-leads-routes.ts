import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import {
  PORTAL_LEADS_PAGE,
  portalLeadAnswer,
  portalLeadParams,
  portalLeadsAnswer,
  portalLeadsQuery,
} from "../../../domain/contracts/portal-leads.ts";
import { NOT_YOURS } from "../../partners/returns/return-store.ts";
import { actorOf } from "../access/console-access.ts";
import { BUYER_GONE, PORTAL_ACCESS, portalBuyerOf } from "./portal-buyer.ts";
import { soldLeads } from "./portal-leads.ts";
import { LEAD_ERASED, viewSoldLead, type PortalViewDeps } from "./portal-leads-view.ts";

const failures = { 400: failureAnswer, 403: failureAnswer, 404: failureAnswer, 410: failureAnswer };

// The buyer portal's leads (docs/product/buyer-money.md#the-buyer-portal): the list names no one; a lead's view shows
// what the buyer bought of the person, recorded. A lead not sold to this buyer answers as the buyer API does, the same
// 404 whether it was sold to another buyer, to nobody, or never existed.
export default async function portalLeadsRoutes(app: FastifyInstance, deps: PortalViewDeps & { now: () => Date }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    "/api/console/portal/leads",
    {
      schema: { querystring: portalLeadsQuery, response: { 200: portalLeadsAnswer, ...failures } },
      config: PORTAL_ACCESS,
    },
    async (request, reply) => {
      const buyer = await portalBuyerOf(request, app.buyerRegistry);
      if (!buyer) return reply.code(403).send({ status: 403, message: BUYER_GONE });
      const { leads, total } = await soldLeads(deps.db, buyer.id, request.query);
      return {
        status: 200,
        message: "ok",
        data: {
          leads: leads.map(({ leadStatus: _, ...lead }) => lead),
          page: request.query.page,
          page_size: PORTAL_LEADS_PAGE,
          total,
        },
      };
    },
  );

  typed.get(
    "/api/console/portal/leads/:id",
    { schema: { params: portalLeadParams, response: { 200: portalLeadAnswer, ...failures } }, config: PORTAL_ACCESS },
    async (request, reply) => {
      const buyer = await portalBuyerOf(request, app.buyerRegistry);
      if (!buyer) return reply.code(403).send({ status: 403, message: BUYER_GONE });
      const view = await viewSoldLead(deps, actorOf(request), buyer, request.params.id, deps.now());
      if (view === undefined) return reply.code(404).send({ status: 404, message: NOT_YOURS });
      if (view === "erased") return reply.code(410).send({ status: 410, message: LEAD_ERASED });
      return { status: 200, message: "ok", data: view };
    },
  );
}
