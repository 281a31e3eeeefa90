import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import { consentCertificateAnswer } from "#domain/contracts/consent-certificate.ts";
import { failureAnswer } from "#domain/contracts/envelope.ts";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import { certificatePage } from "./certificate-page.ts";
import { certificateLeadId, readCertificate } from "./consent-certificate.ts";

type Deps = { config: Config; db: Db; tokenSecret: Buffer };

const NOT_FOUND = { status: 404, message: "No consent certificate at this address." };
const params = z.object({ token: z.string().min(1).max(100) });

// GET /consent/certificate/:token (printable) and GET /api/consent/certificate/:token (JSON): the consent
// certificate a buyer receives with a post (docs/product/security-and-privacy.md#consent-certificate). A token
// that is not ours, or a lead with no consent, is one answer: 404.
export default async function certificateRoutes(app: FastifyInstance, deps: Deps) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const load = async (token: string) => {
    const leadId = certificateLeadId(deps.tokenSecret, token);
    return leadId ? readCertificate(deps.db, leadId) : undefined;
  };
  const config = { rateLimit: limitFor(deps.config, "lookups") };

  typed.get(
    "/api/consent/certificate/:token",
    { schema: { params, response: { 200: consentCertificateAnswer, 404: failureAnswer } }, config },
    async (request, reply) => {
      const certificate = await load(request.params.token);
      if (!certificate) return reply.code(404).send(NOT_FOUND);
      return reply.send({ status: 200, message: "ok", data: certificate });
    },
  );

  typed.get("/consent/certificate/:token", { schema: { params }, config }, async (request, reply) => {
    const certificate = await load(request.params.token);
    if (!certificate) return reply.code(404).type("text/plain; charset=utf-8").send(NOT_FOUND.message);
    return reply
      .header("cache-control", "no-store")
      .header("x-robots-tag", "noindex")
      .type("text/html; charset=utf-8")
      .send(certificatePage(certificate, `/api/consent/certificate/${request.params.token}`));
  });
}
