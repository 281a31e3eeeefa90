import { z } from "zod";
import { buyerOutcomeRow } from "./console-leads.ts";
import { answerOf } from "./envelope.ts";
import { postedLeadAnswer } from "./publisher-api.ts";
import { publisherApiProblem } from "./publisher-api-problem.ts";
import { pingAnswer } from "./publisher-ping.ts";

// The console's test of a publisher's call (docs/product/partners.md#the-test-console): an operator pastes a body
// the publisher would send, and sees what the publisher API answers it, as that publisher, always as a test.

export const PUBLISHER_TEST_KINDS = ["post", "ping"] as const;
export type PublisherTestKind = (typeof PUBLISHER_TEST_KINDS)[number];

export const PUBLISHER_TEST_MESSAGES = {
  kind: "Choose a post or a ping.",
  empty: "Paste the body the publisher would send.",
  notJson: "The body is not valid JSON: paste the JSON object the publisher would send.",
  notObject: "Paste one JSON object of fields, not an array or a single value.",
  /** Far above the API's own limit (32 KiB), which the route answers as the API would. */
  tooLong: "The body is far too long for a lead: paste one lead's fields.",
} as const;

export const publisherTestRequest = z.object({
  kind: z.enum(PUBLISHER_TEST_KINDS, { message: PUBLISHER_TEST_MESSAGES.kind }),
  /** The pasted JSON text, parsed by the route: its refusals name this field. */
  body: z
    .string({ message: PUBLISHER_TEST_MESSAGES.empty })
    .trim()
    .min(1, PUBLISHER_TEST_MESSAGES.empty)
    .max(256 * 1024, PUBLISHER_TEST_MESSAGES.tooLong),
});

export const publisherTestAnswer = answerOf(
  z.object({
    /** The HTTP status the API would have answered with: 200 or 202 for an answer, the problem's own for a refusal. */
    http_status: z.number().int(),
    /** The API's body, as it would be sent. A post's answer first: it is the one with a lead id. */
    answer: z.union([postedLeadAnswer, pingAnswer, publisherApiProblem]),
    /** The API's Retry-After, in seconds, with a refusal that has one (a full cap, a restart). */
    retry_after_seconds: z.number().int().nullable(),
    /** The lead a post made (its page in the console), and every buyer's outcome in its auction so far. */
    lead_id: z.string().nullable(),
    outcomes: z.array(buyerOutcomeRow),
  }),
);
export type PublisherTestResult = z.infer<typeof publisherTestAnswer>["data"];
