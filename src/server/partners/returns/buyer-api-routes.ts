import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import {
  buyerLeadParams,
  buyerLeadStatusAnswer,
  buyerReturnsAnswer,
  buyerReturnsQuery,
  returnFiledAnswer,
  returnRequest,
} from "../../../domain/contracts/partner-api.ts";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import { requirePartnerKey } from "../api-keys/partner-key-auth.ts";
import { saleOf } from "./lead-sale.ts";
import {
  buyerReturnOf,
  fileReturn,
  isRefusal,
  latestReturnOf,
  NOT_YOURS,
  RETURN_RECEIVED,
  returnsOfBuyer,
} from "./return-store.ts";
import { windowEndOf, type ReturnTerms } from "./return-terms.ts";

export type BuyerApiDeps = {
  config: Config;
  db: Db;
  /** The buyer's return terms as its configuration says now. */
  termsFor: (buyerId: string) => Promise<ReturnTerms>;
  now: () => Date;
};

const failures = { 400: failureAnswer, 401: failureAnswer, 404: failureAnswer, 429: failureAnswer };

// The buyer API (docs/product/partners.md#the-buyer-api), behind a buyer's key: every route here answers 401 to a
// call without one, before its body is read. A lead is the calling buyer's when the ledger's `sold` row names it;
// any other lead id, sold to another buyer or to nobody, gets the same 404.
export default async function buyerApiRoutes(app: FastifyInstance, deps: BuyerApiDeps) {
  const { db } = deps;
  requirePartnerKey(app, { db, kind: "buyer" });
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const config = { rateLimit: limitFor(deps.config, "partners") };
  const buyerOf = (request: { partner: { partnerId: string } | null }) => request.partner!.partnerId;

  typed.post(
    "/api/buyer/returns",
    {
      schema: {
        body: returnRequest,
        response: { 201: returnFiledAnswer, ...failures, 409: failureAnswer, 422: failureAnswer },
      },
      config,
    },
    async (request, reply) => {
      const buyerId = buyerOf(request);
      const { lead_id, reason, note } = request.body;
      const result = await fileReturn(db, {
        buyerId,
        leadId: lead_id,
        reason,
        note,
        source: "api",
        terms: await deps.termsFor(buyerId),
        now: deps.now(),
      });
      if (isRefusal(result)) return reply.code(result.status).send({ status: result.status, message: result.message });
      return reply.code(201).send({ status: 201, message: RETURN_RECEIVED, data: result });
    },
  );

  typed.get(
    "/api/buyer/returns",
    { schema: { querystring: buyerReturnsQuery, response: { 200: buyerReturnsAnswer, ...failures } }, config },
    async (request) => {
      const rows = await returnsOfBuyer(db, buyerOf(request), request.query.state);
      return { status: 200, message: "ok", data: { returns: rows.map(buyerReturnOf) } };
    },
  );

  typed.get(
    "/api/buyer/leads/:id",
    { schema: { params: buyerLeadParams, response: { 200: buyerLeadStatusAnswer, ...failures } }, config },
    async (request, reply) => {
      const buyerId = buyerOf(request);
      const sale = await saleOf(db, request.params.id);
      if (sale === undefined || sale.buyerId !== buyerId)
        return reply.code(404).send({ status: 404, message: NOT_YOURS });
      const latest = await latestReturnOf(db, sale.leadId);
      return reply.send({
        status: 200,
        message: "ok",
        data: {
          lead_id: sale.leadId,
          sold_at: sale.soldAt.toISOString(),
          price_cents: sale.priceCents,
          return_until: windowEndOf(sale.soldAt, await deps.termsFor(buyerId)).toISOString(),
          return: latest === undefined ? null : buyerReturnOf(latest),
        },
      });
    },
  );
}
