import {
  LEAD_STATUS,
  TRACKING_FIELDS,
  flagSet,
  leadSendAnswer,
  leadSendRequest,
  pingAnswer,
  pingQuery,
  redirectedAnswer,
  redirectedRequest,
  type LeadStatusData,
} from "#domain/contracts/lead-send.ts";
import { failureAnswer } from "#domain/contracts/envelope.ts";
import { VENDOR_EVIDENCE_KEYS } from "#domain/consent-vendors.ts";
import { keptVendorEvidence } from "../../intake/consent/vendor-evidence.ts";
import { encryptedColumn } from "../../intake/leads/lead-columns.ts";
import { isSensitiveField, type ServerField } from "#domain/fields/lead-fields.ts";
import { REQUIRED_FOR_SALE } from "#domain/fields/field-exposure.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { holdsLeadToken } from "../../intake/leads/lead-access.ts";
import type { LeadRow } from "../../intake/leads/lead-store.ts";
import { limitFor } from "../../platform/plugins/rate-limits.ts";
import { recordGpc } from "../../intake/leads/global-privacy-control.ts";
import { personHash } from "../../platform/security/person-hash.ts";
import type { PiiCipher } from "../../platform/security/pii-cipher.ts";
import { deviceIdOf } from "../../intake/leads/device-cookie.ts";
import { velocityHashes } from "../../screening/velocity/velocity-hashes.ts";
import { createAuction, findLeadAndAuction, markRedirected, type AuctionRow } from "./auction-store.ts";
import type { DecidedAuction } from "./decision-log.ts";
import type { AuctionDesk } from "./auction-desk.ts";

// POST /api/personal_loan/lead/send/v2, GET /api/ping/v2 and POST /api/personal_loan/lead/redirected/v2
// (docs/product/lender-network.md#calls). Each needs the lead's access cookie (docs/decisions/0008); a
// missing or foreign one answers like an unknown lead.

type RoutesOptions = {
  config: Config;
  db: Db;
  cipher: PiiCipher;
  tokenSecret: Buffer;
  /** The claim, start and wait of an auction (auction-desk.ts), shared with the publishers' posts. */
  desk: AuctionDesk;
};

const NOT_FOUND = { status: 404, message: "Lead not found" } as const;
const failures = { 400: failureAnswer, 404: failureAnswer };
/** Sent with the 503 a stopping process on the embedded database answers a send: it is back after a restart. */
const RETRY_AFTER_SECONDS = 5;

function statusOf(row: AuctionRow | DecidedAuction): LeadStatusData {
  if (row.status === "accepted") {
    return { status: LEAD_STATUS.accepted, lead_id: row.leadId, redirect_url: row.redirectUrl ?? undefined };
  }
  if (row.status === "rejected") {
    return { status: LEAD_STATUS.rejected, lead_id: row.leadId, rejectUrl: row.rejectUrl ?? "/reject-page" };
  }
  return { status: LEAD_STATUS.pending, lead_id: row.leadId };
}

/** The answers the lead lacks for a sale, by the submission's field names. */
function missingAnswers(row: LeadRow): Record<string, string> {
  const values = row as unknown as Record<string, unknown>;
  const missing: Record<string, string> = {};
  for (const [field, wireName] of Object.entries(REQUIRED_FOR_SALE) as [ServerField, string][]) {
    const column = isSensitiveField(field) ? encryptedColumn(field) : field;
    const value = values[column];
    if (value === null || value === undefined || value === "") missing[wireName] = "This answer is missing.";
  }
  return missing;
}

