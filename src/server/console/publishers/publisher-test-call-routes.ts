import type { FastifyInstance } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  PUBLISHER_TEST_MESSAGES,
  publisherTestAnswer,
  publisherTestRequest,
  type PublisherTestResult,
} from "../../../domain/contracts/console-publisher-test.ts";
import { failureAnswer } from "../../../domain/contracts/envelope.ts";
import { problemOf } from "../../../domain/contracts/publisher-api-problem.ts";
import type { Db } from "../../platform/db/database.ts";
import { outcomesOf } from "../../distribution/auction/auction-store.ts";
import {
  findCallingPublisher,
  PUBLISHER_API_BODY_LIMIT,
  PublisherApiError,
} from "../../partners/publisher-api/publisher-api-scope.ts";
import { actorOf } from "../access/console-access.ts";
import { recordAction } from "../audit/audit-log.ts";
import { outcomeRow } from "../leads/lead-timeline.ts";

// The publisher test console (docs/product/partners.md#the-test-console): a pasted body run through the publisher
// API's own post or ping as the publisher (app.publisherCalls), always with `test: true` so it is never sold, paid or
// counted, and answered with what the API would have answered, its HTTP status, and the lead's buyers' outcomes.
// Who may change a publisher may test it (partners:write); each test is in the audit log, without the body.

const params = z.object({ id: z.string().max(63) });
const NOT_FOUND = { status: 404, message: "No publisher with that id." };

/** The pasted text as the API's JSON body would be read: one object of fields, or why it is not one. */
function pastedObject(text: string): { fields: Record<string, unknown> } | { refused: string } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { refused: PUBLISHER_TEST_MESSAGES.notJson };
  }
  if (parsed === null || typeof parsed !== "object" || Array.isArray(parsed))
    return { refused: PUBLISHER_TEST_MESSAGES.notObject };
  return { fields: parsed as Record<string, unknown> };
}

type Answered = Pick<PublisherTestResult, "http_status" | "answer" | "retry_after_seconds">;

export default async function publisherTestCallRoutes(app: FastifyInstance, deps: { db: Db }) {
  const { db } = deps;
  app.withTypeProvider<ZodTypeProvider>().post(
    "/api/console/publishers/:id/test-call",
    {
      schema: {
        params,
        body: publisherTestRequest,
        response: { 200: publisherTestAnswer, 400: failureAnswer, 404: failureAnswer },
      },
      config: { access: "partners:write" },
    },
    async (request, reply) => {
      const caller = await findCallingPublisher(db, request.params.id);
      if (!caller) return reply.code(404).send(NOT_FOUND);
      const { kind } = request.body;
      const pasted = pastedObject(request.body.body);
      if ("refused" in pasted)
        return reply.code(400).send({ status: 400, message: pasted.refused, errors: { body: pasted.refused } });
      // Never a live lead, whatever the body says: a test is never sold, paid nor counted against a cap.
      const body = { ...pasted.fields, test: true };

      let answered: Answered;
      // What the API's scope refuses before its route runs, as it would (publisher-api-scope.ts).
      if (!caller.enabled) {
        answered = { http_status: 403, answer: problemOf("publisher_disabled"), retry_after_seconds: null };
      } else if (Buffer.byteLength(request.body.body, "utf8") > PUBLISHER_API_BODY_LIMIT) {
        answered = { http_status: 413, answer: problemOf("body_too_large"), retry_after_seconds: null };
      } else {
        try {
          const answer =
            kind === "post" ? await app.publisherCalls.post(caller, body) : await app.publisherCalls.ping(caller, body);
          answered = { http_status: answer.status === "pending" ? 202 : 200, answer, retry_after_seconds: null };
        } catch (error) {
          if (!(error instanceof PublisherApiError)) throw error;
          const { problem } = error;
          answered = {
            http_status: problem.status,
            answer: problem,
            retry_after_seconds: error.retryAfterSeconds ?? null,
          };
        }
      }

      const leadId = "lead_id" in answered.answer ? answered.answer.lead_id : null;
      const outcomes = leadId === null ? [] : (await outcomesOf(db, leadId)).map(outcomeRow);
      await recordAction(db, actorOf(request), {
        action: `publisher.test_${kind}`,
        target: caller.id,
        // The answer's status or code and the lead, never the body: it may hold a person's details.
        details: {
          http_status: answered.http_status,
          answer: "code" in answered.answer ? answered.answer.code : answered.answer.status,
          lead_id: leadId,
        },
      });
      return reply.send({
        status: 200,
        message: `The API would answer HTTP ${answered.http_status}.`,
        data: { ...answered, lead_id: leadId, outcomes },
      });
    },
  );
}
