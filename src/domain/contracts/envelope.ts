import { z } from "zod";

// Every API answer has one shape (docs/decisions/0012-one-source.md): { status, message, data?, errors? }.
// `errors` maps a request field to the message the form shows beside it.

const fieldErrorsSchema = z.record(z.string(), z.string());

/** A successful answer carrying `data`. */
export function answerOf<T extends z.ZodType>(data: T) {
  return z.object({ status: z.number().int(), message: z.string(), data });
}

/** A success that says no more than its message (signed out, marked done). */
export const messageAnswer = z.object({ status: z.number().int(), message: z.string() });

/** Any failure: a message and, for bad input, the fields at fault. */
export const failureAnswer = z.object({
  status: z.number().int(),
  message: z.string(),
  errors: fieldErrorsSchema.optional(),
});
