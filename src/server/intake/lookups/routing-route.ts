import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { MESSAGES } from "#domain/messages.ts";
import { isValidAbaChecksum } from "#domain/routing-number.ts";
import type { Config } from "../../platform/config/config.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import { findBank, type BankNameSource } from "./bank-name-source.ts";
import { failureAnswer } from "#domain/contracts/envelope.ts";
import { BANK_NOT_FOUND_MESSAGE, routingAnswerSchema, routingParamsSchema } from "#domain/contracts/lookups.ts";

// GET /api/routing/:aba: 9 digits (400), then the ABA checksum (422 Invalid Routing Number!, docs/product/errors.md),
// then the bank's name from the first source that knows it. A valid number no source knows still answers
// 200, with no name, so the routing step lets the visitor type the bank name.
export function registerRoutingRoute(
  app: FastifyInstance,
  deps: { config: Config; sources: readonly BankNameSource[] },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/routing/:aba",
    {
      schema: { params: routingParamsSchema, response: { 200: routingAnswerSchema, 422: failureAnswer } },
      config: { rateLimit: limitFor(deps.config, "lookups") },
      // The routing number is in the path, and request logs carry the path; docs/product/security-and-privacy.md says a
      // routing number is never logged, so this route logs only warnings and errors.
      logLevel: "warn",
    },
    async (request, reply) => {
      const { aba } = request.params;
      if (!isValidAbaChecksum(aba)) {
        return reply.code(422).send({ status: 422, message: MESSAGES.routingInvalid });
      }
      const match = await findBank(deps.sources, aba);
      return match
        ? { status: 200, message: "ok", data: { routing_number: aba, bank_name: match.bankName, source: match.source } }
        : {
            status: 200,
            message: BANK_NOT_FOUND_MESSAGE,
            data: { routing_number: aba, bank_name: null, source: null },
          };
    },
  );
}
