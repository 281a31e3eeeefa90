import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { toIsoDate } from "#domain/calendar-date.ts";
import { webhookAnswer } from "#domain/contracts/buyer-payments.ts";
import { failureAnswer } from "#domain/contracts/envelope.ts";
import type { Db } from "../../platform/db/database.ts";
import { isRefusal, type PaymentProvider } from "./payment-provider.ts";
import { recordPayment, type PaymentBilling } from "./payment-store.ts";

// Stripe's webhook (docs/product/buyer-money.md#payments): a paid Checkout Session records the buyer's payment. The
// signature is over the body's exact bytes, so this scope reads JSON as text and leaves the parsing to the check.

const STRIPE_WEBHOOK_PATH = "/api/payments/stripe/webhook";

/** Stripe's events are a few kilobytes; a Checkout Session's, with its metadata, well under this. */
const WEBHOOK_BODY_LIMIT = 512 * 1024;

export type StripeWebhookDeps = {
  db: Db;
  provider: PaymentProvider;
  /** The buyer's billing as configured now; a buyer no longer configured is unbilled (its payment is still kept). */
  billingOf: (buyerId: string) => Promise<PaymentBilling | undefined>;
  now: () => Date;
};

export default async function stripeWebhookRoutes(app: FastifyInstance, deps: StripeWebhookDeps) {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    "application/json",
    { parseAs: "string", bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request: FastifyRequest, body: string | Buffer, done: (error: null, body: string) => void) =>
      done(null, body.toString()),
  );
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.post(
    STRIPE_WEBHOOK_PATH,
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        summary: "Stripe's events: a paid Checkout Session records the buyer's top-up",
        description:
          "Called by Stripe with an event (JSON) and its `Stripe-Signature` header, signed with the endpoint's secret " +
          "(STRIPE_WEBHOOK_SECRET). A `checkout.session.completed` or `checkout.session.async_payment_succeeded` " +
          "event of a paid session records the payment once, however often it is delivered; other events are " +
          "answered 200 and ignored. 400: the signature does not match (nothing is written); 404: no provider here.",
        response: { 200: webhookAnswer, 400: failureAnswer, 404: failureAnswer },
      },
    },
    async (request, reply) => {
      const signature = request.headers["stripe-signature"];
      const reading = deps.provider.readWebhook(
        typeof request.body === "string" ? request.body : "",
        typeof signature === "string" ? signature : undefined,
      );
      if (isRefusal(reading)) {
        request.log.warn({ status: reading.status }, "stripe webhook refused");
        return reply.code(reading.status).send({ status: reading.status, message: reading.message });
      }
      if ("ignored" in reading) return { status: 200, message: "Nothing to record.", data: { payment_id: null } };
      const { payment } = reading;
      const billing = await deps.billingOf(payment.buyerId);
      if (billing === undefined) request.log.warn({ buyer: payment.buyerId }, "stripe payment for an unknown buyer");
      const now = deps.now();
      const recorded = await recordPayment(
        deps.db,
        { ...payment, paidOn: toIsoDate(now), source: "stripe", now },
        billing ?? { kind: "none" },
      );
      request.log.info(
        { payment: recorded.payment.id, buyer: payment.buyerId, created: recorded.created },
        "stripe payment",
      );
      return {
        status: 200,
        message: recorded.created ? "Payment recorded." : "This payment was recorded before.",
        data: { payment_id: recorded.payment.id },
      };
    },
  );
}
