import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  consentTextRegistration,
  consentTextSavedAnswer,
  consentTextsAnswer,
} from "../../../domain/contracts/console-consent-texts.ts";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import type { Db } from "../../platform/db/database.ts";
import { consentTextsOf, registerConsentText } from "../../partners/publisher-api/posted-consent.ts";
import { findPublisher } from "../../partners/publishers/publisher-store.ts";
import { actorOf } from "../access/console-access.ts";
import { recordAction } from "../audit/audit-log.ts";

// A publisher's consent texts (docs/decisions/0050-publisher-post-api.md#consent): read with partners:read, registered
// under a version with partners:write and in the audit log by version and hash (the words are not personal, but long).

const NOT_FOUND = { status: 404, message: "No publisher with that id." };
const params = z.object({ id: z.string().max(63) });

export default async function consentTextRoutes(app: FastifyInstance, deps: { db: Db }) {
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  typed.get(
    "/api/console/publishers/:id/consent-texts",
    {
      schema: { params, response: { 200: consentTextsAnswer, 404: failureAnswer } },
      config: { access: "partners:read" },
    },
    async (request, reply) => {
      if (!(await findPublisher(db, request.params.id))) return reply.code(404).send(NOT_FOUND);
      const texts = await consentTextsOf(db, request.params.id);
      return reply.send({ status: 200, message: "Consent texts.", data: { consent_texts: texts } });
    },
  );

  typed.post(
    "/api/console/publishers/:id/consent-texts",
    {
      schema: {
        params,
        body: consentTextRegistration,
        response: { 201: consentTextSavedAnswer, 400: failureAnswer, 404: failureAnswer, 409: failureAnswer },
      },
      config: { access: "partners:write" },
    },
    async (request, reply) => {
      const publisher = await findPublisher(db, request.params.id);
      if (!publisher) return reply.code(404).send(NOT_FOUND);
      const { version, text } = request.body;
      const saved = await registerConsentText(db, publisher.id, version, text);
      if (saved === "version taken") {
        return reply.code(409).send({
          status: 409,
          message: "This publisher has other words under this version: name the new text with a new version.",
          errors: { version: "Another text has this version." },
        });
      }
      await recordAction(db, actorOf(request), {
        action: "publisher.consent_text",
        target: publisher.id,
        details: { version, hash: saved.hash },
      });
      return reply.code(201).send({
        status: 201,
        message: `Consent text registered: posts may name it as consent_version "${version}".`,
        data: { consent_text: saved },
      });
    },
  );
}
