import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import { handedOutHeadsAnswer } from "../../../domain/contracts/publisher-ledger.ts";
import type { Db } from "../../platform/db/database.ts";
import { requirePartnerKey } from "../api-keys/partner-key-auth.ts";
import { headsHandedTo } from "./handed-out-heads.ts";

// The heads handed to the calling publisher (docs/product/partners.md#signed-heads), newest first: the daily head
// of a publisher without a postback address is handed out here, and any publisher may fetch again what it was given.
// A head is worth most saved on the publisher's side: our copy is only what we say we handed out.

const SHOWN = 100;

export default async function headsRoutes(app: FastifyInstance, deps: { db: Db }) {
  requirePartnerKey(app, { db: deps.db, kind: "publisher" });
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/publisher/ledger/heads",
      { schema: { response: { 200: handedOutHeadsAnswer, 401: failureAnswer } } },
      async (request) => {
        const heads = await headsHandedTo(deps.db, request.partner!.partnerId, SHOWN);
        return {
          status: 200,
          message: "ok",
          data: { heads: heads.map(({ publisher_id: _mine, ...head }) => head) },
        };
      },
    );
}
