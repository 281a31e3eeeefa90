import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { failureAnswer } from "#domain/contracts/envelope.ts";
import { zipAnswer, zipQuery } from "#domain/contracts/lookups.ts";
import type { Config } from "../../platform/config/config.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import { createPackagedZipDirectory, type ZipDirectory } from "./zip-directory.ts";

export const UNKNOWN_ZIP_MESSAGE = "We could not find that zip code. Please check it and try again.";

// GET /api/personal_loan/zipcode?zip=&lead_id= (docs/product/server-calls.md): city, state, lat, long of a US zip from
// the dataset the `zipcodes` package ships (no network). Unknown zip: 404.
export default async function zipRoutes(app: FastifyInstance, opts: { config: Config; zips?: ZipDirectory }) {
  const zips = opts.zips ?? createPackagedZipDirectory();
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/personal_loan/zipcode",
    {
      schema: { querystring: zipQuery, response: { 200: zipAnswer, 404: failureAnswer } },
      config: { rateLimit: limitFor(opts.config, "lookups") },
    },
    async (request, reply) => {
      const place = zips.lookup(request.query.zip);
      if (!place) {
        return reply.code(404).send({ status: 404, message: UNKNOWN_ZIP_MESSAGE });
      }
      // A zip's city does not change from one day to the next; let the browser keep it.
      reply.header("cache-control", "private, max-age=86400");
      return {
        status: 200,
        message: "ok",
        data: { city: place.city, state: place.state, lat: place.lat, long: place.long },
      };
    },
  );
}
