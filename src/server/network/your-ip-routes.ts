import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../config.ts";
import { limitFor } from "../plugins/rate-limits.ts";

const answerSchema = z.object({
  status: z.number(),
  message: z.string(),
  // Spec section 7 reads a top-level `ip`; decisions.md section 2 puts answers in `data`. Both are sent.
  ip: z.string(),
  data: z.object({ ip: z.string() }),
});

// GET /api/your-ip: the visitor's IP as this server sees it: the socket's peer, or, when that peer is a proxy
// listed in TRUST_PROXY (Fastify's trustProxy), the right-most X-Forwarded-For address not so listed.
export default async function yourIpRoutes(app: FastifyInstance, opts: { config: Config }) {
  app
    .withTypeProvider<ZodTypeProvider>()
    .get(
      "/api/your-ip",
      { schema: { response: { 200: answerSchema } }, config: { rateLimit: limitFor(opts.config, "lookups") } },
      async (request, reply) => {
        reply.header("cache-control", "no-store");
        return { status: 200, message: "ok", ip: request.ip, data: { ip: request.ip } };
      },
    );
}
