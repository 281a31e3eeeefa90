import { z } from "zod";
import { answerOf } from "./envelope.ts";
import { buyerReturnsAnswer, returnFiledAnswer, returnRequest } from "./partner-api.ts";

// The buyer portal's returns (docs/product/buyer-money.md#the-buyer-portal), as the buyer API takes them
// (docs/product/partners.md#returns): the same request, rules and answers; the list adds the terms in force.

export const portalReturnRequest = returnRequest;
export const portalReturnFiledAnswer = returnFiledAnswer;

export const portalReturnsAnswer = answerOf(
  buyerReturnsAnswer.shape.data.extend({
    terms: z.object({ window_days: z.number().int(), cap_percent: z.number().int() }),
  }),
);
export type PortalReturns = z.infer<typeof portalReturnsAnswer>["data"];
