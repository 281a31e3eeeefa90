import type { FastifyInstance, FastifyReply } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { topUpAnswer, topUpRequest } from "../../../domain/contracts/buyer-payments.ts";
import { creditLimitCents } from "../../../domain/buyers/billing.ts";
import { dollarsToCents } from "../../../domain/money.ts";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import { portalAccountAnswer, portalAccountQuery } from "../../../domain/contracts/portal-money.ts";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { isRefusal } from "../../partners/payments/payment-provider.ts";
import { buyerAccountOf } from "../../partners/payments/payment-store.ts";
import { actorOf } from "../access/console-access.ts";
import { recordAction } from "../audit/audit-log.ts";
import { accountOut, consoleOriginOf } from "../payments/payment-routes.ts";
import { movementsOf } from "./portal-money-movements.ts";
import { BUYER_GONE, PORTAL_ACCESS, portalBuyerOf } from "./portal-buyer.ts";

// The buyer portal's balance (docs/product/buyer-money.md#balance-and-invoices): the signed-in buyer's account, its
// room and what moved it, and a top-up through the app's payment provider, audited as the console's top-up is
// (docs/product/buyer-money.md#payments). The buyer is the session's (portal-buyer.ts), never one the request names.

export type PortalMoneyDeps = { config: Pick<Config, "console" | "publicBaseUrl">; db: Db };

/** Where the payer comes back to after the provider's page: the portal's balance. */
const PORTAL_BALANCE_PATH = "/console/portal/balance";

const gone = (reply: FastifyReply) => reply.code(403).send({ status: 403, message: BUYER_GONE });

export default async function portalMoneyRoutes(app: FastifyInstance, deps: PortalMoneyDeps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;
  const returnUrl = `${consoleOriginOf(deps.config)}${PORTAL_BALANCE_PATH}`;

  typed.get(
    "/api/console/portal/account",
    {
      schema: {
        querystring: portalAccountQuery,
        response: { 200: portalAccountAnswer, 400: failureAnswer, 403: failureAnswer, 404: failureAnswer },
      },
      config: PORTAL_ACCESS,
    },
    async (request, reply) => {
      const buyer = await portalBuyerOf(request, app.buyerRegistry);
      if (!buyer) return gone(reply);
      const { billing } = buyer;
      const [account, page] = await Promise.all([
        buyerAccountOf(db, buyer.id, billing),
        movementsOf(db, buyer.id, request.query),
      ]);
      return {
        status: 200,
        message: "ok",
        data: {
          buyer: { id: buyer.id, name: buyer.name },
          account: {
            ...accountOut(billing, account),
            credit_limit_cents: billing.kind === "credit" ? creditLimitCents(billing) : null,
          },
          top_up_offered: app.paymentProvider.offered,
          movements: page.movements,
          next_before: page.nextBefore,
        },
      };
    },
  );

  typed.post(
    "/api/console/portal/top-up",
    {
      schema: {
        body: topUpRequest,
        response: {
          201: topUpAnswer,
          400: failureAnswer,
          403: failureAnswer,
          404: failureAnswer,
          409: failureAnswer,
          502: failureAnswer,
        },
      },
      config: PORTAL_ACCESS,
    },
    async (request, reply) => {
      const buyer = await portalBuyerOf(request, app.buyerRegistry);
      if (!buyer) return gone(reply);
      const amountCents = dollarsToCents(request.body.amount);
      const topUp = await app.paymentProvider.createTopUp(buyer.id, amountCents, returnUrl);
      if (isRefusal(topUp)) return reply.code(topUp.status).send({ status: topUp.status, message: topUp.message });
      await recordAction(db, actorOf(request), {
        action: "payment.top_up",
        target: buyer.id,
        details: { amount_cents: amountCents },
      });
      return reply.code(201).send({
        status: 201,
        message: "Your payment page is ready. Your balance is credited once the payment is made.",
        data: { url: topUp.url },
      });
    },
  );
}
