import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Permission } from "../../../domain/console/roles.ts";
import {
  apiKeyIssueRequest,
  apiKeyIssuedAnswer,
  apiKeyListAnswer,
} from "../../../domain/contracts/console-publishers.ts";
import { failureAnswer, messageAnswer } from "../../../domain/contracts/envelope.ts";
import type { Db } from "../../platform/db/database.ts";
import { issueApiKey, listApiKeys, revokeApiKey, type PartnerKind } from "../../partners/api-keys/api-key-store.ts";
import { actorOf } from "../access/console-access.ts";
import { recordAction } from "../audit/audit-log.ts";

// A partner's API keys in the console (docs/product/partners.md#the-partner-api): list, issue (the key is in the
// answer this once) and revoke. The audit log names the key by its id, never the key.

export type PartnerKeyRoutes = {
  db: Db;
  kind: PartnerKind;
  /** `/api/console/buyers` or `/api/console/publishers`. */
  base: string;
  read: Permission;
  write: Permission;
  exists: (id: string) => Promise<boolean>;
};

const params = z.object({ id: z.string().max(63) });
const keyParams = params.extend({ keyId: z.string().max(40) });

export default async function partnerKeyRoutes(app: FastifyInstance, deps: PartnerKeyRoutes) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db, kind } = deps;
  const notFound = { status: 404, message: `No ${kind} with that id.` };

  typed.get(
    `${deps.base}/:id/api-keys`,
    { schema: { params, response: { 200: apiKeyListAnswer, 404: failureAnswer } }, config: { access: deps.read } },
    async (request, reply) => {
      if (!(await deps.exists(request.params.id))) return reply.code(404).send(notFound);
      return { status: 200, message: "ok", data: { api_keys: await listApiKeys(db, kind, request.params.id) } };
    },
  );

  typed.post(
    `${deps.base}/:id/api-keys`,
    {
      schema: { params, body: apiKeyIssueRequest, response: { 201: apiKeyIssuedAnswer, 404: failureAnswer } },
      config: { access: deps.write },
    },
    async (request, reply) => {
      const partnerId = request.params.id;
      if (!(await deps.exists(partnerId))) return reply.code(404).send(notFound);
      const issued = await issueApiKey(db, kind, partnerId, request.body.label);
      await recordAction(db, actorOf(request), {
        action: "api_key.issue",
        target: partnerId,
        details: { kind, key_id: issued.id, label: request.body.label },
      });
      return reply.code(201).send({
        status: 201,
        message: "Key issued. Copy it now: it is not shown again.",
        data: issued,
      });
    },
  );

  typed.delete(
    `${deps.base}/:id/api-keys/:keyId`,
    {
      schema: { params: keyParams, response: { 200: messageAnswer, 404: failureAnswer } },
      config: { access: deps.write },
    },
    async (request, reply) => {
      const { id, keyId } = request.params;
      if (!(await revokeApiKey(db, kind, id, keyId)))
        return reply.code(404).send({ status: 404, message: "No live key with that id." });
      await recordAction(db, actorOf(request), {
        action: "api_key.revoke",
        target: id,
        details: { kind, key_id: keyId },
      });
      return reply.send({ status: 200, message: "Key revoked." });
    },
  );
}
