import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { MESSAGES } from "#domain/messages.ts";
import type { Config } from "../config.ts";
import { limitFor } from "../plugins/rate-limits.ts";
import { createPackagedZipDirectory, type ZipDirectory } from "./zip-directory.ts";

export const UNKNOWN_ZIP_MESSAGE = "We could not find that zip code. Please check it and try again.";

const ONCE = "must be given once, as text";

// A repeated query parameter arrives as an array and is refused; the zip gets the quick start's messages.
const zipQuerySchema = z.object({
  zip: z
    .string({ error: (issue) => (issue.input === undefined ? MESSAGES.zipRequired : ONCE) })
    .trim()
    .min(1, MESSAGES.zipRequired)
    .regex(/^\d{5}$/, MESSAGES.zipLength),
  // Sent by the browser (spec section 7) to tie the lookup to a lead; not needed to answer.
  lead_id: z.string({ error: ONCE }).max(64, "lead_id must be at most 64 characters.").optional(),
});

const zipAnswerSchema = z.object({
  status: z.number(),
  message: z.string(),
  data: z.object({ city: z.string(), state: z.string(), lat: z.number(), long: z.number() }),
});
const refusalSchema = z.object({ status: z.number(), message: z.string() });

// GET /api/personal_loan/zipcode?zip=&lead_id= (spec section 7): city, state, lat, long of a US zip from the
// dataset the `zipcodes` package ships (no network). Unknown zip: 404.
export default async function zipRoutes(app: FastifyInstance, opts: { config: Config; zips?: ZipDirectory }) {
  const zips = opts.zips ?? createPackagedZipDirectory();
  app.withTypeProvider<ZodTypeProvider>().get(
    "/api/personal_loan/zipcode",
    {
      schema: { querystring: zipQuerySchema, response: { 200: zipAnswerSchema, 404: refusalSchema } },
      config: { rateLimit: limitFor(opts.config, "lookups") },
    },
    async (request, reply) => {
      const place = zips.lookup(request.query.zip);
      if (!place) {
        reply.header("cache-control", "no-store");
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
