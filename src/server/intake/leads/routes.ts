import {
  contactAnswer,
  createLeadRequest,
  emailLinkAnswer,
  emailLinkRequest,
  leadIdSchema,
  stepUpdateRequest,
  updateLeadRequest,
  type ConsentEvidence,
} from "#domain/contracts/lead.ts";
import { failureAnswer } from "#domain/contracts/envelope.ts";
import { honeypotFilled } from "#domain/contracts/honeypot.ts";
import { CONSENT_ON_CREATE } from "#domain/consent.ts";
import { serverFieldOf, toClientFields } from "#domain/fields/field-names.ts";
import { MESSAGES } from "#domain/messages.ts";
import { CONSENT_BY_STEP, slugOfStepNumber } from "#domain/steps/step-bodies.ts";
import { resumePath } from "#domain/steps/resume.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../../platform/config/config.ts";
import { consentProblem, recordConsent } from "../consent/record-consent.ts";
import type { Db } from "../../platform/db/database.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import { recordGpc, sendsGpc } from "./global-privacy-control.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { keepDeviceCookie } from "./device-cookie.ts";
import { holdsLeadToken, newAccessToken, newLeadId, presentedTokenHash, setLeadCookie } from "./lead-access.ts";
import {
  findLead,
  insertLead,
  rotateAccessToken,
  updateLead,
  updateLeadChecked,
  updateLeadWithToken,
  type LeadChanges,
  type LeadRow,
  type LeadUpdate,
} from "./lead-store.ts";
import {
  CHECKED_FIELDS,
  refusedPhones,
  settleWithSavedLead,
  settleZip,
  ssnOutsideItsStep,
  type FieldProblems,
} from "./lead-checks.ts";
import { createPackagedZipDirectory, type ZipDirectory } from "../lookups/zip-directory.ts";
import { leadContact } from "./lead-view.ts";
import { resumableLeadId } from "./resume-token.ts";
import { SERVER_RULES } from "./us-today.ts";

export type LeadRoutesOptions = {
  config: Config;
  db: Db;
  cipher: PiiCipher;
  tokenSecret: Buffer;
  zips?: ZipDirectory;
};

const NOT_FOUND = { status: 404, message: "Lead not found" } as const;
const leadIdParam = z.object({ id: leadIdSchema });
const failures = { 400: failureAnswer, 404: failureAnswer, 422: failureAnswer };

/** Refuses a filled honeypot before validation: a bot learns nothing from field messages. */
async function honeypotGuard(request: FastifyRequest, reply: FastifyReply) {
  if (honeypotFilled(request.body)) {
    return reply.code(400).send({ status: 400, message: "Your request could not be processed." });
  }
}

