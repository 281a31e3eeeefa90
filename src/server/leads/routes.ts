import { toClientFields, serverFieldOf } from "#domain/fields.ts";
import { MESSAGES } from "#domain/messages.ts";
import { resumePath } from "#domain/resume.ts";
import { emailLinkSchema, HONEYPOT_FIELD } from "#domain/schemas/lead.ts";
import { isStepNumber, slugOfStepNumber } from "#domain/schemas/step-bodies.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Config } from "../config.ts";
import { isCurrentConsent, recordConsent, type ConsentEvidence } from "../consent/record-consent.ts";
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
  rotateAccessToken,
  updateLead,
  updateLeadWithToken,
  type LeadRow,
} from "./lead-store.ts";
import { leadContact } from "./lead-view.ts";
import { isCallableUsPhone } from "./phone-acceptance.ts";
import { workPhoneConflict } from "#domain/schemas/employment-forms.ts";
import { resumableLeadId } from "./resume-token.ts";

export type LeadRoutesOptions = { config: Config; db: Db; cipher: PiiCipher; tokenSecret: Buffer };

const NOT_FOUND = { status: 404, message: "Lead not found" } as const;
const leadIdParam = z.object({ id: z.string().min(1).max(64) });

// The server contract of the funnel (decisions.md section 2): create, update, step updates, read, and the
// e-mail-link entry. Every lead is reachable only with its access cookie (decisions.md section 3).
export default async function leadRoutes(appBase: FastifyInstance, opts: LeadRoutesOptions) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, cipher, config } = opts;
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

  const consentOrError = (consent: ConsentEvidence | undefined): string | undefined =>
    consent && !isCurrentConsent(consent) ? "The consent text has changed; please reload the page." : undefined;

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
      const honeypot = (request.body as Record<string, unknown>)[HONEYPOT_FIELD];
      if (typeof honeypot !== "string" ? honeypot !== undefined : honeypot.trim() !== "") {
        return reply.code(400).send({ status: 400, message: "Your request could not be processed." });
      }
      const parsed = todaysSchemas().createLead.safeParse(request.body);
      if (!parsed.success) return badRequest(reply, fieldErrors(parsed.error.issues.map(zodIssue)));
      const { consent, [HONEYPOT_FIELD]: _honeypot, ...fields } = parsed.data;
      const consentError = consentOrError(consent);
      if (consentError) return badRequest(reply, { consent: consentError }, consentError);
      fields.user_agent ??= request.headers["user-agent"]?.slice(0, 512);
      const row = await createFresh(request, reply, fields as LeadChanges, "create", consent);
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
      const updated = await updateLead(db, cipher, row.id, {
        changes: changes as LeadChanges,
        step: null,
        slug: "update",
        doNotSell: sendsGpc(request),
      });
      return updated ? answer(reply, updated) : reply.code(404).send(NOT_FOUND);
    },
  );

  app.get(
    "/api/personal_loan/lead/v2/:id",
    { config: stepsLimit, schema: { params: leadIdParam } },
    async (request, reply) => {
      const row = await accessibleLead(request, request.params.id);
      return row ? answer(reply, row) : reply.code(404).send(NOT_FOUND);
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
      const consentError = consentOrError(consent);
      if (consentError) return badRequest(reply, { consent: consentError }, consentError);

      // The phone step answers non-200 for a number no one can answer (spec section 5).
      if (
        step === 2 &&
        (!isCallableUsPhone(String(fields.cellPhone)) || !isCallableUsPhone(String(fields.homePhone)))
      ) {
        return reply
          .code(422)
          .send({ status: 422, message: MESSAGES.phoneRefused, errors: { cellPhone: MESSAGES.phoneRefused } });
      }

      const changes: Record<string, unknown> = {};
      for (const [name, value] of Object.entries(fields)) {
        const field = serverFieldOf(name);
        if (field) changes[field] = value;
      }
      const update = {
        changes: changes as LeadChanges,
        step,
        slug: slugOfStepNumber(step),
        doNotSell: sendsGpc(request),
      };

      // Most steps: access check, update and history in one statement.
      if (!consent && step !== 16) {
        const updated = await updateLeadWithToken(db, cipher, { leadId: request.params.id, tokenHash }, update);
        return updated ? answer(reply, updated) : reply.code(404).send(NOT_FOUND);
      }

      // Steps that read the saved lead first (work phone) or add consent evidence with the update.
      const row = await accessibleLead(request, request.params.id);
      if (!row) return reply.code(404).send(NOT_FOUND);
      if (step === 16) {
        const conflict = workPhoneConflict(String(fields.workPhone), {
          cellPhone: row.cellPhone,
          phone: row.homePhone,
        });
        if (conflict) return badRequest(reply, { workPhone: conflict });
      }
      const updated = await updateLead(db, cipher, row.id, update, async (tx) => {
        if (consent) await recordConsent(tx, row.id, consent, visitor(request));
      });
      return updated ? answer(reply, updated) : reply.code(404).send(NOT_FOUND);
    },
  );

  // The e-mail-link entry (spec section 4, resume logic). Only a valid resume token issued for this
  // e-mail resumes a lead; anything else starts a fresh one, answered in the same shape.
  app.post(
    "/api/personal_loan/lead/v2/email-link",
    { config: leadsLimit, schema: { body: emailLinkSchema } },
    async (request, reply) => {
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
