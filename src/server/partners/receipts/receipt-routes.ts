import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import {
  chainAnswer,
  chainQuery,
  ledgerKeyAnswer,
  receiptAnswer,
  receiptParams,
  signedHeadAnswer,
} from "../../../domain/contracts/publisher-ledger.ts";
import type { Db } from "../../platform/db/database.ts";
import { requirePartnerKey } from "../api-keys/partner-key-auth.ts";
import { ledgerHead, ledgerPage, ledgerRowsOfLead } from "../ledger/ledger-store.ts";
import { receiptSignedText, type Receipt } from "./receipt-check.ts";
import { receiptKeyOf } from "./receipt-key.ts";
import { signedHeadNow } from "./signed-head.ts";

// The publisher API's receipts (docs/product/partners.md#receipts): a lead's payout rows as the chain holds them,
// the signed head, pages of the chain (numbers and hashes only: other partners' amounts stay theirs) and the key.

const NOT_YOURS = "No ledger rows of yours for that lead.";

export default async function receiptRoutes(
  app: FastifyInstance,
  deps: { db: Db; tokenSecret: Buffer; now: () => Date },
) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const key = receiptKeyOf(deps.tokenSecret);
  requirePartnerKey(app, { db, kind: "publisher" });
  const publisherOf = (partner: { partnerId: string } | null) => partner!.partnerId;

  typed.get(
    "/api/publisher/receipts/:leadId",
    { schema: { params: receiptParams, response: { 200: receiptAnswer, 401: failureAnswer, 404: failureAnswer } } },
    async (request, reply) => {
      const publisherId = publisherOf(request.partner);
      const rows = (await ledgerRowsOfLead(db, request.params.leadId)).filter((r) => r.publisher_id === publisherId);
      if (rows.length === 0) return reply.code(404).send({ status: 404, message: NOT_YOURS });
      const receipt: Receipt = {
        lead_id: request.params.leadId,
        publisher_id: publisherId,
        issued_at: deps.now().toISOString(),
        rows,
        head: await ledgerHead(db),
      };
      const signature = key.sign(receiptSignedText(receipt));
      return reply.send({ status: 200, message: "ok", data: { receipt, key_id: key.keyId, signature } });
    },
  );

  typed.get(
    "/api/publisher/ledger/head",
    { schema: { response: { 200: signedHeadAnswer, 401: failureAnswer } } },
    async () => ({ status: 200, message: "ok", data: await signedHeadNow(db, key, deps.now()) }),
  );

  typed.get(
    "/api/publisher/ledger/chain",
    { schema: { querystring: chainQuery, response: { 200: chainAnswer, 400: failureAnswer, 401: failureAnswer } } },
    async (request) => {
      const page = await ledgerPage(db, request.query.after, request.query.limit);
      const rows = page.map((r) => ({ seq: r.seq, digest: r.digest, prev_hash: r.prev_hash, hash: r.hash }));
      return { status: 200, message: "ok", data: { rows } };
    },
  );

  typed.get(
    "/api/publisher/ledger/key",
    { schema: { response: { 200: ledgerKeyAnswer, 401: failureAnswer } } },
    async () => ({
      status: 200,
      message: "ok",
      data: { alg: "Ed25519" as const, key_id: key.keyId, pem: key.publicPem, jwk: key.publicJwk },
    }),
  );
}
