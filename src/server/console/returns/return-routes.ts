import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  consoleReturnFiledAnswer,
  consoleReturnRequest,
  returnDecidedAnswer,
  returnDecisionRequest,
  returnParams,
  returnRatesAnswer,
  returnsQueueAnswer,
  returnsQueueQuery,
  type ConsoleReturn,
} from "../../../domain/contracts/console-returns.ts";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import type { ReturnReason } from "../../../domain/partners/publisher.ts";
import type { Buyer } from "../../distribution/auction/buyer-config.ts";
import { certificateUrl, issueCertificateToken } from "../../intake/consent/consent-certificate.ts";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { monthOf } from "../../partners/ledger/ledger-chain.ts";
import type { PostbackSink } from "../../partners/postbacks/postback-events.ts";
import { decideReturn, type Decision } from "../../partners/returns/return-decision.ts";
import { evidenceOf } from "../../partners/returns/return-evidence.ts";
import { returnRates } from "../../partners/returns/return-rates.ts";
import { fileReturn, isRefusal, returnsQueue } from "../../partners/returns/return-store.ts";
import { termsOf } from "../../partners/returns/return-terms.ts";
import { actorOf } from "../access/console-access.ts";
import { recordAction } from "../audit/audit-log.ts";

export type ReturnRoutesDeps = {
  config: Config;
  db: Db;
  tokenSecret: Buffer;
  now: () => Date;
  /** Where an approval's `returned` event goes (the publisher's postback outbox). */
  sink: PostbackSink;
};

const failures = { 400: failureAnswer, 404: failureAnswer, 409: failureAnswer, 422: failureAnswer };

/** The duplicate window the auction used for this buyer when none is configured (lender-network.md#buyers). */
const DEFAULT_DUPLICATE_WINDOW_DAYS = 30;

// The console's returns (docs/product/partners.md#returns): partners:read reads the queue and the rates;
// returns:decide files a return on a buyer's behalf and approves or rejects one. Each change is audited in the
// transaction that makes it.
export default async function returnRoutes(app: FastifyInstance, deps: ReturnRoutesDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const read = { access: "partners:read" } as const;
  const decide = { access: "returns:decide" } as const;
  const buyerById = async (): Promise<Map<string, Buyer>> =>
    new Map((await app.buyerRegistry.current()).map((b) => [b.id, b]));
  const certificateOf = (leadId: string) =>
    certificateUrl(deps.config.publicBaseUrl, issueCertificateToken(deps.tokenSecret, leadId, deps.now()));

  typed.get(
    "/api/console/returns",
    { schema: { querystring: returnsQueueQuery, response: { 200: returnsQueueAnswer, ...failures } }, config: read },
    async (request) => {
      const [rows, buyers] = await Promise.all([returnsQueue(db, request.query.state), buyerById()]);
      const returns: ConsoleReturn[] = [];
      for (const r of rows) {
        returns.push({
          id: r.id,
          lead_id: r.leadId,
          buyer_id: r.buyerId,
          reason: r.reason as ReturnReason,
          note: r.note,
          state: r.state,
          source: r.source,
          requested_at: r.requestedAt.toISOString(),
          decided_at: r.decidedAt?.toISOString() ?? null,
          decided_by: r.decidedByEmail,
          decision_note: r.decisionNote,
          evidence: await evidenceOf(
            db,
            { leadId: r.leadId, reason: r.reason as ReturnReason },
            {
              duplicateWindowDays: buyers.get(r.buyerId)?.duplicateWindowDays ?? DEFAULT_DUPLICATE_WINDOW_DAYS,
              certificateUrl: certificateOf,
            },
          ),
        });
      }
      return { status: 200, message: "ok", data: { returns } };
    },
  );

  typed.get(
    "/api/console/returns/rates",
    { schema: { response: { 200: returnRatesAnswer, ...failures } }, config: read },
    async () => {
      const now = deps.now();
      const months = [monthOf(now), monthOf(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1)))];
      return { status: 200, message: "ok", data: { months, ...(await returnRates(db, months)) } };
    },
  );

  typed.post(
    "/api/console/returns",
    {
      schema: { body: consoleReturnRequest, response: { 201: consoleReturnFiledAnswer, ...failures } },
      config: decide,
    },
    async (request, reply) => {
      const { buyer_id, lead_id, reason, note } = request.body;
      const result = await fileReturn(db, {
        buyerId: buyer_id,
        leadId: lead_id,
        reason,
        note,
        source: "console",
        terms: termsOf((await buyerById()).get(buyer_id)),
        now: deps.now(),
        onFiled: (tx, filed) =>
          recordAction(tx, actorOf(request), {
            action: "return.file",
            target: filed.id,
            details: { lead_id, buyer_id, reason },
          }),
      });
      if (isRefusal(result)) return reply.code(result.status).send({ status: result.status, message: result.message });
      return reply.code(201).send({ status: 201, message: "Return filed; it is pending.", data: result });
    },
  );

  for (const [path, decision] of [
    ["approve", "approved"],
    ["reject", "rejected"],
  ] as [string, Decision][]) {
    typed.post(
      `/api/console/returns/:id/${path}`,
      {
        schema: {
          params: returnParams,
          body: returnDecisionRequest,
          response: { 200: returnDecidedAnswer, ...failures },
        },
        config: decide,
      },
      async (request, reply) => {
        const actor = actorOf(request);
        const result = await decideReturn(db, {
          id: request.params.id,
          decision,
          note: request.body.note,
          operatorId: actor.id ?? "",
          sink: deps.sink,
          now: deps.now(),
          onDecided: (tx, decided) =>
            recordAction(tx, actor, {
              action: `return.${path}`,
              target: decided.row.id,
              reason: request.body.note,
              details: {
                lead_id: decided.row.leadId,
                buyer_id: decided.row.buyerId,
                refund_cents: decided.refundCents,
                payout_reversed_cents: decided.payoutReversedCents,
              },
            }),
        });
        if ("status" in result)
          return reply.code(result.status).send({ status: result.status, message: result.message });
        return reply.send({
          status: 200,
          message: decision === "approved" ? "Return approved." : "Return rejected.",
          data: {
            id: result.row.id,
            state: result.row.state,
            refund_cents: result.refundCents,
            payout_reversed_cents: result.payoutReversedCents,
          },
        });
      },
    );
  }
}
