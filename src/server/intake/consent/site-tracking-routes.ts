import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { siteTrackingAnswer } from "#domain/contracts/site-tracking.ts";
import type { Config } from "../../platform/config/config.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";

// GET /api/site/tracking: which consent-certificate vendor scripts the pages load. The pages are prerendered
// once for every deployment, so they ask the server at run time; the script addresses hold no key.
export default async function siteTrackingRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { trustedForm, jornaya } = opts.config.consentVendors;
  const data = {
    trustedForm: trustedForm ? { scriptUrl: trustedForm.scriptUrl } : null,
    jornaya: jornaya ? { scriptUrl: jornaya.scriptUrl } : null,
  };
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/site/tracking",
      { schema: { response: { 200: siteTrackingAnswer } }, config: { rateLimit: limitFor(opts.config, "lookups") } },
      async (_request, reply) => {
        // Revalidated on each page load: switching a vendor off takes effect at once.
        reply.header("cache-control", "no-cache");
        return { status: 200, message: "ok", data };
      },
    );
}