// The server contract of the funnel (src/domain/contracts/lead.ts): create, update, step updates, read,
// and the e-mail-link entry. Every lead is reachable only with its access cookie (docs/decisions/0008).
export default async function leadRoutes(appBase: FastifyInstance, opts: LeadRoutesOptions) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, config } = opts;
  const keys = { cipher: opts.cipher, hashSecret: opts.tokenSecret };
  const zips = opts.zips ?? createPackagedZipDirectory();
  const secure = config.env === "production";
  const leadsLimit = { rateLimit: limitFor(config, "leads") };
  const stepsLimit = { rateLimit: limitFor(config, "steps") };

  const visitor = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers["user-agent"] });

  /** The lead when this request holds its token; otherwise undefined (answered as 404 by callers). */
  async function accessibleLead(request: FastifyRequest, id: string): Promise<LeadRow | undefined> {
    const row = await findLead(db, id);
    return row && holdsLeadToken(request, row.id, row.accessTokenHash) ? row : undefined;
  }

  const answer = (reply: FastifyReply, row: LeadRow) =>
    reply.send({ status: 200, message: "ok", data: { contact: leadContact(row) } });

  const badRequest = (
    reply: FastifyReply,
    errors: Record<string, string>,
    message = "Please correct the highlighted fields.",
  ) => reply.code(400).send({ status: 400, message, errors });

  const hasProblems = (problems: FieldProblems) => Object.keys(problems).length > 0;

  // The phone step answers non-200 for a number no one can answer (docs/product/validation.md).
  const refusedPhone = (reply: FastifyReply, errors: FieldProblems) =>
    reply.code(422).send({ status: 422, message: MESSAGES.phoneRefused, errors });

  /** Every check of a write beyond its schema, with field names as the request sent them. */
  async function saveChecked(
    reply: FastifyReply,
    leadId: string,
    update: LeadUpdate,
    requestName: (field: string) => string,
    options: { unknownZip: string; consent?: ConsentEvidence; request: FastifyRequest },
  ) {
    const rename = (problems: FieldProblems) =>
      Object.fromEntries(Object.entries(problems).map(([field, message]) => [requestName(field), message]));
    const zip = settleZip(zips, update.changes, options.unknownZip);
    if (hasProblems(zip)) return badRequest(reply, rename(zip));
    const refused = refusedPhones(update.changes);
    if (hasProblems(refused)) return refusedPhone(reply, rename(refused));
    const result = await updateLeadChecked(
      db,
      keys,
      leadId,
      update,
      (saved) => settleWithSavedLead(update.changes, saved),
      async (tx) => {
        if (options.consent) await recordConsent(tx, leadId, options.consent, visitor(options.request));
      },
    );
    if (!result) return reply.code(404).send(NOT_FOUND);
    return "problems" in result ? badRequest(reply, rename(result.problems)) : answer(reply, result.row);
  }

  async function createFresh(
    request: FastifyRequest,
    reply: FastifyReply,
    changes: LeadChanges,
    slug: string,
    consent: ConsentEvidence | undefined,
  ): Promise<LeadRow> {
    const id = newLeadId();
    const { token, hash } = newAccessToken();
    const row = await insertLead(
      db,
      keys,
      { id, accessTokenHash: hash, userIp: request.ip, changes, slug, doNotSell: sendsGpc(request) },
      async (tx) => {
        if (consent) await recordConsent(tx, id, consent, visitor(request));
      },
    );
    setLeadCookie(reply, id, token, secure);
    keepDeviceCookie(request, reply, secure);
    return row;
  }

  app.post(
    "/api/personal_loan/lead/v2",
    {
      config: leadsLimit,
      preValidation: honeypotGuard,
      schema: { body: createLeadRequest(SERVER_RULES), response: { 200: contactAnswer, ...failures } },
    },
    async (request, reply) => {
      const { consent, website: _honeypot, ...changes } = request.body;
      const consentError = consentProblem(CONSENT_ON_CREATE, consent);
      if (consentError) return badRequest(reply, { consent: consentError }, consentError);
      const problems = {
        ...ssnOutsideItsStep(changes),
        ...settleZip(zips, changes, MESSAGES.zipUnknown),
        ...settleWithSavedLead(changes, undefined),
      };
      if (hasProblems(problems)) return badRequest(reply, problems);
      const refused = refusedPhones(changes);
      if (hasProblems(refused)) return refusedPhone(reply, refused);
      changes.user_agent ??= request.headers["user-agent"]?.slice(0, 512);
      const row = await createFresh(request, reply, changes, "create", consent);
      return answer(reply, row);
    },
  );

  app.put(
    "/api/personal_loan/lead/v2",
    {
      config: stepsLimit,
      schema: { body: updateLeadRequest(SERVER_RULES), response: { 200: contactAnswer, ...failures } },
    },
    async (request, reply) => {
      const { lead_id: leadId, ...changes } = request.body;
      const row = await accessibleLead(request, leadId);
      if (!row) return reply.code(404).send(NOT_FOUND);
      const update = { changes, step: null, slug: "update", doNotSell: sendsGpc(request) };
      const ssn = ssnOutsideItsStep(update.changes);
      if (hasProblems(ssn)) return badRequest(reply, ssn);
      return saveChecked(reply, row.id, update, (field) => field, {
        unknownZip: MESSAGES.addressZipUnknown,
        request,
      });
    },
  );

  app.get(
    "/api/personal_loan/lead/v2/:id",
    { config: stepsLimit, schema: { params: leadIdParam, response: { 200: contactAnswer, ...failures } } },
    async (request, reply) => {
      const row = await accessibleLead(request, request.params.id);
      if (!row) return reply.code(404).send(NOT_FOUND);
      // A read carrying Global Privacy Control is a do-not-sell request too (docs/decisions/0008).
      return answer(reply, await recordGpc(db, request, row));
    },
  );

  app.put(
    "/api/personal_loan/lead/v2/:id/step",
    {
      config: stepsLimit,
      schema: {
        params: leadIdParam,
        body: stepUpdateRequest(SERVER_RULES),
        response: { 200: contactAnswer, ...failures },
      },
    },
    async (request, reply) => {
      const { step, lead_id: bodyLeadId, consent, ...fields } = request.body;
      if (bodyLeadId !== request.params.id) return badRequest(reply, { lead_id: "lead_id does not match the address" });
      const tokenHash = presentedTokenHash(request, request.params.id);
      if (!tokenHash) return reply.code(404).send(NOT_FOUND);
      const consentError = consentProblem(CONSENT_BY_STEP[step], consent);
      if (consentError) return badRequest(reply, { consent: consentError }, consentError);

      const changes: Record<string, unknown> = {};
      const requestNames: Record<string, string> = {};
      for (const [name, value] of Object.entries(fields)) {
        const field = serverFieldOf(name);
        if (!field || value === undefined) continue;
        changes[field] = value;
        requestNames[field] = name;
      }
      const update = {
        changes: changes as LeadChanges,
        step,
        slug: slugOfStepNumber(step),
        doNotSell: sendsGpc(request),
      };

      // Most steps: access check, update and history in one statement.
      const checked = CHECKED_FIELDS.some((f) => f in changes);
      if (!consent && !checked) {
        const updated = await updateLeadWithToken(db, keys, { leadId: request.params.id, tokenHash }, update);
        return updated ? answer(reply, updated) : reply.code(404).send(NOT_FOUND);
      }

      // Steps checked against the zip directory or the saved lead (phones, pay dates), or that add consent.
      const row = await accessibleLead(request, request.params.id);
      if (!row) return reply.code(404).send(NOT_FOUND);
      return saveChecked(reply, row.id, update, (field) => requestNames[field] ?? field, {
        unknownZip: MESSAGES.addressZipUnknown,
        consent,
        request,
      });
    },
  );

  // The e-mail-link entry (docs/product/behaviour.md, resume logic). Only a valid resume token issued for this
  // e-mail resumes a lead; anything else starts a fresh one, answered in the same shape.
  app.post(
    "/api/personal_loan/lead/v2/email-link",
    {
      config: leadsLimit,
      preValidation: honeypotGuard,
      schema: { body: emailLinkRequest, response: { 200: emailLinkAnswer, ...failures } },
    },
    async (request, reply) => {
      const { email, loan_reason, resume_token, user_agent, utm_source } = request.body;
      const resumeId = resume_token ? resumableLeadId(opts.tokenSecret, resume_token, email) : undefined;
      const existing = resumeId ? await findLead(db, resumeId) : undefined;
      const entered = async (row: LeadRow) => {
        const contact = leadContact(row);
        return reply.send({
          status: 200,
          message: "ok",
          data: { contact, resume_path: resumePath(toClientFields(contact)) },
        });
      };
      if (existing && existing.email?.toLowerCase() === email.toLowerCase()) {
        const { token, hash } = newAccessToken();
        await rotateAccessToken(db, existing.id, hash);
        const updated =
          (await updateLead(db, keys, existing.id, {
            changes: { loan_reason },
            step: null,
            slug: "email-link",
            doNotSell: sendsGpc(request),
          })) ?? existing;
        setLeadCookie(reply, existing.id, token, secure);
        return entered(updated);
      }
      const row = await createFresh(
        request,
        reply,
        {
          email,
          loan_reason,
          user_agent: user_agent ?? request.headers["user-agent"]?.slice(0, 512),
          ...(utm_source ? { utm_source } : {}),
        },
        "email-link",
        undefined,
      );
      return entered(row);
    },
  );
}
