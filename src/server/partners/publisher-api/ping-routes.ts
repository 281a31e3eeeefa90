import type { FastifyInstance } from "fastify";
import { publisherApiProblem } from "#domain/contracts/publisher-api-problem.ts";
import { byFieldKind, SUB_KEYS } from "#domain/contracts/publisher-api.ts";
import {
  PING_FIELDS,
  PING_WAIT_MS,
  pingAnswer,
  pingRequest,
  type PingAnswer,
} from "#domain/contracts/publisher-ping.ts";
import { MESSAGES } from "#domain/messages.ts";
import { definedFields } from "#domain/defined-fields.ts";
import { pingDocument } from "../../distribution/auction/lead-document.ts";
import { settleWithSavedLead, settleZip } from "../../intake/leads/lead-checks.ts";
import type { LeadChanges } from "../../intake/leads/lead-store.ts";
import { SERVER_RULES } from "../../intake/leads/us-today.ts";
import { attributionOf } from "./create-posted-lead.ts";
import { postedPayout } from "./posted-answer.ts";
import { fieldErrors, invalid, payoutRuleOf, postedTermsOf, type PostLeadDeps } from "./post-lead-routes.ts";
import { fullCaps } from "./posted-caps.ts";
import { insertPing } from "./publisher-pings.ts";
import { PublisherApiError, type CallingPublisher } from "./publisher-api-scope.ts";

// POST /api/publisher/v1/ping (docs/decisions/0051-publisher-ping-post.md): the lead's ping fields, checked by the
// funnel's rules, offered to every buyer they make eligible, and answered with the publisher's price and a ping id
// its post names.

/** The fields a post must repeat: the ping's lead fields as sent, its stated age and its tracking. */
const REPEATED = [...PING_FIELDS, "age", ...SUB_KEYS, "click_id"] as const;

const rules = pingRequest(SERVER_RULES);

/**
 * A ping from `caller`: checked, offered to every eligible buyer, written, and answered; a refusal is thrown
 * (PublisherApiError). The publisher API's route and the console's test of a ping share it.
 */
export async function pingLead(
  deps: PostLeadDeps,
  caller: CallingPublisher,
  input: { body: unknown; received: number },
): Promise<PingAnswer> {
  const { db, desk } = deps;
  const parsed = rules.safeParse(byFieldKind(input.body as Record<string, unknown>));
  if (!parsed.success) throw invalid(fieldErrors(parsed.error));
  const body = parsed.data;
  const sent = body as Record<string, unknown>;
  // The zip settles the state and city the buyers' filters read, as it does for a post.
  const changes = definedFields(sent, PING_FIELDS) as LeadChanges;
  const checks = {
    ...settleZip(deps.zips, changes, MESSAGES.zipUnknown),
    ...settleWithSavedLead(changes, undefined),
  };
  if (Object.keys(checks).length > 0) throw invalid(checks);
  if (desk.refusesSends()) throw new PublisherApiError("unavailable", { retryAfterSeconds: 5 });

  const test = body.test === true;
  // A ping while the caps are full could never be posted.
  const terms = postedTermsOf(caller);
  const full = test ? null : await fullCaps(db, caller.id, terms.caps, new Date());
  if (full) throw new PublisherApiError("cap_reached", { retryAfterSeconds: full.retryAfterSeconds });
  const attribution = attributionOf({ id: caller.id, aff_id: caller.affId }, body);
  const doc = pingDocument({ ...changes, ...(body.age === undefined ? {} : { age: body.age }) }, attribution);
  // Terms no price can meet leave nothing to ask the buyers.
  const pinged =
    terms.floorCents === null
      ? { offers: [], outcomes: [], calls: [] }
      : await desk.offers(doc, test, input.received + (body.timeout_ms ?? PING_WAIT_MS.default), terms.floorCents);
  const best = pinged.offers[0];
  const payout = best && !test ? (postedPayout(payoutRuleOf(caller), best.priceCents) ?? 0) : 0;
  const repeated = definedFields(sent, REPEATED) as Record<string, string | number>;
  const ping = await insertPing(db, {
    publisherId: caller.id,
    testMode: test,
    fields: repeated,
    preset: { offers: pinged.offers, outcomes: pinged.outcomes },
    calls: pinged.calls,
    payoutCents: best ? payout : null,
  });
  const answer: PingAnswer = best
    ? {
        status: "offered",
        ping_id: ping.id,
        payout_cents: payout,
        expires_at: ping.expiresAt.toISOString(),
        test,
      }
    : { status: "rejected", reason: "no_buyer", test };
  return answer;
}

export function pingRoutes(deps: PostLeadDeps) {
  return (app: FastifyInstance) => {
    app.post(
      "/api/publisher/v1/ping",
      {
        // Checked in the handler, after a form's text is read by each field's kind, as the post is.
        validatorCompiler: () => (data) => ({ value: data }),
        schema: {
          description: `A lead's ping fields, answered with the best price offered for it and a ping id, within timeout_ms (${PING_WAIT_MS.default} ms unless shorter).`,
          body: rules,
          response: {
            200: pingAnswer,
            400: publisherApiProblem,
            401: publisherApiProblem,
            403: publisherApiProblem,
            413: publisherApiProblem,
            415: publisherApiProblem,
            429: publisherApiProblem,
            503: publisherApiProblem,
          },
        },
      },
      async (request, reply) =>
        reply.send(await pingLead(deps, request.publisher!, { body: request.body, received: Date.now() })),
    );
  };
}
