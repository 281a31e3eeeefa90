import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { Db } from "../../platform/db/database.ts";
import { partnerOfKey, type PartnerKind, type PartnerOfKey } from "./api-key-store.ts";

// The partner API's door (docs/product/partners.md#the-partner-api): every route registered in the scope this is
// added to needs `Authorization: Bearer <key>` of a live key of the given kind. A missing, unknown, revoked or
// other kind's key gets 401 before the body is read, so a bad key learns nothing and changes nothing.

declare module "fastify" {
  interface FastifyRequest {
    partner: PartnerOfKey | null;
  }
}

const KEY_REFUSED = "Send a valid API key: Authorization: Bearer <key>.";
const BEARER = /^Bearer ([A-Za-z0-9_-]{10,200})$/;

/** The key an `Authorization: Bearer <key>` header carries, when it is shaped like one of ours; else null. */
export const bearerKeyOf = (request: FastifyRequest): string | null =>
  BEARER.exec(request.headers.authorization ?? "")?.[1] ?? null;

export function requirePartnerKey(app: FastifyInstance, deps: { db: Db; kind: PartnerKind }) {
  if (!app.hasRequestDecorator("partner")) app.decorateRequest("partner", null);
  app.addHook("preValidation", async (request: FastifyRequest, reply: FastifyReply) => {
    const key = bearerKeyOf(request);
    const partner = key === null ? null : await partnerOfKey(deps.db, key);
    if (partner === null || partner.kind !== deps.kind) {
      return reply
        .code(401)
        .header("www-authenticate", 'Bearer realm="loanpath-partner-api"')
        .send({ status: 401, message: KEY_REFUSED });
    }
    request.partner = partner;
  });
}
