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
import { recordAction, type Actor } from "../audit/audit-log.ts";

// A partner's API keys in the console (docs/product/partners.md#the-partner-api): list, issue (the key is in the
// answer this once) and revoke. The audit log names the key by its id, never the key. The operators' routes are
// here; the buyer portal's (its own keys) answer through the same three functions.

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

const KEY_ISSUED = "Key issued. Copy it now: it is not shown again.";
const KEY_REVOKED = "Key revoked.";
export const NO_LIVE_KEY = "No live key with that id.";

/** The 200 answer listing a partner's keys (never a key itself). */
export async function keyListAnswer(db: Db, kind: PartnerKind, partnerId: string) {
  return { status: 200, message: "ok", data: { api_keys: await listApiKeys(db, kind, partnerId) } };
}

/** Issues a key to the partner, audited; the 201 answer carries the key this once. */
export async function issueKeyAnswer(db: Db, actor: Actor, kind: PartnerKind, partnerId: string, label: string) {
  const issued = await issueApiKey(db, kind, partnerId, label);
  await recordAction(db, actor, {
    action: "api_key.issue",
    target: partnerId,
    details: { kind, key_id: issued.id, label },
  });
  return { status: 201, message: KEY_ISSUED, data: issued };
}

/** Revokes one of the partner's own live keys, audited; 404 for any other key (another partner's too). */
export async function revokeKeyAnswer(db: Db, actor: Actor, kind: PartnerKind, partnerId: string, keyId: string) {
  if (!(await revokeApiKey(db, kind, partnerId, keyId))) return { status: 404 as const, message: NO_LIVE_KEY };
  await recordAction(db, actor, { action: "api_key.revoke", target: partnerId, details: { kind, key_id: keyId } });
  return { status: 200 as const, message: KEY_REVOKED };
}

export default async function partnerKeyRoutes(app: FastifyInstance, deps: PartnerKeyRoutes) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db, kind } = deps;
  const notFound = { status: 404, message: `No ${kind} with that id.` };

  typed.get(
    `${deps.base}/:id/api-keys`,
    { schema: { params, response: { 200: apiKeyListAnswer, 404: failureAnswer } }, config: { access: deps.read } },
    async (request, reply) => {
      if (!(await deps.exists(request.params.id))) return reply.code(404).send(notFound);
      return keyListAnswer(db, kind, request.params.id);
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
      return reply.code(201).send(await issueKeyAnswer(db, actorOf(request), kind, partnerId, request.body.label));
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
      const answer = await revokeKeyAnswer(db, actorOf(request), kind, id, keyId);
      return reply.code(answer.status).send(answer);
    },
  );
}
