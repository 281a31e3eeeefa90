import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  apiKeyIssueRequest,
  apiKeyIssuedAnswer,
  apiKeyListAnswer,
} from "../../../domain/contracts/console-publishers.ts";
import { failureAnswer, messageAnswer } from "../../../domain/contracts/envelope.ts";
import type { Db } from "../../platform/db/database.ts";
import { actorOf } from "../access/console-access.ts";
import { issueKeyAnswer, keyListAnswer, revokeKeyAnswer } from "../partner-keys/partner-key-routes.ts";
import { BUYER_GONE, PORTAL_ACCESS, portalBuyerOf } from "./portal-buyer.ts";

// A buyer's own API keys in its portal (docs/product/buyer-money.md#the-buyer-portal): the keys it calls the buyer API
// with, listed by label and prefix, one issued (shown once) and one of its own revoked, audited as an operator's are.
// The buyer is the account's, never one the request names: another buyer's key id is as unknown as a made-up one.

const keyParams = z.object({ keyId: z.string().max(40) });
const gone = { status: 403, message: BUYER_GONE };

export default async function portalKeysRoutes(app: FastifyInstance, deps: { db: Db }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  typed.get(
    "/api/console/portal/keys",
    { schema: { response: { 200: apiKeyListAnswer, 403: failureAnswer } }, config: PORTAL_ACCESS },
    async (request, reply) => {
      const buyer = await portalBuyerOf(request, app.buyerRegistry);
      if (!buyer) return reply.code(403).send(gone);
      return keyListAnswer(db, "buyer", buyer.id);
    },
  );

  typed.post(
    "/api/console/portal/keys",
    {
      schema: { body: apiKeyIssueRequest, response: { 201: apiKeyIssuedAnswer, 403: failureAnswer } },
      config: PORTAL_ACCESS,
    },
    async (request, reply) => {
      const buyer = await portalBuyerOf(request, app.buyerRegistry);
      if (!buyer) return reply.code(403).send(gone);
      return reply.code(201).send(await issueKeyAnswer(db, actorOf(request), "buyer", buyer.id, request.body.label));
    },
  );

  typed.delete(
    "/api/console/portal/keys/:keyId",
    {
      schema: { params: keyParams, response: { 200: messageAnswer, 403: failureAnswer, 404: failureAnswer } },
      config: PORTAL_ACCESS,
    },
    async (request, reply) => {
      const buyer = await portalBuyerOf(request, app.buyerRegistry);
      if (!buyer) return reply.code(403).send(gone);
      const answer = await revokeKeyAnswer(db, actorOf(request), "buyer", buyer.id, request.params.keyId);
      return reply.code(answer.status).send(answer);
    },
  );
}
