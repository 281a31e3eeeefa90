import type { FastifyInstance, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { failureAnswer } from "#domain/contracts/envelope.ts";
import { HONEYPOT_FIELD } from "#domain/contracts/honeypot.ts";
import {
  doNotSellRequest,
  privacyReceiptAnswer,
  unsubscribeLinkRequest,
  unsubscribeRequest,
} from "#domain/contracts/privacy.ts";
import { MESSAGES } from "#domain/messages.ts";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { createPackagedZipDirectory, type ZipDirectory } from "../../intake/lookups/zip-directory.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import { dedupeKey } from "./dedupe-key.ts";
import { recordPrivacyRequest, type PrivacyRequestKind } from "../../compliance/privacy-request-store.ts";
import { REQUEST_TYPE_RULES, requestTypeRule } from "../../compliance/request-types.ts";
import { requestTypeOf } from "../../compliance/request-workflow.ts";
import { verificationMail } from "./privacy-links.ts";
import { queueMail } from "../../platform/mail/mail-outbox.ts";
import { queueContactRemoval } from "../../platform/outbox/marketing-outbox.ts";
import { findLead } from "../../intake/leads/lead-store.ts";
import { unsubscribingLeadId } from "../../compliance/unsubscribe-link.ts";

/** An opt-out form is a few hundred bytes; anything past this is refused with 413 before it is parsed. */
export const PRIVACY_FORM_BODY_LIMIT = 4 * 1024;

type Deps = { config: Config; db: Db; tokenSecret: Buffer; zips?: ZipDirectory };

// POST /api/unsubscribe and POST /api/do-not-sell-information (docs/product/server-calls.md): validated with the forms'
// own schemas and the zip directory (400 with field errors, nothing stored), stored once per distinct request, answered
// { status, message, data: { reference } }. POST /api/unsubscribe/link is the unsubscribe link of an e-mail: its
// token names the lead, whose e-mail and phone are unsubscribed as if typed into the form.
export default async function privacyRequestRoutes(app: FastifyInstance, deps: Deps) {
  const zips = deps.zips ?? createPackagedZipDirectory();
  const typed = app.withTypeProvider<ZodTypeProvider>();
  const options = (body: z.ZodType) => ({
    schema: { body, response: { 200: privacyReceiptAnswer, 400: failureAnswer } },
    bodyLimit: PRIVACY_FORM_BODY_LIMIT,
    config: { rateLimit: limitFor(deps.config, "forms") },
  });

  typed.post("/api/unsubscribe", options(unsubscribeRequest), async (request, reply) => {
    const { [HONEYPOT_FIELD]: trap, ...fields } = request.body as z.infer<typeof unsubscribeRequest>;
    return reply.send(
      await store(request, deps, "unsubscribe", trap, fields, REQUEST_TYPE_RULES.UNSUBSCRIBE.acknowledgement),
    );
  });

  typed.post("/api/unsubscribe/link", options(unsubscribeLinkRequest), async (request, reply) => {
    const { token } = request.body as z.infer<typeof unsubscribeLinkRequest>;
    const leadId = unsubscribingLeadId(deps.tokenSecret, token);
    if (!leadId) {
      const message = MESSAGES.unsubscribeLinkInvalid;
      return reply.code(400).send({ status: 400, message, errors: { token: message } });
    }
    const { acknowledgement } = REQUEST_TYPE_RULES.UNSUBSCRIBE;
    const lead = await findLead(deps.db, leadId);
    // An erased or purged lead has no address left; its tombstone, if it was erased, already suppresses it.
    if (!lead?.email) return reply.send({ status: 200, message: acknowledgement });
    const fields = { email: lead.email, phone: lead.cell_phone ?? lead.home_phone ?? "", source: "unsubscribe link" };
    return reply.send(await store(request, deps, "unsubscribe", undefined, fields, acknowledgement));
  });

  typed.post("/api/do-not-sell-information", options(doNotSellRequest), async (request, reply) => {
    const { [HONEYPOT_FIELD]: trap, ...fields } = request.body as z.infer<typeof doNotSellRequest>;
    // The request must find the visitor's records and prove residency: the zip has to be a real one, in the
    // state chosen (docs/product/settled-readings.md#24-privacy-forms).
    const place = zips.lookup(fields.zipCode);
    const zipProblem = !place
      ? MESSAGES.addressZipUnknown
      : place.state !== fields.state
        ? MESSAGES.zipNotInState
        : undefined;
    if (zipProblem) {
      return reply
        .code(400)
        .send({ status: 400, message: "Please correct the highlighted fields.", errors: { zipCode: zipProblem } });
    }
    return reply.send(
      await store(
        request,
        deps,
        "do-not-sell",
        trap,
        fields,
        REQUEST_TYPE_RULES[requestTypeOf("do-not-sell", fields)].acknowledgement,
      ),
    );
  });
}

async function store(
  request: FastifyRequest,
  { db, tokenSecret, config }: Deps,
  kind: PrivacyRequestKind,
  trap: string | undefined,
  fields: Record<string, string> & { email: string; phone: string },
  message: string,
) {
  // A bot filled the hidden field: it gets the same answer as a person, and nothing is stored.
  if (trap) {
    request.log.info({ kind }, "privacy request dropped by the honeypot");
    return { status: 200, message };
  }
  const { reference, duplicate } = await recordPrivacyRequest(
    db,
    {
      kind,
      dedupeKey: dedupeKey(kind, fields),
      email: fields.email,
      // A lead may have no phone yet (an unsubscribe link): none is stored rather than an empty one.
      phone: fields.phone || null,
      payload: fields,
      ip: request.ip,
    },
    async (tx, row) => {
      // A know or delete request goes on only from the mailbox it names (privacy-links.ts).
      const mail = verificationMail(tokenSecret, config.publicBaseUrl, row);
      if (mail) await queueMail(tx, mail);
      // An opt-out also takes the person off the marketing lists they are already on.
      if (row.email && requestTypeRule(row.requestType)?.stopsMarketing) await queueContactRemoval(tx, row.email);
    },
  );
  request.log.info({ kind, reference, duplicate }, "privacy request recorded");
  return { status: 200, message, data: { reference } };
}
