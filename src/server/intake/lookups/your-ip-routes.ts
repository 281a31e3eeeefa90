import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { yourIpAnswer } from "#domain/contracts/lookups.ts";
import type { Config } from "../../platform/config/config.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";

// GET /api/your-ip: the visitor's IP as this server sees it: the socket's peer, or, when that peer is a proxy
// listed in TRUST_PROXY (Fastify's trustProxy), the right-most X-Forwarded-For address not so listed.
export default async function yourIpRoutes(app: FastifyInstance, opts: { config: Config }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/your-ip",
      { schema: { response: { 200: yourIpAnswer } }, config: { rateLimit: limitFor(opts.config, "lookups") } },
      async (request) => {
        return { status: 200, message: "ok", ip: request.ip, data: { ip: request.ip } };
      },
    );
}
