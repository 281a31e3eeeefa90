import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import {
  portalReturnFiledAnswer,
  portalReturnRequest,
  portalReturnsAnswer,
} from "../../../domain/contracts/portal-returns.ts";
import type { Db } from "../../platform/db/database.ts";
import {
  buyerReturnOf,
  fileReturn,
  isRefusal,
  RETURN_RECEIVED,
  returnsOfBuyer,
} from "../../partners/returns/return-store.ts";
import { termsOf } from "../../partners/returns/return-terms.ts";
import { actorOf } from "../access/console-access.ts";
import { recordAction } from "../audit/audit-log.ts";
import { BUYER_GONE, PORTAL_ACCESS, portalBuyerOf } from "./portal-buyer.ts";

const failures = { 400: failureAnswer, 403: failureAnswer, 404: failureAnswer, 409: failureAnswer, 422: failureAnswer };

// The buyer portal's returns (docs/product/buyer-money.md#the-buyer-portal): filed by fileReturn with the buyer's terms
// in force, as the buyer API files them (docs/product/partners.md#returns): the lead must be the buyer's (else the same
// 404), no open return, within the window, under the monthly cap; the refusals are the API's. Each filing is audited
// in its transaction.
export default async function portalReturnsRoutes(app: FastifyInstance, deps: { db: Db; now: () => Date }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();

  typed.get(
    "/api/console/portal/returns",
    { schema: { response: { 200: portalReturnsAnswer, 403: failureAnswer } }, config: PORTAL_ACCESS },
    async (request, reply) => {
      const buyer = await portalBuyerOf(request, app.buyerRegistry);
      if (!buyer) return reply.code(403).send({ status: 403, message: BUYER_GONE });
      const rows = await returnsOfBuyer(deps.db, buyer.id);
      return { status: 200, message: "ok", data: { returns: rows.map(buyerReturnOf), terms: termsOf(buyer) } };
    },
  );

  typed.post(
    "/api/console/portal/returns",
    {
      schema: { body: portalReturnRequest, response: { 201: portalReturnFiledAnswer, ...failures } },
      config: PORTAL_ACCESS,
    },
    async (request, reply) => {
      const buyer = await portalBuyerOf(request, app.buyerRegistry);
      if (!buyer) return reply.code(403).send({ status: 403, message: BUYER_GONE });
      const { lead_id, reason, note } = request.body;
      const result = await fileReturn(deps.db, {
        buyerId: buyer.id,
        leadId: lead_id,
        reason,
        note,
        source: "portal",
        terms: termsOf(buyer),
        now: deps.now(),
        onFiled: (tx, filed) =>
          recordAction(tx, actorOf(request), {
            action: "portal.return_file",
            target: filed.id,
            details: { lead_id, buyer_id: buyer.id, reason },
          }),
      });
      if (isRefusal(result)) return reply.code(result.status).send({ status: result.status, message: result.message });
      return reply.code(201).send({ status: 201, message: RETURN_RECEIVED, data: result });
    },
  );
}
