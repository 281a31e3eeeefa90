import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "../../platform/config/config.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import { askedField, suggestAnswerSchema, suggestQuerySchema } from "#domain/contracts/lookups.ts";
import { MAX_SUGGESTIONS, type SuggestionIndexes } from "./suggestion-lists.ts";

// GET /api/personal_loan/suggest?first_name=jam -> { data: { first_name: ["James", ...] } }
// (docs/product/server-calls.md).
export function registerSuggestRoute(app: FastifyInstance, deps: { config: Config; indexes: SuggestionIndexes }) {
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/personal_loan/suggest",
    {
      schema: { querystring: suggestQuerySchema, response: { 200: suggestAnswerSchema } },
      config: { rateLimit: limitFor(deps.config, "lookups") },
    },
    async (request) => {
      const [field, typed] = askedField(request.query);
      return { status: 200, message: "ok", data: { [field]: deps.indexes[field].suggest(typed, MAX_SUGGESTIONS) } };
    },
  );
}
