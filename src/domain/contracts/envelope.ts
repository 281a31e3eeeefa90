import { z } from "zod";

// Every API answer has one shape (docs/decisions/0012-one-source.md): { status, message, data?, errors? }.
// `errors` maps a request field to the message the form shows beside it.

const fieldErrorsSchema = z.record(z.string(), z.string());

/** A successful answer carrying `data`. */
export function answerOf<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), message: z.string(), data });
}

/** Any failure: a message and, for bad input, the fields at fault. */
export const failureAnswer = z.object({
  status: z.number().int(),
  message: z.string(),
  errors: fieldErrorsSchema.optional(),
});
