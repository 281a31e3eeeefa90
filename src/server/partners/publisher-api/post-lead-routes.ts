import type { EventEmitter } from "node:events";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { publisherApiProblem } from "#domain/contracts/publisher-api-problem.ts";
import {
  byFieldKind,
  POST_MESSAGES,
  POST_WAIT_MS,
  POSTED_FIELDS,
  postedLeadAnswer,
  postedLeadParams,
  postedLeadRequest,
  type PostedLead,
  type PostedLeadAnswer,
} from "#domain/contracts/publisher-api.ts";
import { pingIdField } from "#domain/contracts/publisher-ping.ts";
import { ageOn } from "#domain/age.ts";
import { postedFloorCents } from "#domain/partners/publisher.ts";
import { parseIsoDate } from "#domain/calendar-date.ts";
import { MESSAGES } from "#domain/messages.ts";
import { definedFields } from "#domain/defined-fields.ts";
import type { AuctionDesk } from "../../distribution/auction/auction-desk.ts";
import { findAuction } from "../../distribution/auction/auction-store.ts";
import { refusedPhones, settleWithSavedLead, settleZip } from "../../intake/leads/lead-checks.ts";
import type { LeadChanges, LeadKeys } from "../../intake/leads/lead-store.ts";
import { SERVER_RULES } from "../../intake/leads/us-today.ts";
import type { ZipDirectory } from "../../intake/lookups/zip-directory.ts";
import type { Config } from "../../platform/config/config.ts";
import type { Db } from "../../platform/db/database.ts";
import { createPostedLead, POSTED_SOURCE } from "./create-posted-lead.ts";
import { bodyHashOf, readIdempotencyKey } from "./idempotency-keys.ts";
import { postedAnswer } from "./posted-answer.ts";
import { postedConsentText } from "./posted-consent.ts";
import { PublisherApiError, rawBodyOf, type CallingPublisher } from "./publisher-api-scope.ts";

// POST /api/publisher/v1/leads and GET /api/publisher/v1/leads/:id (docs/decisions/0050-publisher-post-api.md):
// a publisher's whole application, checked by the funnel's rules, written whole with its consent and auction, and
// answered when its auction is decided or the publisher's wait is over.

export type PostLeadDeps = {
  config: Config;
  db: Db;
  keys: LeadKeys;
  desk: AuctionDesk;
  zips: ZipDirectory;
};

const problems = { 400: publisherApiProblem, 401: publisherApiProblem, 403: publisherApiProblem };

/** A zod failure as the API's field list: the first message of each field, by its wire name. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const keys =
      issue.code === "unrecognized_keys" ? issue.keys : [issue.path.length > 0 ? String(issue.path[0]) : "body"];
    for (const key of keys) {
      errors[key] ??= issue.code === "unrecognized_keys" ? POST_MESSAGES.unknownField : issue.message;
    }
  }
  return errors;
}

type Caller = CallingPublisher;

/** The calling publisher's payout rule, as payoutFor reads it. */
export const payoutRuleOf = (caller: Caller) => ({
  payout_kind: caller.payoutKind,
  payout_amount: caller.payoutAmount,
});

/** The calling publisher's terms for posted leads (docs/decisions/0052-posted-terms.md). */
export const postedTermsOf = (caller: Caller) => ({
  floorCents: postedFloorCents({
    ...payoutRuleOf(caller),
    posted_min_payout_cents: caller.postedMinPayoutCents,
    posted_min_margin_cents: caller.postedMinMarginCents,
  }),
  caps: {
    hourly: caller.postedCapHourly,
    daily: caller.postedCapDaily,
    monthly: caller.postedCapMonthly,
    timeZone: caller.timeZone,
  },
});

/** The age a posted birth date gives today, to match a ping's stated age. */
function ageToday(dob: unknown): number | undefined {
  const birth = typeof dob === "string" ? parseIsoDate(dob) : undefined;
  return birth ? ageOn(birth, new Date()) : undefined;
}

export const invalid = (errors: Record<string, string>) => new PublisherApiError("invalid_fields", { errors });

/** The lead's own fields of a post, as the funnel's store writes them. */
const leadChangesOf = (body: PostedLead): LeadChanges =>
  definedFields(body as Record<string, unknown>, POSTED_FIELDS) as LeadChanges;

/** What a post brings besides its body: its Idempotency-Key with the raw body it hashes, and the caller's hang-up. */
export type PostInput = {
  body: unknown;
  idempotency?: { key: string; rawBody: string };
  hangUp?: EventEmitter;
  /** When the post arrived (epoch ms): the publisher's wait counts from here, its checks and writes included. */
  received: number;
};

/** The rules of a direct post and of a post after a ping, with this server's TrustedForm certificate host. */
export function postRules(config: Config) {
  const certHost = config.consentVendors.trustedForm?.certHost;
  return {
    direct: postedLeadRequest(SERVER_RULES, { certHost }),
    afterPing: postedLeadRequest(SERVER_RULES, { certHost, extra: pingIdField }),
  };
}

/**
 * A whole application from `caller`, checked, written with its consent and auction, and answered with its decision;
 * a refusal is thrown (PublisherApiError). The publisher API's routes and the console's test of a post share it.
 */
