import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { BRANDS, pickBrand, SAMPLE_BRAND } from "#domain/brands.ts";
import { partnerListAnswer } from "#domain/contracts/partners.ts";
import type { Config } from "../../platform/config/config.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import { createPartnerService } from "./partner-service.ts";
import { brandListPartnerSource, type PartnerSource } from "./partner-source.ts";

// GET /api/partners (docs/product/server-calls.md, Partner list): the partner names of the brand the request's
// host picks, as the browser picks the brand of its pages (src/web/site/sites.ts).
import { guardedFetch } from "../../platform/net/guarded-fetch.ts";

export default async function partnerRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  const { serviceUrl, apiKey } = config.partners;
  const source: PartnerSource = serviceUrl
    ? createPartnerService({
        url: serviceUrl,
        apiKey,
        timeoutMs: config.lookups.timeoutMs,
        log: app.log,
        fetch: guardedFetch(app.outboundGuard),
      })
    : brandListPartnerSource;
  const fallback = BRANDS.find((brand) => brand.id === config.defaultBrandId) ?? SAMPLE_BRAND;

  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/partners",
      { schema: { response: { 200: partnerListAnswer } }, config: { rateLimit: limitFor(config, "lookups") } },
      async (request) => {
        const names = await source.partnersOf(pickBrand(request.hostname, BRANDS, fallback));
        return { status: 200, message: "ok", data: Object.fromEntries(names.map((name) => [name, true as const])) };
      },
    );
}
