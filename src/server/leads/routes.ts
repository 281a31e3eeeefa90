import { toClientFields, serverFieldOf } from "#domain/fields.ts";
import { CONSENT_BY_STEP, CONSENT_ON_CREATE } from "#domain/consent.ts";
import { MESSAGES } from "#domain/messages.ts";
import { resumePath } from "#domain/resume.ts";
import { emailLinkSchema, HONEYPOT_FIELD } from "#domain/schemas/lead.ts";
import { isStepNumber, slugOfStepNumber } from "#domain/schemas/step-bodies.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../config.ts";
import { consentProblem, recordConsent, type ConsentEvidence } from "../consent/record-consent.ts";
import type { Db } from "../db/database.ts";
import { fieldErrors } from "../http/api-errors.ts";
import { limitFor } from "../plugins/rate-limits.ts";
import type { PiiCipher } from "../security/pii-cipher.ts";
import { todaysSchemas } from "./daily-schemas.ts";
import { holdsLeadToken, newAccessToken, newLeadId, presentedTokenHash, setLeadCookie } from "./lead-access.ts";
import type { LeadChanges } from "./lead-columns.ts";
import {
  findLead,
  insertLead,
  markDoNotSell,
  rotateAccessToken,
  updateLead,
  updateLeadChecked,
  updateLeadWithToken,
  type LeadRow,
  type LeadUpdate,
} from "./lead-store.ts";
import {
  CHECKED_FIELDS,
  refusedPhones,
  savedLeadProblems,
  settleZip,
  ssnOutsideItsStep,
  type FieldProblems,
} from "./lead-checks.ts";
import { createPackagedZipDirectory, type ZipDirectory } from "../lookups/zip-directory.ts";
import { leadContact } from "./lead-view.ts";
import { resumableLeadId } from "./resume-token.ts";

export type LeadRoutesOptions = {
  config: Config;
  db: Db;
  cipher: PiiCipher;
  tokenSecret: Buffer;
  zips?: ZipDirectory;
};

const NOT_FOUND = { status: 404, message: "Lead not found" } as const;
const leadIdParam = z.object({ id: z.string().min(1).max(64) });