export async function postLead(
  deps: PostLeadDeps,
  schema: ReturnType<typeof postRules>["direct"],
  caller: CallingPublisher,
  input: PostInput,
): Promise<PostedLeadAnswer> {
  const { config, db, desk } = deps;
  const publisher = { id: caller.id, aff_id: caller.affId };
  const parsed = schema.safeParse(byFieldKind(input.body as Record<string, unknown>));
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const body = parsed.data as PostedLead & { ping_id?: string };
  const changes = leadChangesOf(body);
  const checks = {
    ...settleZip(deps.zips, changes, MESSAGES.zipUnknown),
    ...settleWithSavedLead(changes, undefined),
    ...refusedPhones(changes),
  };
  if (Object.keys(checks).length > 0) throw invalid(checks);
  const consent = await postedConsentText(db, publisher.id, body);
  if ("problem" in consent) throw invalid(consent.problem);
  if (desk.refusesSends()) throw new PublisherApiError("unavailable", { retryAfterSeconds: 5 });

  const { idempotency } = input;
  const outcome = await createPostedLead(
    db,
    deps.keys,
    {
      publisher,
      body,
      changes,
      consent,
      idempotency: idempotency && { key: idempotency.key, bodyHash: bodyHashOf(idempotency.rawBody) },
      ...(body.ping_id ? { ping: { id: body.ping_id, ageToday: ageToday(changes.dob) } } : {}),
      terms: postedTermsOf(caller),
    },
    {
      budgetMs: config.distribution.auctionBudgetMs,
      duplicateWindowDays: config.distribution.duplicateWindowDays,
      claimAs: desk.claimAs(),
    },
  );
  if (outcome.kind === "reused") throw new PublisherApiError("idempotency_key_reused");
  if (outcome.kind === "refused") {
    const { code, errors, retryAfterSeconds } = outcome;
    throw new PublisherApiError(code, {
      ...(errors ? { errors } : {}),
      ...(retryAfterSeconds ? { retryAfterSeconds } : {}),
    });
  }
  let row;
  if (outcome.kind === "created") {
    await desk.started(outcome.created, outcome.lead);
    row = outcome.created.row;
  } else {
    row = await findAuction(db, outcome.leadId);
    if (!row) throw new Error("an idempotency key names a lead without its auction");
  }
  const test = outcome.kind === "created" ? body.test === true : row.testMode;
  const wait = body.timeout_ms ?? POST_WAIT_MS.default;
  const decided = await desk.decision(row, input.received + wait, input.hangUp);
  return postedAnswer(decided, test, payoutRuleOf(caller), config.publicBaseUrl);
}

export function postLeadRoutes(deps: PostLeadDeps) {
  const { config, db } = deps;
  const { direct: rules, afterPing } = postRules(config);
  const base = config.publicBaseUrl;

  const handle =
    (schema: typeof rules) =>
    async (request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply> => {
      const received = Date.now();
      const key = readIdempotencyKey(request);
      const answer = await postLead(deps, schema, request.publisher!, {
        body: request.body,
        idempotency: key === undefined ? undefined : { key, rawBody: rawBodyOf(request) ?? "" },
        hangUp: request.raw,
        received,
      });
      return reply.code(answer.status === "pending" ? 202 : 200).send(answer);
    };

  const postSchema = (description: string, body: typeof rules) => ({
    // The body is described by its contract but checked in the handler, after a form's text is read by each field's
    // kind (byFieldKind): Fastify's own check would see "3500" where the rule wants 3500.
    validatorCompiler: () => (data: unknown) => ({ value: data }),
    schema: {
      description,
      body,
      response: {
        200: postedLeadAnswer,
        202: postedLeadAnswer,
        ...problems,
        404: publisherApiProblem,
        409: publisherApiProblem,
        410: publisherApiProblem,
        413: publisherApiProblem,
        415: publisherApiProblem,
        422: publisherApiProblem,
        429: publisherApiProblem,
        503: publisherApiProblem,
      },
    },
  });

  return (app: FastifyInstance) => {
    app.post(
      "/api/publisher/v1/leads",
      postSchema(
        `A whole application, answered when its auction is decided or after timeout_ms (${POST_WAIT_MS.default} ms at most).`,
        rules,
      ),
      handle(rules),
    );
    app.post(
      "/api/publisher/v1/post",
      postSchema(
        "The whole application of a lead pinged before (its ping_id): posted to the buyers that bid on the ping, in turn.",
        afterPing,
      ),
      handle(afterPing),
    );

    app.get(
      "/api/publisher/v1/leads/:id",
      {
        schema: {
          description: "A posted lead's answer as it stands now: the status address of a pending post.",
          params: postedLeadParams,
          response: { 200: postedLeadAnswer, 202: postedLeadAnswer, ...problems, 404: publisherApiProblem },
        },
      },
      async (request, reply) => {
        const caller = request.publisher!;
        const row = await findAuction(db, (request.params as z.infer<typeof postedLeadParams>).id);
        const attribution = (row?.attribution ?? {}) as Record<string, string>;
        // Another publisher's lead, or one that came through the funnel, is not this publisher's to read.
        if (!row || attribution.aff_id !== caller.affId || attribution.utm_source !== POSTED_SOURCE) {
          throw new PublisherApiError("not_found", { message: "No lead of yours has this id." });
        }
        const answer = postedAnswer(row, row.testMode, payoutRuleOf(caller), base);
        return reply.code(answer.status === "pending" ? 202 : 200).send(answer);
      },
    );
  };
}