export default async function distributionRoutes(appBase: FastifyInstance, opts: RoutesOptions) {
  const app = appBase.withTypeProvider<ZodTypeProvider>();
  const { db, config } = opts;
  const stepsLimit = { rateLimit: limitFor(config, "steps") };

  /**
   * The lead when this request holds its token, and its auction when sent (read together: one round trip).
   * Like every lead request, one carrying Global Privacy Control is a do-not-sell request (docs/decisions/0008):
   * a send is then never offered to a buyer, and an auction still running stops before its next post
   * (docs/product/lender-network.md#suppression).
   */
  async function accessibleLead(
    request: FastifyRequest,
    id: string,
  ): Promise<{ lead: LeadRow; auction: AuctionRow | undefined } | undefined> {
    const found = await findLeadAndAuction(db, id);
    if (!found || !holdsLeadToken(request, found.lead.id, found.lead.accessTokenHash)) return undefined;
    return { lead: await recordGpc(db, request, found.lead), auction: found.auction };
  }

  const answer = (reply: FastifyReply, data: LeadStatusData) => reply.send({ status: 200, message: "ok", data });

  app.post(
    "/api/personal_loan/lead/send/v2",
    {
      config: stepsLimit,
      schema: { body: leadSendRequest, response: { 200: leadSendAnswer, ...failures, 503: failureAnswer } },
    },
    async (request, reply) => {
      const body = request.body;
      const found = await accessibleLead(request, body.lead_id);
      if (!found) return reply.code(404).send(NOT_FOUND);
      const { lead, auction: existing } = found;
      if (existing) return answer(reply, statusOf(existing)); // a second send starts no second auction
      // No other process would run it before the restart, and its time budget would run out waiting: the
      // client sends again (docs/decisions/0037-several-processes.md).
      if (opts.desk.refusesSends()) {
        return reply
          .code(503)
          .header("retry-after", String(RETRY_AFTER_SECONDS))
          .send({ status: 503, message: "The server is restarting. Please try again in a few seconds." });
      }

      // The saved lead is what is sold; the payload's answers do not override it.
      const missing = missingAnswers(lead);
      if (Object.keys(missing).length > 0) {
        return reply.code(400).send({ status: 400, message: "The application is missing answers.", errors: missing });
      }
      const vendorKeys: readonly string[] = VENDOR_EVIDENCE_KEYS;
      const attribution = {
        ...Object.fromEntries(
          TRACKING_FIELDS.flatMap((f) => (body[f] && !vendorKeys.includes(f) ? [[f, body[f] as string]] : [])),
        ),
        ...keptVendorEvidence(body, config.consentVendors),
      };
      const ssn = lead.ssn_encrypted ? opts.cipher.decrypt(lead.ssn_encrypted, `${lead.id}:ssn`) : null;
      const created = await createAuction(
        db,
        {
          leadId: lead.id,
          testMode: lead.test_mode || flagSet(body.testMode),
          attribution,
          submission: {
            productId: body.productId,
            consentEmailSms: body.consentEmailSms,
            consentToFcra: body.consentToFcra,
            testSold: flagSet(body.testSold),
            confirm_pii: body.confirm_pii ?? null,
          },
          emailHash: personHash(opts.tokenSecret, "email", lead.email),
          phoneHash: personHash(opts.tokenSecret, "phone", lead.cell_phone ?? lead.home_phone),
          ssnHash: personHash(opts.tokenSecret, "ssn", ssn),
          // What the gate's velocity check counts by (docs/product/screening.md#velocity).
          ...velocityHashes(opts.tokenSecret, { deviceId: deviceIdOf(request), ip: lead.user_ip ?? request.ip }),
          deadlineAt: new Date(Date.now() + config.distribution.auctionBudgetMs),
        },
        config.distribution.duplicateWindowDays,
        {
          // A stopping process runs nothing more at once: it queues the auction, unclaimed, for the others.
          claimAs: opts.desk.claimAs(),
          // Logged with the auction's creation, before it: a send whose log failed leaves no auction.
          read: ssn ? { leadId: lead.id, fields: ["ssn"], purpose: "duplicate check" } : undefined,
        },
      );
      await opts.desk.started(created, lead);
      return answer(reply, statusOf(created.row));
    },
  );

  app.get(
    "/api/ping/v2",
    { config: stepsLimit, schema: { querystring: pingQuery, response: { 200: pingAnswer, ...failures } } },
    async (request, reply) => {
      const found = await accessibleLead(request, request.query.lead_id);
      if (!found) return reply.code(404).send(NOT_FOUND);
      const sent = found.auction;
      if (!sent) return reply.code(404).send({ status: 404, message: "This application was not sent yet." });
      // Long poll: hold a pending answer up to PING_WAIT_MS, woken at once by the decision (auction-desk.ts); a
      // stopping process answers what it has, and the client asks again (of another process).
      const row = await opts.desk.decision(sent, Date.now() + config.distribution.pingWaitMs, request.raw);
      return answer(reply, statusOf(row));
    },
  );

  app.post(
    "/api/personal_loan/lead/redirected/v2",
    { config: stepsLimit, schema: { body: redirectedRequest, response: { 200: redirectedAnswer, ...failures } } },
    async (request, reply) => {
      const lead = (await accessibleLead(request, request.body.lead_id))?.lead;
      if (!lead) return reply.code(404).send(NOT_FOUND);
      const recorded = await markRedirected(db, lead.id);
      return reply.send({ status: 200, message: "ok", data: { lead_id: lead.id, recorded } });
    },
  );
}
