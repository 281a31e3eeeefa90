import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "../../platform/config/config.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import type { AddressSuggester } from "./address-suggester.ts";
import { addressSuggestAnswerSchema, addressSuggestQuerySchema } from "#domain/contracts/lookups.ts";

// GET /api/personal_loan/address-suggest?zip=&address=&lat=&long=&lead_id=&max_results= (docs/product/server-calls.md).
export function registerAddressSuggestRoute(
  app: FastifyInstance,
  deps: { config: Config; suggester: AddressSuggester },
) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/personal_loan/address-suggest",
    {
      schema: { querystring: addressSuggestQuerySchema, response: { 200: addressSuggestAnswerSchema } },
      config: { rateLimit: limitFor(deps.config, "lookups") },
    },
    async (request) => {
      const { zip, address, lat, long, max_results } = request.query;
      const suggestions = await deps.suggester.suggest({ zip, address, lat, long, maxResults: max_results });
      return { status: 200, message: "ok", data: { suggestions } };
    },
  );
}
