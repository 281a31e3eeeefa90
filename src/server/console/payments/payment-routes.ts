import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import {
  buyerAccountAnswer,
  buyerPaymentParams,
  paymentRecordedAnswer,
  paymentRequest,
  PAYMENTS_LISTED,
  topUpAnswer,
  topUpRequest,
  type BuyerAccount,
  type BuyerPayment,
} from "../../../domain/contracts/buyer-payments.ts";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { isRefusal } from "../../partners/payments/payment-provider.ts";
import {
  buyerAccountOf,
  DuplicatePaymentReference,
  paymentsOf,
  recordPayment,
  type BuyerAccountView,
  type PaymentBilling,
  type PaymentListed,
} from "../../partners/payments/payment-store.ts";
import { actorOf } from "../access/console-access.ts";
import { recordAction } from "../audit/audit-log.ts";
import { findBuyer, type ConsoleBuyer } from "../buyers/buyer-store.ts";
import { dollarsToCents } from "#domain/money.ts";

// A buyer's money in the console (docs/product/buyer-money.md#payments): partners:read sees its account and payments;
// partners:write records a payment (audited in the payment's transaction) and makes a top-up page for the buyer.

export type PaymentRoutesDeps = { config: Pick<Config, "console" | "publicBaseUrl">; db: Db };

const NOT_FOUND = "No buyer with that id.";
const DUPLICATE_REFERENCE =
  "This buyer already has a payment with this reference: check its payments below, and give each payment its own reference.";
const failures = { 400: failureAnswer, 404: failureAnswer };

const billingOf = (buyer: ConsoleBuyer): PaymentBilling => buyer.config.billing ?? { kind: "none" };

/** A buyer's account as the console answers it; the buyer portal answers its own the same way. */
export const accountOut = (billing: PaymentBilling, a: BuyerAccountView): BuyerAccount => ({
  billing: billing.kind,
  credited_cents: a.creditedCents,
  charged_cents: a.chargedCents,
  held_cents: a.heldCents,
  room_cents: a.roomCents,
  low_room_alerted_at: a.lowRoomAlertedAt?.toISOString() ?? null,
});

const paymentOut = (p: Omit<PaymentListed, "recordedBy">, recordedBy: string | null): BuyerPayment => ({
  id: p.id,
  buyer_id: p.buyerId,
  amount_cents: p.amountCents,
  reference: p.reference,
  paid_on: p.paidOn,
  source: p.source,
  external_id: p.externalId,
  recorded_by: recordedBy,
  created_at: p.createdAt.toISOString(),
});

/** Where a payer comes back to after the provider's page: the console's own address, where the console is served. */
export const consoleOriginOf = (config: PaymentRoutesDeps["config"]) =>
  config.console.host ? `https://${config.console.host}` : config.publicBaseUrl;

export default async function paymentRoutes(app: FastifyInstance, deps: PaymentRoutesDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const read = { access: "partners:read" } as const;
  const write = { access: "partners:write" } as const;
  const buyerOf = (id: string) => findBuyer(db, app.buyerRegistry.seeds(), id);
  // The payer comes back to the buyer's page in the console.
  const consoleOrigin = consoleOriginOf(deps.config);

  typed.get(
    "/api/console/buyers/:id/account",
    { schema: { params: buyerPaymentParams, response: { 200: buyerAccountAnswer, ...failures } }, config: read },
    async (request, reply) => {
      const buyer = await buyerOf(request.params.id);
      if (!buyer) return reply.code(404).send({ status: 404, message: NOT_FOUND });
      const billing = billingOf(buyer);
      const [account, payments] = await Promise.all([
        buyerAccountOf(db, buyer.config.id, billing),
        paymentsOf(db, buyer.config.id, PAYMENTS_LISTED + 1),
      ]);
      return {
        status: 200,
        message: "ok",
        data: {
          account: accountOut(billing, account),
          top_up_offered: app.paymentProvider.offered,
          payments: payments.slice(0, PAYMENTS_LISTED).map((p) => paymentOut(p, p.recordedBy)),
          more: payments.length > PAYMENTS_LISTED,
        },
      };
    },
  );

  typed.post(
    "/api/console/buyers/:id/payments",
    {
      schema: {
        params: buyerPaymentParams,
        body: paymentRequest,
        response: { 201: paymentRecordedAnswer, ...failures, 409: failureAnswer },
      },
      config: write,
    },
    async (request, reply) => {
      const buyer = await buyerOf(request.params.id);
      if (!buyer) return reply.code(404).send({ status: 404, message: NOT_FOUND });
      const actor = actorOf(request);
      const billing = billingOf(buyer);
      const { amount, reference, paid_on } = request.body;
      let recorded: Awaited<ReturnType<typeof recordPayment>>;
      try {
        recorded = await recordPayment(
          db,
          {
            buyerId: buyer.config.id,
            amountCents: dollarsToCents(amount),
            reference,
            paidOn: paid_on,
            source: "operator",
            operatorId: actor.id ?? undefined,
            // The reference is the payer's words: kept on the payment, not copied into the audit log.
            onRecorded: (tx, payment) =>
              recordAction(tx, actor, {
                action: "payment.record",
                target: payment.id,
                details: { buyer_id: payment.buyerId, amount_cents: payment.amountCents, paid_on: payment.paidOn },
              }),
          },
          billing,
        );
      } catch (error) {
        if (!(error instanceof DuplicatePaymentReference)) throw error;
        return reply
          .code(409)
          .send({ status: 409, message: DUPLICATE_REFERENCE, errors: { reference: DUPLICATE_REFERENCE } });
      }
      return reply.code(201).send({
        status: 201,
        message: "Payment recorded; the buyer's room is credited.",
        data: { payment: paymentOut(recorded.payment, actor.email), account: accountOut(billing, recorded.account) },
      });
    },
  );

  typed.post(
    "/api/console/buyers/:id/top-up",
    {
      schema: {
        params: buyerPaymentParams,
        body: topUpRequest,
        response: { 201: topUpAnswer, ...failures, 409: failureAnswer, 502: failureAnswer },
      },
      config: write,
    },
    async (request, reply) => {
      const buyer = await buyerOf(request.params.id);
      if (!buyer) return reply.code(404).send({ status: 404, message: NOT_FOUND });
      const amountCents = dollarsToCents(request.body.amount);
      const returnUrl = `${consoleOrigin}/console/buyers/${encodeURIComponent(buyer.config.id)}`;
      const topUp = await app.paymentProvider.createTopUp(buyer.config.id, amountCents, returnUrl);
      if (isRefusal(topUp)) return reply.code(topUp.status).send({ status: topUp.status, message: topUp.message });
      await recordAction(db, actorOf(request), {
        action: "payment.top_up",
        target: buyer.config.id,
        details: { amount_cents: amountCents },
      });
      return reply.code(201).send({
        status: 201,
        message: "Top-up page made: send its address to the buyer. The payment is recorded once it is paid.",
        data: { url: topUp.url },
      });
    },
  );
}
