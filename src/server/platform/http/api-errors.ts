import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";

/** Field path -> first message, e.g. { zipCode: "Zip code is required!" }. */
export function fieldErrors(issues: readonly { instancePath?: string; message?: string; params?: unknown }[]) {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const key = (issue.instancePath ?? "").replace(/^\//, "").replaceAll("/", ".") || "body";
    if (!(key in errors)) errors[key] = issue.message ?? "Invalid value";
  }
  return errors;
}

// Every API answer has one shape (docs/product/server-calls.md#server-contract): { status, message, data? , errors? }.
export function registerApiErrors(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({
        status: 400,
        message: "Please correct the highlighted fields.",
        errors: fieldErrors(error.validation),
      });
    }
    const status = error.statusCode && error.statusCode >= 400 && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) return answerServerError(error, request, reply);
    // Fastify's own 4xx messages (bad JSON, body too large) are safe to show; a 500's is not.
    return reply.code(status).send({ status, message: error.message });
  });
}

/** The answer to an error nobody expected: logged whole, answered without a word of it. */
export function answerServerError(error: unknown, request: FastifyRequest, reply: FastifyReply) {
  request.log.error({ err: error }, "unhandled error");
  return reply.code(500).send({ status: 500, message: "Something went wrong on our side. Please try again." });
}