// The server contract of the funnel (decisions.md section 2): create, update, step updates, read, and the
// e-mail-link entry. Every lead is reachable only with its access cookie (decisions.md section 3).
export default async function leadRoutes(appBase: FastifyInstance, opts: LeadRoutesOptions) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, cipher, config } = opts;
  const zips = opts.zips ?? createPackagedZipDirectory();
  const secure = config.env === "production";
  const leadsLimit = { rateLimit: limitFor(config, "leads") };
  const stepsLimit = { rateLimit: limitFor(config, "steps") };

  const visitor = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers["user-agent"] });
  // Global Privacy Control is a do-not-sell request (decisions.md section 3), recorded on the lead.
  const sendsGpc = (request: FastifyRequest) => request.headers["sec-gpc"] === "1";

  /** The lead when this request holds its token; otherwise undefined (answered as 404 by callers). */
  async function accessibleLead(request: FastifyRequest, id: string): Promise<LeadRow | undefined> {
    const row = await findLead(db, id);
    return row && holdsLeadToken(request, row.id, row.accessTokenHash) ? row : undefined;
  }

  const answer = (reply: FastifyReply, row: LeadRow, extra: Record<string, unknown> = {}) =>
    reply.send({ status: 200, message: "ok", data: { contact: leadContact(row), ...extra } });

  const badRequest = (
    reply: FastifyReply,
    errors: Record<string, string>,
    message = "Please correct the highlighted fields.",
  ) => reply.code(400).send({ status: 400, message, errors });

  const hasProblems = (problems: FieldProblems) => Object.keys(problems).length > 0;

  // The phone step answers non-200 for a number no one can answer (spec section 5).
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
      cipher,
      leadId,
      update,
      (saved) => savedLeadProblems(update.changes, saved),
      async (tx) => {
        if (options.consent) await recordConsent(tx, leadId, options.consent, visitor(options.request));
      },
    );
    if (!result) return reply.code(404).send(NOT_FOUND);
    return "problems" in result ? badRequest(reply, rename(result.problems)) : answer(reply, result.row);
  }

  /** True (and answered 400) when the honeypot field is filled: bots fill it, people never see it. */
  function caughtByHoneypot(body: unknown, reply: FastifyReply): boolean {
    const honeypot = (body as Record<string, unknown>)[HONEYPOT_FIELD];
    const filled = typeof honeypot !== "string" ? honeypot !== undefined : honeypot.trim() !== "";
    if (filled) void reply.code(400).send({ status: 400, message: "Your request could not be processed." });
    return filled;
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
      cipher,
      { id, accessTokenHash: hash, userIp: request.ip, changes, slug, doNotSell: sendsGpc(request) },
      async (tx) => {
        if (consent) await recordConsent(tx, id, consent, visitor(request));
      },
    );
    setLeadCookie(reply, id, token, secure);
    return row;
  }

  app.post(
    "/api/personal_loan/lead/v2",
    { config: leadsLimit, schema: { body: z.looseObject({ [HONEYPOT_FIELD]: z.unknown().optional() }) } },
    async (request, reply) => {
      // The honeypot is checked before validation: a bot learns nothing from field messages.
      if (caughtByHoneypot(request.body, reply)) return reply;
      const parsed = todaysSchemas().createLead.safeParse(request.body);
      if (!parsed.success) return badRequest(reply, fieldErrors(parsed.error.issues.map(zodIssue)));
      const { consent, [HONEYPOT_FIELD]: _honeypot, ...fields } = parsed.data;
      const consentError = consentProblem(CONSENT_ON_CREATE, consent);
      if (consentError) return badRequest(reply, { consent: consentError }, consentError);
      const changes = fields as LeadChanges;
      const problems = {
        ...ssnOutsideItsStep(changes),
        ...settleZip(zips, changes, MESSAGES.zipUnknown),
        ...savedLeadProblems(changes, undefined),
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
    { config: stepsLimit, schema: { body: z.looseObject({ lead_id: z.string().min(1).max(64) }) } },
    async (request, reply) => {
      const row = await accessibleLead(request, request.body.lead_id);
      if (!row) return reply.code(404).send(NOT_FOUND);
      const parsed = todaysSchemas().updateLead.safeParse(request.body);
      if (!parsed.success) return badRequest(reply, fieldErrors(parsed.error.issues.map(zodIssue)));
      const { lead_id: _leadId, ...changes } = parsed.data;
      const update = { changes: changes as LeadChanges, step: null, slug: "update", doNotSell: sendsGpc(request) };
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
    { config: stepsLimit, schema: { params: leadIdParam } },
    async (request, reply) => {
      const row = await accessibleLead(request, request.params.id);
      if (!row) return reply.code(404).send(NOT_FOUND);
      // A read carrying Global Privacy Control is a do-not-sell request too (docs/decisions/0008).
      if (sendsGpc(request) && !row.doNotSellAt) return answer(reply, (await markDoNotSell(db, row.id)) ?? row);
      return answer(reply, row);
    },
  );

  app.put(
    "/api/personal_loan/lead/v2/:id/step",
    {
      config: stepsLimit,
      schema: {
        params: leadIdParam,
        body: z.looseObject({ step: z.number().int(), lead_id: z.string().min(1).max(64) }),
      },
    },
    async (request, reply) => {
      const { step, lead_id: bodyLeadId } = request.body;
      if (bodyLeadId !== request.params.id) return badRequest(reply, { lead_id: "lead_id does not match the address" });
      if (!isStepNumber(step)) return badRequest(reply, { step: "Unknown step" });
      const tokenHash = presentedTokenHash(request, request.params.id);
      if (!tokenHash) return reply.code(404).send(NOT_FOUND);

      const parsed = todaysSchemas().steps[step].safeParse(request.body);
      if (!parsed.success) return badRequest(reply, fieldErrors(parsed.error.issues.map(zodIssue)));
      const { consent, ...fields } = parsed.data as Record<string, unknown> & { consent?: ConsentEvidence };
      const consentError = consentProblem(CONSENT_BY_STEP[step], consent);
      if (consentError) return badRequest(reply, { consent: consentError }, consentError);

      const changes: Record<string, unknown> = {};
      const requestNames: Record<string, string> = {};
      for (const [name, value] of Object.entries(fields)) {
        const field = serverFieldOf(name);
        if (!field) continue;
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
        const updated = await updateLeadWithToken(db, cipher, { leadId: request.params.id, tokenHash }, update);
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

  // The e-mail-link entry (spec section 4, resume logic). Only a valid resume token issued for this
  // e-mail resumes a lead; anything else starts a fresh one, answered in the same shape.
  app.post(
    "/api/personal_loan/lead/v2/email-link",
    {
      config: leadsLimit,
      schema: { body: emailLinkSchema.extend({ [HONEYPOT_FIELD]: z.unknown().optional() }) },
    },
    async (request, reply) => {
      if (caughtByHoneypot(request.body, reply)) return reply;
      const { email, loan_reason, resume_token, user_agent } = request.body;
      const resumeId = resume_token ? resumableLeadId(opts.tokenSecret, resume_token, email) : undefined;
      const existing = resumeId ? await findLead(db, resumeId) : undefined;
      if (existing && existing.email?.toLowerCase() === email.toLowerCase()) {
        const { token, hash } = newAccessToken();
        await rotateAccessToken(db, existing.id, hash);
        const updated =
          (await updateLead(db, cipher, existing.id, {
            changes: { loan_reason },
            step: null,
            slug: "email-link",
            doNotSell: sendsGpc(request),
          })) ?? existing;
        setLeadCookie(reply, existing.id, token, secure);
        const contact = leadContact(updated);
        return answer(reply, updated, { resume_path: resumePath(toClientFields(contact)) });
      }
      const row = await createFresh(
        request,
        reply,
        { email, loan_reason, user_agent: user_agent ?? request.headers["user-agent"]?.slice(0, 512) },
        "email-link",
        undefined,
      );
      return answer(reply, row, { resume_path: resumePath(toClientFields(leadContact(row))) });
    },
  );
}

/** zod issues in the shape fieldErrors reads. */
function zodIssue(issue: z.core.$ZodIssue) {
  return { instancePath: `/${issue.path.join("/")}`, message: issue.message };
}
